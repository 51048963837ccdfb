import { Dexie } from 'dexie';
import { persistStore } from 'redux-persist';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore, type AppStore } from '../../app/store';
import { openAppDb, setAppDb, type AppDb } from '../../lib/db';
import type { SyncTransport } from '../../lib/sync/transport';
import { MemorySyncServer, networkDown } from '../../testing/memory-sync-server';
import { sessionEnded, signedIn } from '../auth';
import { loadDrafts, saveDraft, selectAllDrafts } from '../drafts';
import {
  connectivityChanged,
  selectLocalReady,
  selectParkedEntries,
  selectSyncIndicator,
  setSyncRuntime,
  stopSync,
  syncDiscardRequested,
  syncRetryRequested,
  windowFocused,
  pullRequested,
} from '.';

const ALICE = { id: 'alice-id', email: 'alice@example.com', firstName: 'Alice', lastName: 'Bloom' };
const BOB = { id: 'bob-id', email: 'bob@example.com', firstName: 'Bob', lastName: 'Stone' };

let db: AppDb;
let dbName: string;
let server: MemorySyncServer;
let transportsFor: string[];
let hold: { push: boolean };
const stores: AppStore[] = [];

beforeEach(() => {
  dbName = `sync-feature-${crypto.randomUUID()}`;
  db = openAppDb(dbName);
  setAppDb(db);
  server = new MemorySyncServer();
  transportsFor = [];
  hold = { push: false };
  setSyncRuntime({
    db: () => db,
    createTransport: async (userId): Promise<SyncTransport> => {
      transportsFor.push(userId);
      return server.transport(userId, {
        beforePush: async () => {
          if (hold.push) throw networkDown();
        },
      });
    },
    engineOptions: { locks: null, channel: null, pollMs: 50, backoff: { baseMs: 5, capMs: 20 } },
    window: null,
  });
});

afterEach(async () => {
  for (const store of stores.splice(0)) await stopSync(store.getState);
  setSyncRuntime(undefined);
  setAppDb(undefined);
  db.close();
  await Dexie.delete(dbName);
});

async function bootedStore(): Promise<AppStore> {
  const store = makeStore();
  stores.push(store);
  await new Promise<void>((resolve) => persistStore(store, null, resolve));
  return store;
}

// appStarted is not dispatched: the auth feature would try to reach a backend. Sign-in is
// dispatched directly and the browser events are dispatched as actions.
const text = (store: AppStore) => selectSyncIndicator(store.getState());

