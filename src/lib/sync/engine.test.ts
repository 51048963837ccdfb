import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDraftRecord } from '../../testing/factories';
import {
  MemorySyncServer,
  networkDown,
  serverError,
  type TransportHooks,
} from '../../testing/memory-sync-server';
import { postDraftsEntity, syncEntities } from '../../testing/sync-entities';
import { openAppDb, type AppDb, type DraftRecord } from '../db';
import {
  SyncEngine,
  type LockManagerLike,
  type SyncChange,
  type SyncEngineOptions,
} from './engine';
import { queueWrite } from './outbox';
import { SyncTransportError } from './transport';

const USER = 'user-1';
const dbs: AppDb[] = [];
const engines: SyncEngine[] = [];

afterEach(async () => {
  for (const e of engines.splice(0)) await e.stop();
  const all = dbs.splice(0);
  for (const db of all) db.close();
  for (const name of new Set(all.map((db) => db.name))) await Dexie.delete(name);
});

function freshDb(name = `engine-test-${crypto.randomUUID()}`): AppDb {
  const db = openAppDb(name);
  dbs.push(db);
  return db;
}

const draft = (id: string, content: string): DraftRecord =>
  makeDraftRecord({ id, userId: USER, content });

interface Harness {
  engine: SyncEngine;
  clock: { t: number };
  changes: SyncChange[];
}

function makeEngine(
  db: AppDb,
  server: MemorySyncServer,
  hooks: TransportHooks = {},
  over: Partial<SyncEngineOptions> = {},
): Harness {
  const clock = { t: 1_000_000 };
  const changes: SyncChange[] = [];
  const engine = new SyncEngine({
    db,
    transport: server.transport(USER, hooks),
    userId: USER,
    registry: syncEntities,
    now: () => clock.t,
    backoff: { baseMs: 1_000, capMs: 60_000, random: () => 0.5 },
    locks: null,
    channel: null,
    onChange: (c) => changes.push(c),
    ...over,
  });
  engines.push(engine);
  return { engine, clock, changes };
}

const save = (db: AppDb, id: string, content: string) =>
  queueWrite(db, postDraftsEntity, { op: 'upsert', row: draft(id, content) });
const remove = (db: AppDb, id: string) =>
  queueWrite(db, postDraftsEntity, { op: 'delete', userId: USER, id });

/**
 * The laptop's edit of d1 lands first; then the phone's stale edit `phoneEdit` is pushed while
 * `behind` queues another change on the phone behind it. Returns once the phone's run is idle.
 */
async function staleEditWithOneBehind(
  phoneEdit: string,
  behind: (phone: AppDb) => Promise<unknown>,
) {
  const server = new MemorySyncServer();
  const phone = freshDb();
  const laptop = freshDb();
  await save(phone, 'd1', 'original text');
  const ep = makeEngine(phone, server, {
    beforePush: async (mutations) => {
      if (mutations.some((m) => m.data?.content === phoneEdit)) await behind(phone);
    },
  }).engine;
  const el = makeEngine(laptop, server).engine;
  await ep.runOnce();
  await el.runOnce();
  await save(laptop, 'd1', 'laptop edit');
  await el.runOnce();
  await save(phone, 'd1', phoneEdit);
  expect(await ep.runOnce()).toBe('idle');
  const copies = [...server.rows.values()].filter((r) => r.conflict_of === 'd1');
  return { server, phone, copies };
}

