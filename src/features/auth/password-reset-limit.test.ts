import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, uniqueEmail, type TestServer } from '../../../tests/api/harness';
// eslint-disable-next-line import-x/no-restricted-paths -- tests run the app's own store
import { makeStore } from '../../app/store';
import { createSupabaseClient, setSupabaseClient } from '../../lib/supabase';
import { authMessages, mapPasswordResetError } from './auth-errors';
import { requestPasswordReset, signUp } from './auth-thunks';

/** The browser's localStorage, which supabase-js uses, for a Node test. */
function memoryLocalStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const WAIT_TEXT = /^For security purposes, you can only request this after \d+ seconds?\.$/;
const redirectTo = 'http://127.0.0.1/dashboard';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);

afterAll(async () => {
  setSupabaseClient(undefined);
  await server?.close();
});

beforeEach(async () => {
  vi.stubGlobal('localStorage', memoryLocalStorage());
  setSupabaseClient(
    await createSupabaseClient(
      { url: server.url, anonKey: server.keys.anonKey },
      { realtimeTransport: WebSocket as unknown as typeof globalThis.WebSocket },
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a second password reset request within a minute', () => {
  it("shows the server's reason, for an account and for an unknown address alike", async () => {
    const store = makeStore();
    const email = uniqueEmail('reset');
    await store
      .dispatch(
        signUp({ firstName: 'Grace', lastName: 'Hopper', email, password: 'bloom-Secret-1' }),
      )
      .unwrap();
    const unknown = uniqueEmail('nobody');

    for (const address of [email, unknown]) {
      await store.dispatch(requestPasswordReset({ email: address, redirectTo })).unwrap();
      const again = store.dispatch(requestPasswordReset({ email: address, redirectTo })).unwrap();
      await expect(again).rejects.toMatch(WAIT_TEXT);
    }
  });
});

describe('mapPasswordResetError', () => {
  it("keeps the spec's text for anything but a 429", () => {
    expect(mapPasswordResetError({ status: 500, message: 'Internal error' })).toBe(
      authMessages.passwordResetFailed,
    );
    expect(mapPasswordResetError({ status: 429, message: '' })).toBe('Password reset failed');
    expect(mapPasswordResetError(new Error('offline'))).toBe('Password reset failed');
    expect(mapPasswordResetError({ status: 429, message: 'Request rate limit reached' })).toBe(
      'Request rate limit reached',
    );
  });
});
