import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../../tests/api/harness';
import { makeStore, type AppStore } from '../app/store';
import { selectAuthStatus } from '../features/auth/auth-slice';
import { appStarted } from '../lib/app-lifecycle';
import { createSupabaseClient, setSupabaseClient } from '../lib/supabase';

/** The browser's localStorage, which supabase-js and the app both use, for a Node test. */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  /** Everything stored, as one string to search for a value that must not be there. */
  dump(): string {
    return JSON.stringify([...this.items]);
  }
}

export interface EmbeddedBackend {
  readonly server: TestServer;
  /** This test's localStorage (a fresh one per test). */
  readonly storage: MemoryStorage;
  /** A fresh app start over the same device storage, as after a reload: a new supabase client. */
  connect(url?: string): Promise<SupabaseClient>;
  /** A new store after `connect()`, once the saved session (if any) has been read. */
  booted(): Promise<AppStore>;
}

/**
 * The app's own store and supabase client against a real embedded server, one per test file;
 * every test starts with an empty localStorage.
 */
export function withEmbeddedBackend(
  overrides: Parameters<typeof startTestServer>[0] = {},
): EmbeddedBackend {
  let server: TestServer | undefined;
  let storage: MemoryStorage | undefined;

  beforeAll(async () => {
    server = await startTestServer(overrides);
  }, 120_000);

  afterAll(async () => {
    setSupabaseClient(undefined);
    await server?.close();
  });

  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const backend: EmbeddedBackend = {
    get server() {
      if (!server) throw new Error('the embedded server is not started yet');
      return server;
    },
    get storage() {
      if (!storage) throw new Error('localStorage is set up per test');
      return storage;
    },
    async connect(url = backend.server.url) {
      const client = await createSupabaseClient(
        { url, anonKey: backend.server.keys.anonKey },
        { realtimeTransport: WebSocket as unknown as typeof globalThis.WebSocket },
      );
      setSupabaseClient(client);
      return client;
    },
    async booted() {
      const store = makeStore();
      store.dispatch(appStarted());
      await vi.waitFor(() => expect(selectAuthStatus(store.getState())).not.toBe('loading'), {
        timeout: 10_000,
      });
      return store;
    },
  };
  return backend;
}