describe('sync listeners', () => {
  it('does not start before rehydration, then pushes what was saved offline once back online', async () => {
    const store = makeStore();
    stores.push(store);
    store.dispatch(signedIn(ALICE));
    await new Promise((r) => setTimeout(r, 30));
    expect(transportsFor).toEqual([]);
    expect(selectLocalReady(store.getState())).toBe(false);

    await new Promise<void>((resolve) => persistStore(store, null, resolve));
    await vi.waitFor(() => expect(selectLocalReady(store.getState())).toBe(true));
    await vi.waitFor(() => expect(transportsFor).toEqual([ALICE.id]));
    // As a screen that shows drafts asks (useDeviceDrafts).
    await store.dispatch(loadDrafts(ALICE.id, db));

    store.dispatch(connectivityChanged({ online: false }));
    const saved = await store.dispatch(
      saveDraft({ content: 'Written on the train', platforms: ['facebook'], postType: 'text' }),
    );
    await vi.waitFor(() => expect(text(store)).toEqual({ kind: 'offline', waiting: 1 }));
    expect(server.rows.size).toBe(0);

    store.dispatch(connectivityChanged({ online: true }));
    await vi.waitFor(() => expect(text(store)).toEqual({ kind: 'synced' }));
    expect(server.rows.get(saved.id)).toMatchObject({
      content: 'Written on the train',
      version: 1,
    });
    expect(selectAllDrafts(store.getState())[0]).toMatchObject({ id: saved.id, version: 1 });
  });

  it('counts changes waiting while the server is unreachable, and delivers them later', async () => {
    const store = await bootedStore();
    store.dispatch(signedIn(ALICE));
    await vi.waitFor(() => expect(transportsFor).toHaveLength(1));
    hold.push = true;
    for (const content of ['first idea for a post', 'second idea for a post']) {
      await store.dispatch(saveDraft({ content, platforms: ['twitter'], postType: 'text' }));
    }
    await vi.waitFor(() => expect(text(store)).toEqual({ kind: 'waiting', waiting: 2 }));
    expect(store.getState().sync.lastError).toMatchObject({ kind: 'retry' });
    hold.push = false;
    await vi.waitFor(() => expect(text(store)).toEqual({ kind: 'synced' }));
    expect(server.rows.size).toBe(2);
  });

  it.each([
    ['on window focus', windowFocused],
    ['when a feature asks for one', pullRequested],
  ])('pulls %s', async (_when, action) => {
    const store = await bootedStore();
    store.dispatch(signedIn(ALICE));
    await vi.waitFor(() => expect(transportsFor).toHaveLength(1));
    await vi.waitFor(() => expect(store.getState().sync.lastSyncedAt).not.toBeNull());
    await store.dispatch(loadDrafts(ALICE.id, db));
    const id = crypto.randomUUID();
    server.apply(ALICE.id, {
      mutation_id: crypto.randomUUID(),
      entity: 'post_drafts',
      op: 'upsert',
      id,
      base_version: null,
      data: { content: 'from the laptop' },
    });
    store.dispatch(action());
    await vi.waitFor(() =>
      expect(selectAllDrafts(store.getState()).map((d) => d.content)).toEqual(['from the laptop']),
    );
  });

  it('shows refused writes, and retries or discards them on request', async () => {
    const store = await bootedStore();
    store.dispatch(signedIn(ALICE));
    await vi.waitFor(() => expect(transportsFor).toHaveLength(1));
    await store.dispatch(loadDrafts(ALICE.id, db));
    const bad = await store.dispatch(
      saveDraft({
        content: 'Not a real platform',
        platforms: ['myspace' as 'facebook'],
        postType: 'text',
      }),
    );
    await vi.waitFor(() => expect(text(store)).toMatchObject({ kind: 'error', parked: 1 }));
    expect(selectAllDrafts(store.getState()).map((d) => d.id)).toEqual([bad.id]);
    const [parked] = selectParkedEntries(store.getState());
    expect(parked).toMatchObject({ entityId: bad.id, op: 'upsert', error: { code: '23514' } });

    store.dispatch(syncRetryRequested({ seqs: [parked!.seq] }));
    await vi.waitFor(() =>
      expect(server.pushes.flat().filter((m) => m.id === bad.id)).toHaveLength(2),
    );
    await vi.waitFor(() => expect(text(store)).toMatchObject({ kind: 'error', parked: 1 }));

    store.dispatch(syncDiscardRequested({ seqs: [selectParkedEntries(store.getState())[0]!.seq] }));
    await vi.waitFor(() => expect(text(store)).toEqual({ kind: 'synced' }));
    // It never reached the server, so discarding it removes it from this device too.
    expect(selectAllDrafts(store.getState())).toEqual([]);
    expect(await db.drafts.count()).toBe(0);
  });

  it('stops on sign-out, keeps the pending write, and never pushes it with another user’s session', async () => {
    const store = await bootedStore();
    store.dispatch(signedIn(ALICE));
    await vi.waitFor(() => expect(transportsFor).toEqual([ALICE.id]));
    hold.push = true;
    await store.dispatch(
      saveDraft({ content: 'Alice’s unsent draft', platforms: ['facebook'], postType: 'text' }),
    );
    store.dispatch(sessionEnded());
    expect(selectAllDrafts(store.getState())).toEqual([]);

    store.dispatch(signedIn(BOB));
    await vi.waitFor(() => expect(transportsFor).toEqual([ALICE.id, BOB.id]));
    await vi.waitFor(() => expect(store.getState().sync.lastSyncedAt).not.toBeNull());
    hold.push = false;
    store.dispatch(connectivityChanged({ online: false }));
    store.dispatch(connectivityChanged({ online: true }));
    await new Promise((r) => setTimeout(r, 100));
    expect(selectAllDrafts(store.getState())).toEqual([]);
    expect(server.rows.size).toBe(0);
    expect(text(store)).toEqual({ kind: 'synced' });
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ userId: ALICE.id, state: 'pending' }),
    ]);

    store.dispatch(sessionEnded());
    store.dispatch(signedIn(ALICE));
    await vi.waitFor(() =>
      expect([...server.rows.values()].map((r) => r.content)).toEqual(['Alice’s unsent draft']),
    );
    expect(server.rows.values().next().value?.user_id).toBe(ALICE.id);
  });
});
