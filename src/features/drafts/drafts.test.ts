import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { openAppDb, setAppDb, type AppDb } from '../../lib/db';
import { syncRowsChanged } from '../../lib/sync/events';
import { makeDraftRecord } from '../../testing/factories';
import { authReducer, sessionEnded, signedIn } from '../auth';
import {
  deleteDraft,
  draftDeleted,
  draftSaved,
  draftsLoaded,
  draftsReducer,
  initialDraftsState,
  DRAFTS_READ_PAGE,
  loadDrafts,
  loadDraftsOnce,
  markDraftScheduled,
  saveDraft,
  selectAllDrafts,
  selectDraftById,
  type Draft,
} from '.';

const draft = (id: string, updatedAt: string, over: Partial<Draft> = {}): Draft =>
  makeDraftRecord({ id, content: `content of ${id}`, updatedAt, ...over });

describe('drafts reducer', () => {
  const loaded = draftsReducer(
    initialDraftsState,
    draftsLoaded({
      userId: 'u1',
      drafts: [
        draft('a', '2026-01-01T00:00:00.000Z'),
        draft('b', '2026-03-01T00:00:00.000Z'),
        draft('c', '2026-02-01T00:00:00.000Z'),
        draft('x', '2026-04-01T00:00:00.000Z', { userId: 'u2' }),
      ],
    }),
  );
  const root = (drafts: typeof loaded) => ({ drafts });

  it('loads one user’s drafts, newest first', () => {
    expect(selectAllDrafts(root(loaded)).map((d) => d.id)).toEqual(['b', 'c', 'a']);
    expect(loaded.userId).toBe('u1');
    expect(loaded.loaded).toBe(true);
  });

  it('moves a saved draft to the top and ignores another user’s', () => {
    let state = draftsReducer(
      loaded,
      draftSaved(draft('a', '2026-05-01T00:00:00.000Z', { content: 'new' })),
    );
    state = draftsReducer(
      state,
      draftSaved(draft('y', '2026-06-01T00:00:00.000Z', { userId: 'u2' })),
    );
    expect(selectAllDrafts(root(state)).map((d) => d.id)).toEqual(['a', 'b', 'c']);
    expect(selectDraftById(root(state), 'a')?.content).toBe('new');
  });

  it('applies rows from sync and deletions', () => {
    let state = draftsReducer(
      loaded,
      syncRowsChanged({
        entity: 'post_drafts',
        upserted: [
          draft('d', '2026-07-01T00:00:00.000Z', { version: 1 }),
          draft('z', '2026-08-01T00:00:00.000Z', { userId: 'u2' }),
        ],
        removed: ['c'],
      }),
    );
    state = draftsReducer(
      state,
      syncRowsChanged({
        entity: 'onboarding_data',
        upserted: [draft('o', '2026-09-01T00:00:00.000Z')],
        removed: ['a'],
      }),
    );
    state = draftsReducer(state, draftDeleted({ id: 'b' }));
    expect(selectAllDrafts(root(state)).map((d) => d.id)).toEqual(['d', 'a']);
  });

  it('forgets everything when the session ends', () => {
    expect(draftsReducer(loaded, sessionEnded())).toEqual(initialDraftsState);
  });
});

// The drafts slice in a real Redux store; the whole app store: features/sync/sync-store.test.ts.
function makeStore({ signedInAs = 'u1' }: { signedInAs?: string | null } = {}) {
  const store = configureStore({ reducer: { auth: authReducer, drafts: draftsReducer } });
  if (signedInAs)
    store.dispatch(signedIn({ id: signedInAs, email: '', firstName: '', lastName: '' }));
  return store;
}