describe('SyncEngine push', () => {
  it('pushes many rows per request and stores the server version', async () => {
    const db = freshDb();
    const server = new MemorySyncServer();
    for (let i = 0; i < 250; i++) await save(db, `d${i}`, `draft number ${i}`);
    const { engine, changes } = makeEngine(db, server, {}, { batchSize: 100 });
    expect(await engine.runOnce()).toBe('idle');
    expect(server.pushes.map((p) => p.length)).toEqual([100, 100, 50]);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.drafts.get('d7'))?.version).toBe(1);
    expect(server.rows.size).toBe(250);
    expect(changes.flatMap((c) => c.upserted)).toHaveLength(250);
  });

  it('sends several offline edits of one row as one mutation', async () => {
    const db = freshDb();
    const server = new MemorySyncServer();
    await save(db, 'd1', 'first words');
    await save(db, 'd1', 'second words');
    await save(db, 'd1', 'final words');
    const { engine } = makeEngine(db, server);
    await engine.runOnce();
    expect(server.pushes.flat()).toHaveLength(1);
    expect(server.rows.get('d1')).toMatchObject({ content: 'final words', version: 1 });
  });

  it('backs off with jitter on network errors and 5xx, then delivers', async () => {
    const db = freshDb();
    const server = new MemorySyncServer();
    await save(db, 'd1', 'hello offline world');
    const failures = [networkDown(), serverError()];
    const { engine, clock } = makeEngine(db, server, {
      beforePush: () => {
        const f = failures.shift();
        if (f) throw f;
      },
    });
    expect(await engine.runOnce()).toBe('backoff');
    // random 0.5 of min(60 s, 1 s·2^0)
    expect(engine.retryDelay()).toBe(500);
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'pending', attempts: 1 });
    expect(await engine.runOnce()).toBe('backoff');
    clock.t += 500;
    expect(await engine.runOnce()).toBe('backoff');
    expect(engine.retryDelay()).toBe(1_000);
    clock.t += 1_000;
    expect(await engine.runOnce()).toBe('idle');
    expect(server.rows.get('d1')?.content).toBe('hello offline world');
    expect(await db.outbox.count()).toBe(0);
  });

  it('refreshes the session on an auth error and retries at once', async () => {
    const db = freshDb();
    const server = new MemorySyncServer();
    await save(db, 'd1', 'needs a fresh token');
    let refreshed = 0;
    let expired = true;
    const { engine } = makeEngine(db, server, {
      beforePush: () => {
        if (expired)
          throw new SyncTransportError({ status: 401, code: 'PGRST303', message: 'JWT expired' });
      },
      refreshSession: () => {
        refreshed += 1;
        expired = false;
        return true;
      },
    });
    expect(await engine.runOnce()).toBe('idle');
    expect(refreshed).toBe(1);
    expect(server.rows.has('d1')).toBe(true);
  });

  it('backs off (keeping entries) when the session cannot be refreshed', async () => {
    const db = freshDb();
    const server = new MemorySyncServer();
    await save(db, 'd1', 'signed out elsewhere');
    const { engine } = makeEngine(db, server, {
      beforePush: () => {
        throw new SyncTransportError({ status: 401, code: 'PGRST301', message: 'JWT invalid' });
      },
      refreshSession: () => false,
    });
    expect(await engine.runOnce()).toBe('backoff');
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ state: 'pending' })]);
  });

  it('parks a refused write without blocking the writes behind it', async () => {
    const db = freshDb();
    const server = new MemorySyncServer();
    await save(db, 'ok1', 'fine draft one');
    await queueWrite(db, postDraftsEntity, {
      op: 'upsert',
      row: { ...draft('bad', 'bad platform'), platforms: ['myspace' as 'facebook'] },
    });
    await save(db, 'ok2', 'fine draft two');
    const { engine } = makeEngine(db, server);
    expect(await engine.runOnce()).toBe('idle');
    expect(server.rows.has('ok1') && server.rows.has('ok2')).toBe(true);
    const status = await engine.publishStatus();
    expect(status.waiting).toBe(0);
    expect(status.parked).toEqual([
      expect.objectContaining({
        entityId: 'bad',
        error: expect.objectContaining({ code: '23514' }),
      }),
    ]);

    // The user fixes the draft: the new write goes through; the parked one stays until discarded.
    await save(db, 'bad', 'now a good draft');
    await engine.runOnce();
    expect(server.rows.get('bad')?.content).toBe('now a good draft');
    await engine.discard(status.parked.map((p) => p.seq));
    expect((await engine.publishStatus()).parked).toEqual([]);
    expect((await db.drafts.get('bad'))?.content).toBe('now a good draft');
  });

  it('puts the server text back when a refused edit of a synced draft is discarded', async () => {
    const db = freshDb();
    const server = new MemorySyncServer();
    await save(db, 'd1', 'the text on the server');
    const { engine } = makeEngine(db, server);
    expect(await engine.runOnce()).toBe('idle');
    const synced = (await db.drafts.get('d1'))!;
    // An edit the server refuses, made on top of the synced version.
    await queueWrite(db, postDraftsEntity, {
      op: 'upsert',
      row: { ...synced, content: 'a refused edit', platforms: ['myspace' as 'facebook'] },
    });
    await engine.runOnce();
    const { parked } = await engine.publishStatus();
    expect(parked).toHaveLength(1);
    expect((await db.drafts.get('d1'))?.content).toBe('a refused edit');
    await engine.discard(parked.map((p) => p.seq));
    expect(await db.drafts.get('d1')).toMatchObject({
      content: 'the text on the server',
      platforms: synced.platforms,
      version: synced.version,
    });
  });

  it('splits a request the server refuses as a whole until the culprit is alone', async () => {
    const db = freshDb();
    const server = new MemorySyncServer();
    for (let i = 0; i < 8; i++)
      await save(db, `d${i}`, i === 5 ? 'x'.repeat(5000) : `small draft ${i}`);
    const { engine } = makeEngine(db, server, {
      beforePush: (mutations) => {
        if (mutations.some((m) => String(m.data?.content).length > 4000)) {
          throw new SyncTransportError({
            status: 413,
            code: 'PGRST413',
            message: 'Payload Too Large',
          });
        }
      },
    });
    expect(await engine.runOnce()).toBe('idle');
    expect(server.rows.size).toBe(7);
    const status = await engine.publishStatus();
    expect(status.parked.map((p) => p.entityId)).toEqual(['d5']);
  });

  it('never duplicates a write whose response was lost, and rebases the edit made meanwhile', async () => {
    const db = freshDb();
    const server = new MemorySyncServer();
    await save(db, 'd1', 'version one');
    let dropResponse = true;
    const { engine, clock } = makeEngine(db, server, {
      afterPush: async () => {
        if (dropResponse) {
          dropResponse = false;
          // The user edits while the lost request is in the air.
          await save(db, 'd1', 'version two');
          throw networkDown();
        }
      },
    });
    expect(await engine.runOnce()).toBe('backoff');
    expect(server.rows.get('d1')?.version).toBe(1);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.attempts, e.baseVersion])).toEqual([
      [1, null],
      [0, null],
    ]);
    clock.t += 60_000;
    expect(await engine.runOnce()).toBe('idle');
    // Replay answered "duplicate"; the second edit went on version 1 without a conflict.
    expect(server.rows.get('d1')).toMatchObject({ content: 'version two', version: 2 });
    expect([...server.rows.values()].filter((r) => r.conflict_of)).toHaveLength(0);
    expect(server.rows.size).toBe(1);
    expect(await db.drafts.get('d1')).toMatchObject({ content: 'version two', version: 2 });
  });

  it('keeps a stale edit as a conflict copy and takes the server version', async () => {
    const server = new MemorySyncServer();
    const a = freshDb();
    const b = freshDb();
    await save(a, 'd1', 'original text');
    const ea = makeEngine(a, server).engine;
    const eb = makeEngine(b, server).engine;
    await ea.runOnce();
    await eb.runOnce();
    expect((await b.drafts.get('d1'))?.version).toBe(1);
    await save(a, 'd1', 'edited on phone');
    await save(b, 'd1', 'edited on laptop');
    await ea.runOnce();
    await eb.runOnce();
    expect(server.rows.get('d1')).toMatchObject({ content: 'edited on phone', version: 2 });
    const copies = [...server.rows.values()].filter((r) => r.conflict_of === 'd1');
    expect(copies).toEqual([expect.objectContaining({ content: 'edited on laptop' })]);
    expect(await b.drafts.get('d1')).toMatchObject({ content: 'edited on phone', version: 2 });
    expect(await b.drafts.get(copies[0]!.id)).toMatchObject({
      content: 'edited on laptop',
      conflictOf: 'd1',
    });
  });
  it('sends the edits queued behind a conflicting one to its copy, making no second copy', async () => {
    // The user keeps typing while the stale edit is on its way.
    const { server, phone, copies } = await staleEditWithOneBehind('phone edit one', (phone) =>
      save(phone, 'd1', 'phone edit two'),
    );
    expect(copies).toEqual([expect.objectContaining({ content: 'phone edit two', version: 2 })]);
    expect(server.rows.get('d1')).toMatchObject({ content: 'laptop edit', version: 2 });
    expect(await phone.outbox.count()).toBe(0);
    expect(await phone.drafts.get('d1')).toMatchObject({ content: 'laptop edit', version: 2 });
    expect(await phone.drafts.get(copies[0]!.id)).toMatchObject({
      content: 'phone edit two',
      conflictOf: 'd1',
      version: 2,
    });
  });

  it('deletes the copy when the edit queued behind a conflicting one was a delete', async () => {
    const { server, phone, copies } = await staleEditWithOneBehind('phone edit', (phone) =>
      remove(phone, 'd1'),
    );
    expect(copies).toHaveLength(1);
    expect(copies[0]!.deleted_at).not.toBeNull();
    expect(server.rows.get('d1')).toMatchObject({ content: 'laptop edit', deleted_at: null });
    expect(await phone.drafts.get(copies[0]!.id)).toBeUndefined();
    expect(await phone.drafts.get('d1')).toMatchObject({ content: 'laptop edit' });
  });
});

