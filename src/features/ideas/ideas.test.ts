import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { openAppDb, setAppDb, type AppDb, type ContentIdeaRecord } from '../../lib/db';
import { syncRowsChanged } from '../../lib/sync/events';
import { sessionEnded } from '../auth';
import {
  clampScore,
  contentIdeasEntity,
  ideasLoaded,
  ideasReducer,
  importSavedSampleIdeas,
  initialIdeasState,
  loadContentIdeas,
  loadContentIdeasOnce,
  newestBatch,
  sampleIdeaId,
  savedIdeas,
  selectAllIdeas,
  setIdeaSaved,
  setSampleIdeaSaved,
  storeGeneratedIdeas,
  type IdeaInput,
} from '.';

const USER = '5b0c2f1e-8d3a-4e6b-9c7d-1a2b3c4d5e6f';
const OTHER = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';

function record(id: string, over: Partial<ContentIdeaRecord> = {}): ContentIdeaRecord {
  return {
    id,
    userId: USER,
    title: `Idea ${id}`,
    description: `About ${id}`,
    type: 'ai-generated',
    score: 80,
    saved: false,
    savedAt: null,
    batchId: 'batch-1',
    sampleKey: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    version: null,
    ...over,
  };
}

describe('contentIdeasEntity: the device record and the server row', () => {
  const row = {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    user_id: USER,
    title: 'Holiday gift guide',
    description: 'Five gifts under $25 from the shop.',
    type: 'trending',
    score: 91,
    saved: true,
    saved_at: '2026-11-21T08:30:00+00:00',
    batch_id: 'a1b2c3d4-0000-4000-8000-0000000000b1',
    sample_key: null,
    version: 3,
    last_mutation_id: 'a1b2c3d4-0000-4000-8000-0000000000f1',
    created_at: '2026-11-20T10:00:00+00:00',
    updated_at: '2026-11-21T08:30:00+00:00',
    deleted_at: null,
  };

  it('reads a pulled row and writes back the columns a client may send', () => {
    const idea = contentIdeasEntity.fromServer(row);
    expect(idea).toEqual({
      id: row.id,
      userId: USER,
      title: 'Holiday gift guide',
      description: 'Five gifts under $25 from the shop.',
      type: 'trending',
      score: 91,
      saved: true,
      savedAt: '2026-11-21T08:30:00.000Z',
      batchId: row.batch_id,
      sampleKey: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-21T08:30:00.000Z',
      version: 3,
    });
    expect(contentIdeasEntity.toServer(idea)).toEqual({
      title: 'Holiday gift guide',
      description: 'Five gifts under $25 from the shop.',
      type: 'trending',
      score: 91,
      saved: true,
      saved_at: '2026-11-21T08:30:00.000Z',
      batch_id: row.batch_id,
      sample_key: null,
      created_at: '2026-11-20T10:00:00.000Z',
    });
    expect(contentIdeasEntity.name).toBe('content_ideas');
  });

  it('reads a tombstone and malformed values without failing', () => {
    const tombstone = contentIdeasEntity.fromServer({
      id: row.id,
      user_id: USER,
      version: 4,
      deleted_at: '2026-11-22T00:00:00+00:00',
    });
    expect(tombstone).toMatchObject({
      id: row.id,
      userId: USER,
      version: 4,
      title: '',
      saved: false,
      savedAt: null,
      batchId: null,
    });
    const odd = contentIdeasEntity.fromServer({
      ...row,
      type: 'viral',
      score: 250,
      saved: 'yes',
    });
    expect(odd).toMatchObject({ type: 'ai-generated', score: 100, saved: false });
  });

  it('brings scores into 0–100', () => {
    expect([clampScore(-5), clampScore(42.6), clampScore('77'), clampScore(1e9)]).toEqual([
      0, 43, 77, 100,
    ]);
    expect(clampScore('many')).toBe(0);
  });
});

describe('the ideas reducer', () => {
  const loaded = ideasReducer(
    initialIdeasState,
    ideasLoaded({
      userId: USER,
      ideas: [
        record('a', { createdAt: '2026-11-01T00:00:00.000Z' }),
        record('b', { createdAt: '2026-11-03T00:00:00.000Z' }),
        record('x', { userId: OTHER }),
      ],
    }),
  );
  const root = (ideas: typeof loaded) => ({ ideas });

  it("loads one user's ideas, newest first", () => {
    expect(selectAllIdeas(root(loaded)).map((i) => i.id)).toEqual(['b', 'a']);
    expect(loaded).toMatchObject({ userId: USER, loaded: true });
  });

  it("follows sync changes of content ideas only, and never another user's", () => {
    let state = ideasReducer(
      loaded,
      syncRowsChanged({
        entity: 'content_ideas',
        upserted: [
          record('c', { createdAt: '2026-11-05T00:00:00.000Z', version: 1 }),
          record('y', { userId: OTHER }),
        ],
        removed: ['a'],
      }),
    );
    state = ideasReducer(
      state,
      syncRowsChanged({ entity: 'post_drafts', upserted: [record('d')], removed: ['b'] }),
    );
    expect(selectAllIdeas(root(state)).map((i) => i.id)).toEqual(['c', 'b']);
  });

  it('forgets everything when the session ends', () => {
    expect(ideasReducer(loaded, sessionEnded())).toEqual(initialIdeasState);
  });
});