describe('saveDraft / deleteDraft with a store and IndexedDB', () => {
  let db: AppDb;
  let name: string;

  beforeEach(() => {
    name = `drafts-test-${crypto.randomUUID()}`;
    db = openAppDb(name);
    setAppDb(db);
  });

  afterEach(async () => {
    setAppDb(undefined);
    db.close();
    await Dexie.delete(name);
  });

  it('refuses to save or delete while nobody is signed in', async () => {
    const store = makeStore({ signedInAs: null });
    await expect(
      store.dispatch(
        saveDraft({ content: 'A perfectly fine post', platforms: ['twitter'], postType: 'text' }),
      ),
    ).rejects.toThrow('Sign in');
    await expect(store.dispatch(deleteDraft('some-draft'))).rejects.toThrow('Sign in');
    expect(await db.outbox.count()).toBe(0);
  });

  it('saves, edits and marks scheduled from the device, without the drafts read into the store', async () => {
    const store = makeStore();
    const saved = await store.dispatch(
      saveDraft({ content: 'Fresh rye on Friday', platforms: ['facebook'], postType: 'text' }),
    );
    const edited = await store.dispatch(saveDraft({ ...saved, content: 'Fresh rye on Saturday' }));
    // The edit is of the stored row: its creation time stays.
    expect(edited.createdAt).toBe(saved.createdAt);
    await store.dispatch(markDraftScheduled(saved.id, '2026-12-05T09:00:00.000Z'));
    expect(await db.drafts.get(saved.id)).toMatchObject({
      content: 'Fresh rye on Saturday',
      status: 'scheduled',
      scheduledFor: '2026-12-05T09:00:00.000Z',
    });
    // Nobody asked for the drafts: the store holds none of them.
    expect(store.getState().drafts.userId).toBeNull();
    expect(selectAllDrafts(store.getState())).toEqual([]);
    // Another user's draft is not theirs to mark.
    const other = makeStore({ signedInAs: 'u2' });
    await other.dispatch(markDraftScheduled(saved.id, '2027-01-01T09:00:00.000Z'));
    expect((await db.drafts.get(saved.id))?.scheduledFor).toBe('2026-12-05T09:00:00.000Z');
  });

  it('marks a read under way, so a second screen does not start another, and follows the sync after it', async () => {
    await db.drafts.put(draft('a', '2026-01-01T00:00:00.000Z', { userId: 'u1' }));
    const store = makeStore();
    const loading = store.dispatch(loadDrafts('u1'));
    expect(store.getState().drafts).toMatchObject({ userId: 'u1', loaded: false });
    await loading;
    expect(store.getState().drafts.loaded).toBe(true);
    store.dispatch(
      syncRowsChanged({
        entity: 'post_drafts',
        upserted: [draft('b', '2026-01-02T00:00:00.000Z', { userId: 'u1' })],
        removed: [],
      }),
    );
    expect(selectAllDrafts(store.getState()).map((d) => d.id)).toEqual(['b', 'a']);
  });

  it('reads the drafts once when the screens and the sync ask together, and each waits for them', async () => {
    await db.drafts.put(draft('a', '2026-01-01T00:00:00.000Z', { userId: 'u1' }));
    // Each read starts with the first page of the table.
    const reads = vi.spyOn(db.drafts, 'toCollection');
    const store = makeStore();
    // The dashboard's two lists and the sync's first read, in one commit.
    const asked = [
      store.dispatch(loadDraftsOnce('u1')),
      store.dispatch(loadDraftsOnce('u1')),
      store.dispatch(loadDraftsOnce('u1', db)),
    ];
    expect(store.getState().drafts).toMatchObject({ userId: 'u1', loaded: false });
    for (const each of asked) {
      await each;
      // Whoever started the read, each asker resumes with the drafts in.
      expect(selectAllDrafts(store.getState()).map((d) => d.id)).toEqual(['a']);
    }
    expect(reads).toHaveBeenCalledTimes(1);
    // In: asking again reads nothing.
    await store.dispatch(loadDraftsOnce('u1'));
    expect(reads).toHaveBeenCalledTimes(1);
    // Another user's drafts, or the same user's after the session ended, are read anew.
    store.dispatch(sessionEnded());
    store.dispatch(signedIn({ id: 'u1', email: '', firstName: '', lastName: '' }));
    await store.dispatch(loadDraftsOnce('u1'));
    expect(reads).toHaveBeenCalledTimes(2);
    expect(selectAllDrafts(store.getState()).map((d) => d.id)).toEqual(['a']);
  });

  it('reads a device’s many drafts a page at a time, and keeps what is written meanwhile', async () => {
    const id = (i: number) => `m${String(i).padStart(5, '0')}`;
    const mine = Array.from({ length: DRAFTS_READ_PAGE * 2 + 1 }, (_, i) =>
      draft(id(i), new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), { userId: 'u1' }),
    );
    // Another user's rows come after them by id: the third and fourth pages.
    const theirs = Array.from({ length: DRAFTS_READ_PAGE }, (_, i) =>
      draft(`t${i}`, '2026-02-01T00:00:00.000Z', { userId: 'u2' }),
    );
    await db.drafts.bulkPut([...mine, ...theirs]);
    // Once the first page is read, the sync engine edits one of its rows, deletes another and one
    // of the third page, and announces them once committed, while the read goes on.
    const edited = draft(id(0), '2027-01-01T00:00:00.000Z', { userId: 'u1', content: 'edited' });
    const store = makeStore();
    let announced: Promise<void> | undefined;
    const nextPage = db.drafts.where.bind(db.drafts);
    const pages = vi.spyOn(db.drafts, 'where').mockImplementation(((index: string) => {
      announced ??= db
        .transaction('rw', db.drafts, async () => {
          await db.drafts.put(edited);
          await db.drafts.bulkDelete([id(1), id(DRAFTS_READ_PAGE * 2)]);
        })
        .then(() => {
          expect(store.getState().drafts.loaded).toBe(false);
          store.dispatch(
            syncRowsChanged({
              entity: 'post_drafts',
              upserted: [edited],
              removed: [id(1), id(DRAFTS_READ_PAGE * 2)],
            }),
          );
        });
      return nextPage(index);
    }) as never);

    const read = await store.dispatch(loadDrafts('u1', db));
    await announced;
    // Four pages of the whole table: the first, then three from the last id read.
    expect(pages).toHaveBeenCalledTimes(3);
    // The first page was read before the write, the third after it.
    expect(read.find((d) => d.id === id(0))?.content).toBe('content of m00000');
    expect(read.some((d) => d.id === id(1))).toBe(true);
    expect(read.some((d) => d.id === id(DRAFTS_READ_PAGE * 2))).toBe(false);
    expect(read.every((d) => d.userId === 'u1' && Object.isFrozen(d))).toBe(true);
    // The store shows the device as it is now.
    const shown = selectAllDrafts(store.getState());
    expect(shown).toHaveLength(mine.length - 2);
    expect(shown[0]).toEqual(edited);
    expect(shown.map((d) => d.id)).not.toContain(id(1));
    expect(shown[1]!.id).toBe(id(DRAFTS_READ_PAGE * 2 - 1));
    expect(store.getState().drafts).toMatchObject({ loaded: true, removedWhileLoading: [] });
  });

  it('writes the row and its outbox entry, shows the draft at once, and survives a reload', async () => {
    const store = makeStore();
    await store.dispatch(loadDrafts('u1'));
    const saved = await store.dispatch(
      saveDraft({
        content: 'Spring sale starts Monday!',
        platforms: ['facebook', 'instagram'],
        postType: 'image',
        prompt: 'promo',
      }),
    );
    expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(selectAllDrafts(store.getState())).toEqual([saved]);
    expect(await db.drafts.get(saved.id)).toEqual(saved);
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ entityId: saved.id, op: 'upsert', state: 'pending', userId: 'u1' }),
    ]);

    const edited = await store.dispatch(
      saveDraft({ ...saved, content: 'Spring sale starts Tuesday!' }),
    );
    expect(edited.createdAt).toBe(saved.createdAt);
    expect(await db.outbox.count()).toBe(1);

    // A reload: a new store and a new connection to the same database.
    const reopened = openAppDb(name);
    setAppDb(reopened);
    const after = makeStore();
    await after.dispatch(loadDrafts('u1'));
    expect(selectAllDrafts(after.getState()).map((d) => d.content)).toEqual([
      'Spring sale starts Tuesday!',
    ]);
    expect((await reopened.outbox.toArray())[0]?.data).toMatchObject({
      content: 'Spring sale starts Tuesday!',
    });
    reopened.close();
  });

  it('deletes locally and queues nothing for a draft the server never had', async () => {
    const store = makeStore();
    await store.dispatch(loadDrafts('u1'));
    const saved = await store.dispatch(
      saveDraft({ content: 'Short-lived idea here', platforms: ['linkedin'], postType: 'text' }),
    );
    await store.dispatch(deleteDraft(saved.id));
    expect(selectAllDrafts(store.getState())).toEqual([]);
    expect(await db.drafts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps saves fast: 200 saves well under a frame each on average', async () => {
    const store = makeStore();
    await store.dispatch(loadDrafts('u1'));
    const started = performance.now();
    for (let i = 0; i < 200; i++) {
      await store.dispatch(
        saveDraft({
          content: `Draft number ${i} for the shop`,
          platforms: ['facebook'],
          postType: 'text',
        }),
      );
    }
    const perSave = (performance.now() - started) / 200;
    expect(selectAllDrafts(store.getState())).toHaveLength(200);
    expect(await db.outbox.count()).toBe(200);
    expect(perSave).toBeLessThan(16);
  });
});