describe('SyncEngine pull', () => {
  it('brings rows and tombstones, saves the cursor and keeps local edits waiting to be pushed', async () => {
    const server = new MemorySyncServer();
    const a = freshDb();
    const b = freshDb();
    for (let i = 0; i < 5; i++) await save(a, `d${i}`, `shared draft ${i}`);
    const ea = makeEngine(a, server).engine;
    await ea.runOnce();
    const hb = makeEngine(b, server, {}, { pullPageSize: 2 });
    await hb.engine.runOnce();
    expect(await b.drafts.count()).toBe(5);
    expect((await b.meta.get(`pull-cursor:${USER}`))?.value).toMatchObject({
      post_drafts: { id: expect.any(String) },
    });

    await remove(a, 'd0');
    await save(a, 'd1', 'changed on a');
    await save(a, 'd2', 'also changed on a');
    await ea.runOnce();
    await save(b, 'd2', 'b is editing this one');
    // A pull alone: b's own pending edit stays on screen until its push decides.
    expect(await hb.engine.pull()).toBe(true);
    expect((await b.drafts.get('d2'))?.content).toBe('b is editing this one');
    expect((await b.drafts.get('d1'))?.content).toBe('changed on a');
    await hb.engine.runOnce();
    expect(await b.drafts.get('d0')).toBeUndefined();
    expect((await b.drafts.get('d1'))?.content).toBe('changed on a');
    // b's edit was based on version 1: it lost to a's edit and became a copy.
    expect((await b.drafts.get('d2'))?.content).toBe('also changed on a');
    const copy = (await b.drafts.toArray()).find((d) => d.conflictOf === 'd2');
    expect(copy?.content).toBe('b is editing this one');
    expect(hb.changes.some((c) => c.removed.includes('d0'))).toBe(true);
  });
});

