import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import type { UnknownAction } from '@reduxjs/toolkit';
import {
  FAKE_FACEBOOK_APP,
  FAKE_LINKEDIN_APP,
  startFakeSocial,
  type FakeSocial,
} from '../../tests/support/fake-social';
import { uniqueEmail } from '../../tests/api/harness';
import { listenerMiddleware } from '../app/listener-middleware';
import { makeStore, type AppStore } from '../app/store';
import { getAppDb } from '../lib/db';
import { withEmbeddedBackend, type EmbeddedBackend } from './embedded-backend';
import { selectCurrentUser, signUp } from '../features/auth';

export { FAKE_FACEBOOK_APP, FAKE_LINKEDIN_APP };

/**
 * jsdom swaps in its own Uint8Array and ArrayBuffer, which the embedded server's crypto and
 * database code in this same process reject: a component test that runs the server gets Node's
 * back (MUI and React do not use them).
 */
export function stubNodeBinaryGlobals(): void {
  const nodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as typeof Uint8Array;
  const nodeArrayBuffer = Buffer.alloc(1).buffer.constructor as typeof ArrayBuffer;
  const stub = () => {
    vi.stubGlobal('Uint8Array', nodeUint8Array);
    vi.stubGlobal('ArrayBuffer', nodeArrayBuffer);
  };
  // Again before each test: the embedded backend's afterEach unstubs every global.
  beforeAll(stub);
  beforeEach(stub);
}

export interface SocialBackend {
  backend: EmbeddedBackend;
  readonly fake: FakeSocial;
}

/**
 * The embedded server with its Facebook and LinkedIn endpoints on the loopback fake, one per test
 * file. The fake starts first, so the server is configured with its address.
 */
export function withSocialBackend(): SocialBackend {
  if (typeof document !== 'undefined') stubNodeBinaryGlobals();
  let fake: FakeSocial | undefined;
  const overrides: Parameters<typeof withEmbeddedBackend>[0] = {};
  beforeAll(async () => {
    fake = await startFakeSocial();
    overrides.social = fake.endpoints;
  }, 30_000);
  const backend = withEmbeddedBackend(overrides);
  afterAll(async () => {
    await fake?.close();
  });
  return {
    backend,
    get fake() {
      if (!fake) throw new Error('the fake platforms are not started yet');
      return fake;
    },
  };
}

/** A fresh store signed in as a new user of the embedded server. */
export async function signedUpStore(name = 'Ada'): Promise<{ store: AppStore; userId: string }> {
  const store = makeStore();
  await store
    .dispatch(
      signUp({
        firstName: name,
        lastName: 'Tester',
        email: uniqueEmail(name.toLowerCase()),
        password: 'bloom-Secret-1',
      }),
    )
    .unwrap();
  const userId = selectCurrentUser(store.getState())!.id;
  return { store, userId };
}

/** Every action any store dispatches from now on, until `stop()`. */
export function recordActions() {
  const actions: UnknownAction[] = [];
  const stop = listenerMiddleware.startListening({
    predicate: () => true,
    effect: (action) => {
      actions.push(action);
    },
  });
  return { actions, stop, dump: () => JSON.stringify(actions) };
}

/** This device's IndexedDB (every table, the persisted slices' kv included) as one string. */
export async function indexedDbDump(): Promise<string> {
  const db = getAppDb();
  const tables = await Promise.all(db.tables.map((table) => table.toArray()));
  return JSON.stringify(tables);
}

/** Waits until `check` passes, with the slower pace a busy machine needs. */
export function eventually(check: () => void | Promise<void>, timeout = 10_000) {
  return vi.waitFor(check, { timeout, interval: 50 });
}