describe('newestBatch and savedIdeas', () => {
  it('gives the newest generation, best score first, and the saved ideas, last saved first', () => {
    const ideas = [
      record('n1', { batchId: 'new', score: 70, createdAt: '2026-11-10T00:00:00.000Z' }),
      record('n2', { batchId: 'new', score: 95, createdAt: '2026-11-10T00:00:00.000Z' }),
      record('s1', {
        batchId: null,
        sampleKey: 'idea-1',
        saved: true,
        savedAt: '2026-11-09T00:00:00.000Z',
        createdAt: '2026-11-09T00:00:00.000Z',
      }),
      record('o1', {
        batchId: 'old',
        saved: true,
        savedAt: '2026-11-11T00:00:00.000Z',
        createdAt: '2026-11-01T00:00:00.000Z',
      }),
    ];
    expect(newestBatch(ideas).map((i) => i.id)).toEqual(['n2', 'n1']);
    expect(savedIdeas(ideas).map((i) => i.id)).toEqual(['o1', 's1']);
    expect(newestBatch([ideas[2]!])).toEqual([]);
  });
});

// The ideas slice in a real Redux store over IndexedDB (fake-indexeddb).
const makeStore = () => configureStore({ reducer: { ideas: ideasReducer } });

const GENERATED: IdeaInput[] = [
  {
    title: '  Meet our bakers ',
    description: 'Who is behind the bread.',
    type: 'recommended',
    score: 88,
  },
  { title: 'Pumpkin season', description: 'Seasonal loaves.', type: 'trending', score: 104 },
];