describe('SyncEngine after a long time away', () => {
  it('starts over when the server answers reset, and drops synced rows the server no longer has', async () => {
    const server = new MemorySyncServer();
    const a = freshDb();
    const b = freshDb();
    for (let i = 0; i < 5; i++) await save(a, `d${i}`, `shared draft ${i}`);
    await makeEngine(a, server).engine.runOnce();
    let pulls = 0;
    let cutAt = 0;
    const hb = makeEngine(
      b,
      server,
      {
        beforePull: () => {
          pulls += 1;
          if (pulls === cutAt) throw networkDown();
        },
      },
      { pullPageSize: 2 },
    );
    await hb.engine.runOnce();
    expect(await b.drafts.count()).toBe(5);
    await save(b, 'mine', 'written here, not pushed yet');

    // The server moved (or pruned what b had not seen): d3 is gone without a tombstone.
    server.dbId = 'memory-2';
    server.rows.delete('d3');
    // The first resync is cut off after its first page.
    cutAt = pulls + 2;
    expect(await hb.engine.pull()).toBe(false);
    expect(await b.drafts.get('d3')).toBeDefined();
    expect(await hb.engine.pull()).toBe(true);
    expect(await b.drafts.get('d3')).toBeUndefined();
    expect(hb.changes.some((c) => c.removed.includes('d3'))).toBe(true);
    expect((await b.drafts.toArray()).map((d) => d.id).sort()).toEqual([
      'd0',
      'd1',
      'd2',
      'd4',
      'mine',
    ]);
    expect((await b.meta.get(`pull-cursor:${USER}`))?.value).toMatchObject({ db: 'memory-2' });
    expect(await b.meta.get(`pull-resync:${USER}`)).toBeUndefined();
  });

  it('parks a write first sent over 30 days ago instead of replaying it; Retry sends it as a new mutation', async () => {
    const db = freshDb();
    const server = new MemorySyncServer();
    await save(db, 'd1', 'sent, then the answer was lost');
    let dropResponse = true;
    const { engine, clock } = makeEngine(db, server, {
      afterPush: () => {
        if (dropResponse) {
          dropResponse = false;
          throw networkDown();
        }
      },
    });
    expect(await engine.runOnce()).toBe('backoff');
    const [sent] = await db.outbox.toArray();
    expect(sent).toMatchObject({ attempts: 1, firstSentAt: clock.t });

    clock.t += 31 * 24 * 60 * 60 * 1000;
    expect(await engine.runOnce()).toBe('idle');
    expect(server.pushes).toHaveLength(1);
    const { parked } = await engine.publishStatus();
    expect(parked).toEqual([
      expect.objectContaining({
        entityId: 'd1',
        error: expect.objectContaining({ code: 'replay_expired' }),
      }),
    ]);

    await engine.retry();
    expect(await engine.runOnce()).toBe('idle');
    const again = server.pushes.at(-1)![0]!;
    expect(again.mutation_id).not.toBe(sent!.mutationId);
    // Already applied the first time: the new mutation is stale and keeps its text as a copy.
    expect(server.rows.get('d1')).toMatchObject({ version: 1 });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('SyncEngine across tabs', () => {
  it('pushes every entry exactly once when two tabs drain one database without a lock', async () => {
    const name = `tabs-${crypto.randomUUID()}`;
    const tab1 = freshDb(name);
    const tab2 = openAppDb(name);
    dbs.push(tab2);
    const server = new MemorySyncServer();
    for (let i = 0; i < 60; i++) await save(i % 2 ? tab1 : tab2, `d${i}`, `draft from a tab ${i}`);
    const e1 = makeEngine(tab1, server, {}, { batchSize: 7 }).engine;
    const e2 = makeEngine(tab2, server, {}, { batchSize: 7 }).engine;
    await Promise.all([e1.runOnce(), e2.runOnce(), e1.runOnce(), e2.runOnce()]);
    const pushed = server.pushes.flat().map((m) => m.mutation_id);
    expect(pushed).toHaveLength(60);
    expect(new Set(pushed).size).toBe(60);
    expect(server.rows.size).toBe(60);
  });

  it('runs the loop only in the tab holding the lock, which takes back what a closed tab left in flight', async () => {
    const name = `lock-${crypto.randomUUID()}`;
    const db1 = freshDb(name);
    const db2 = openAppDb(name);
    dbs.push(db2);
    const server = new MemorySyncServer();
    await save(db1, 'd1', 'left in flight by a tab that closed');
    await db1.outbox
      .toCollection()
      .modify({ state: 'inflight', attempts: 1, leaseUntil: Date.now() + 3_600_000 });

    let held = false;
    const waiting: (() => void)[] = [];
    const locks: LockManagerLike = {
      async request(_name, options, callback) {
        while (held) {
          await new Promise<void>((resolve, reject) => {
            waiting.push(resolve);
            options.signal?.addEventListener('abort', () => reject(new Error('aborted')));
          });
        }
        held = true;
        try {
          await callback();
        } finally {
          held = false;
          waiting.shift()?.();
        }
      },
    };
    const opts = { locks, now: Date.now, pollMs: 10, registry: syncEntities };
    const first = new SyncEngine({
      db: db1,
      transport: server.transport(USER),
      userId: USER,
      channel: null,
      ...opts,
    });
    const second = new SyncEngine({
      db: db2,
      transport: server.transport(USER),
      userId: USER,
      channel: null,
      ...opts,
    });
    engines.push(first, second);
    const leaders: boolean[] = [];
    first.start();
    second.start();
    await expect.poll(() => server.rows.size).toBe(1);
    leaders.push((await first.publishStatus()).leader, (await second.publishStatus()).leader);
    expect(leaders).toEqual([true, false]);
    await first.stop();
    await expect.poll(async () => (await second.publishStatus()).leader).toBe(true);
    expect(server.pushes.flat()).toHaveLength(1);
  });
});