describe('the ideas repository', () => {
  let db: AppDb;
  let name: string;

  beforeEach(() => {
    name = `ideas-test-${crypto.randomUUID()}`;
    db = openAppDb(name);
    setAppDb(db);
  });

  afterEach(async () => {
    setAppDb(undefined);
    db.close();
    await Dexie.delete(name);
  });

  it('refuses to keep ideas before the user’s ideas are loaded', async () => {
    await expect(makeStore().dispatch(storeGeneratedIdeas(GENERATED, db))).rejects.toThrow(
      'Sign in',
    );
    expect(await db.outbox.count()).toBe(0);
  });

  it('reads the ideas once when the dashboard’s panel and the sync ask together', async () => {
    await db.contentIdeas.bulkPut([record('a'), record('b', { userId: OTHER })]);
    const reads = vi.spyOn(db.contentIdeas, 'where');
    const store = makeStore();
    const asked = [
      store.dispatch(loadContentIdeasOnce(USER, db)),
      store.dispatch(loadContentIdeasOnce(USER, db)),
    ];
    for (const each of asked) {
      await each;
      // Whoever started the read, each asker resumes with the ideas in.
      expect(selectAllIdeas(store.getState()).map((i) => i.id)).toEqual(['a']);
    }
    expect(reads).toHaveBeenCalledTimes(1);
    await store.dispatch(loadContentIdeasOnce(USER, db));
    expect(reads).toHaveBeenCalledTimes(1);
    // Another user's are read anew; so are the same user's after the session ended.
    await store.dispatch(loadContentIdeasOnce(OTHER, db));
    expect(selectAllIdeas(store.getState()).map((i) => i.id)).toEqual(['b']);
    store.dispatch(sessionEnded());
    await store.dispatch(loadContentIdeasOnce(OTHER, db));
    expect(reads).toHaveBeenCalledTimes(3);
  });

  it('keeps a generation as one batch with its outbox entries, and it survives a reload', async () => {
    const store = makeStore();
    await store.dispatch(loadContentIdeas(USER, db));
    const stored = await store.dispatch(storeGeneratedIdeas(GENERATED, db));
    expect(stored.map((i) => [i.title, i.score, i.saved])).toEqual([
      ['Meet our bakers', 88, false],
      ['Pumpkin season', 100, false],
    ]);
    expect(new Set(stored.map((i) => i.batchId)).size).toBe(1);
    expect(selectAllIdeas(store.getState())).toHaveLength(2);
    const outbox = await db.outbox.toArray();
    expect(outbox.map((e) => [e.entity, e.op, e.userId, e.state])).toEqual([
      ['content_ideas', 'upsert', USER, 'pending'],
      ['content_ideas', 'upsert', USER, 'pending'],
    ]);
    expect(outbox[0]?.data).toMatchObject({ title: 'Meet our bakers', saved: false });

    const reopened = openAppDb(name);
    const after = makeStore();
    await after.dispatch(loadContentIdeas(USER, reopened));
    expect(newestBatch(selectAllIdeas(after.getState())).map((i) => i.title)).toEqual([
      'Pumpkin season',
      'Meet our bakers',
    ]);
    reopened.close();
  });

  it('saves and unsaves an idea; a new generation removes the unsaved ideas of older ones', async () => {
    const store = makeStore();
    await store.dispatch(loadContentIdeas(USER, db));
    const [bakers, pumpkin] = await store.dispatch(storeGeneratedIdeas(GENERATED, db));
    // Pretend both reached the server, so their removal must be sent as a delete.
    await db.outbox.clear();
    await db.contentIdeas.bulkPut([
      { ...bakers!, version: 1 },
      { ...pumpkin!, version: 1 },
    ]);
    await store.dispatch(loadContentIdeas(USER, db));

    const saved = await store.dispatch(setIdeaSaved(bakers!.id, true, db));
    expect(saved).toMatchObject({ saved: true, savedAt: expect.any(String) });
    expect(savedIdeas(selectAllIdeas(store.getState())).map((i) => i.id)).toEqual([bakers!.id]);
    const again = await store.dispatch(setIdeaSaved(bakers!.id, true, db));
    expect(again.savedAt).toBe(saved.savedAt);

    const next = await store.dispatch(
      storeGeneratedIdeas(
        [{ title: 'Sourdough class', description: '', type: 'ai-generated', score: 77 }],
        db,
      ),
    );
    const ids = selectAllIdeas(store.getState()).map((i) => i.id);
    expect(ids).toContain(bakers!.id);
    expect(ids).not.toContain(pumpkin!.id);
    expect(await db.contentIdeas.get(pumpkin!.id)).toBeUndefined();
    expect(newestBatch(selectAllIdeas(store.getState())).map((i) => i.id)).toEqual([next[0]!.id]);
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.entityId, e.op])).toEqual([
      [bakers!.id, 'upsert'],
      [pumpkin!.id, 'delete'],
      [next[0]!.id, 'upsert'],
    ]);
    expect(entries[1]?.baseVersion).toBe(1);

    const unsaved = await store.dispatch(setIdeaSaved(bakers!.id, false, db));
    expect(unsaved).toMatchObject({ saved: false, savedAt: null });
    // The save never left the device: the entry now carries the unsave.
    const bakersEntries = (await db.outbox.toArray()).filter((e) => e.entityId === bakers!.id);
    expect(bakersEntries.map((e) => e.data)).toEqual([
      expect.objectContaining({ saved: false, saved_at: null }),
    ]);
  });

  it('keeps a saved sample idea under one id per user, and brings older saved samples over once', async () => {
    const store = makeStore();
    await store.dispatch(loadContentIdeas(USER, db));
    const sample = {
      key: 'idea-2',
      title: 'Meet the team Monday',
      description: 'Introduce a team member.',
      type: 'recommended' as const,
      score: 88,
    };
    const id = await sampleIdeaId(USER, 'idea-2');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await sampleIdeaId(USER, 'idea-2')).toBe(id);
    expect(await sampleIdeaId(OTHER, 'idea-2')).not.toBe(id);

    const saved = await store.dispatch(setSampleIdeaSaved(sample, true, db));
    expect(saved).toMatchObject({ id, sampleKey: 'idea-2', batchId: null, saved: true });
    await store.dispatch(setSampleIdeaSaved(sample, false, db));
    await store.dispatch(setSampleIdeaSaved(sample, true, db));
    expect(await db.contentIdeas.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);

    const imported = await store.dispatch(
      importSavedSampleIdeas(
        [sample, { ...sample, key: 'idea-5', title: 'Customer review highlight' }],
        db,
      ),
    );
    // The one already saved is left alone.
    expect(imported.map((i) => i.sampleKey)).toEqual(['idea-5']);
    expect(
      savedIdeas(selectAllIdeas(store.getState()))
        .map((i) => i.sampleKey)
        .sort(),
    ).toEqual(['idea-2', 'idea-5']);
    expect(await db.outbox.count()).toBe(2);
  });

  it('never saves another user’s idea', async () => {
    await db.contentIdeas.put(record('theirs', { userId: OTHER }));
    const store = makeStore();
    await store.dispatch(loadContentIdeas(USER, db));
    await expect(store.dispatch(setIdeaSaved('theirs', true, db))).rejects.toThrow(
      'not on this device',
    );
    expect((await db.contentIdeas.get('theirs'))?.saved).toBe(false);
  });
});
