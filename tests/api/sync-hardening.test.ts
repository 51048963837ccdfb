import 'fake-indexeddb/auto';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Dexie } from 'dexie';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer } from '../../server/start-server.ts';
import { syncEntities } from '../../src/app/sync-entities.ts';
import { openAppDb } from '../../src/lib/db.ts';
import { SyncEngine } from '../../src/lib/sync/engine.ts';
import { createSupabaseTransport } from '../../src/lib/sync/transport.ts';
import { startTestServer, uniqueEmail, type TestServer } from './harness.ts';
import { del, pull, push, upsert, type Pull } from './sync-helpers.ts';

// The sync edge cases of docs/sync-protocol.md ("Retention, deletes and moved databases"), through
// supabase-js against the embedded server: deletes made outside sync, pruning, cursors that belong
// to another database, and (on PostgreSQL) two deliveries of one mutation at once.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const ids = (p: Pull) => p.changes.post_drafts!.map((r) => r.id);

/** Moves a record or tombstone back in time, past the retention (as the server's owner). */
async function backdate(sql: string, params: unknown[]) {
  await server.db.query(sql, params);
}

/** Makes pruning due, then pushes: the push prunes on its way. */
async function pruneNow(client: SupabaseClient) {
  await server.db.query(`update private.sync_maintenance set pruned_at = '-infinity'`);
  await push(client, [upsert(randomUUID(), null, 'a push that prunes on its way')]);
}

describe('deletes made outside sync', () => {
  it('a REST DELETE of a draft reaches the other devices as a tombstone', async () => {
    const alice = await server.signedInClient();
    const bob = await server.signedInClient();
    const id = randomUUID();
    const name = `tombstone-${randomUUID()}`;
    const phone = openAppDb(name);
    try {
      const [made] = await push(alice.client, [upsert(id, null, 'made on the laptop')]);
      expect(made!.status).toBe('applied');
      const engine = new SyncEngine({
        db: phone,
        transport: createSupabaseTransport(alice.client, alice.userId),
        userId: alice.userId,
        registry: syncEntities,
        locks: null,
        channel: null,
      });
      expect(await engine.runOnce()).toBe('idle');
      expect(await phone.drafts.get(id)).toMatchObject({ content: 'made on the laptop' });
      const before = await pull(alice.client);

      const { error } = await alice.client.from('post_drafts').delete().eq('id', id);
      expect(error).toBeNull();

      const after = await pull(alice.client, before.cursor);
      expect(after.changes.post_drafts).toEqual([
        expect.objectContaining({
          id,
          user_id: alice.userId,
          version: 2,
          deleted_at: expect.any(String),
        }),
      ]);
      engine.requestPull();
      expect(await engine.runOnce()).toBe('idle');
      expect(await phone.drafts.get(id)).toBeUndefined();
      // Nobody else sees it, through sync or REST.
      expect(ids(await pull(bob.client))).not.toContain(id);
      const { data } = await bob.client.from('sync_tombstones').select('id');
      expect(data).toEqual([]);
    } finally {
      phone.close();
      await Dexie.delete(name);
    }
  });

  it('a draft sync had already tombstoned leaves no second tombstone when purged, and a user with drafts can still be deleted', async () => {
    const carol = await server.signedInClient();
    const kept = randomUUID();
    const gone = randomUUID();
    await push(carol.client, [upsert(kept, null, 'kept'), upsert(gone, null, 'deleted by sync')]);
    await push(carol.client, [del(gone, 1)]);
    await server.db.query('delete from public.post_drafts where id = $1', [gone]);
    const tombstones = async () =>
      (
        await server.db.query('select id from public.sync_tombstones where user_id = $1', [
          carol.userId,
        ])
      ).rows;
    expect(await tombstones()).toEqual([]);
    await server.db.query('delete from auth.users where id = $1', [carol.userId]);
    expect(
      (await server.db.query('select id from public.post_drafts where id = $1', [kept])).rows,
    ).toEqual([]);
    expect(await tombstones()).toEqual([]);
  });
});

describe('retention', () => {
  it('prunes decided mutations and tombstones past the window, at most once an hour, and an older cursor starts over', async () => {
    const alice = await server.signedInClient();
    const other = await server.signedInClient();
    const live = randomUUID();
    const syncDeleted = randomUUID();
    const restDeleted = randomUUID();
    const insert = upsert(live, null, 'still here');
    await push(alice.client, [
      insert,
      upsert(syncDeleted, null, 'deleted by sync'),
      upsert(restDeleted, null, 'deleted through REST'),
    ]);
    const old = await pull(alice.client);
    await push(alice.client, [del(syncDeleted, 1)]);
    await alice.client.from('post_drafts').delete().eq('id', restDeleted);
    const recent = upsert(live, 1, 'a recent edit');
    await push(alice.client, [recent]);

    await backdate(
      `update public.sync_mutations set created_at = now() - interval '91 days' where mutation_id = $1`,
      [insert.mutation_id],
    );
    await backdate(
      `update public.post_drafts set deleted_at = now() - interval '91 days' where id = $1`,
      [syncDeleted],
    );
    await backdate(
      `update public.sync_tombstones set deleted_at = now() - interval '91 days' where id = $1`,
      [restDeleted],
    );
    await pruneNow(other.client);

    const logged = async (mid: string) =>
      (await server.db.query('select 1 from public.sync_mutations where mutation_id = $1', [mid]))
        .rows.length;
    expect(await logged(insert.mutation_id)).toBe(0);
    expect(await logged(recent.mutation_id)).toBe(1);
    expect(
      (await server.db.query('select id from public.post_drafts where id = $1', [syncDeleted]))
        .rows,
    ).toEqual([]);
    expect(
      (await server.db.query('select id from public.sync_tombstones where id = $1', [restDeleted]))
        .rows,
    ).toEqual([]);

    // A device that last pulled before the pruned tombstones could miss them: it starts over.
    const stale = await pull(alice.client, old.cursor);
    expect(stale.reset).toBe(true);
    expect(ids(stale)).toEqual([live]);
    const fresh = await pull(alice.client, stale.cursor);
    expect(fresh).toMatchObject({ reset: false, changes: { post_drafts: [] } });

    // A replay the server no longer remembers is decided afresh: stale, so never applied twice.
    const [replayed] = await push(alice.client, [insert]);
    expect(replayed).toMatchObject({ status: 'conflict', version: 2 });

    // Not again within the hour.
    await backdate(
      `update public.sync_mutations set created_at = now() - interval '91 days' where mutation_id = $1`,
      [recent.mutation_id],
    );
    await push(other.client, [upsert(randomUUID(), null, 'another push')]);
    expect(await logged(recent.mutation_id)).toBe(1);
  });
});

// These start a second server (or restart one): PGlite takes a while to set up a data folder.
describe('the pull cursor and its database', { timeout: 120_000 }, () => {
  it('a cursor from another database starts over instead of skipping its rows', async () => {
    const alice = await server.signedInClient();
    await push(alice.client, [upsert(randomUUID(), null, 'on the first server')]);
    // Make this database's transaction counter run well ahead of a fresh one's.
    for (let i = 0; i < 200; i++) await server.db.query('select pg_current_xact_id()');
    const here = await pull(alice.client);
    expect(here.cursor.db).toMatch(/^\d+:\d+$/);

    const moved = await startTestServer();
    try {
      const dave = await moved.signedInClient();
      const made = [randomUUID(), randomUUID(), randomUUID()];
      await push(
        dave.client,
        made.map((id) => upsert(id, null, 'on the new server')),
      );
      const answer = await pull(dave.client, here.cursor);
      expect(answer.reset).toBe(true);
      expect(ids(answer).sort()).toEqual([...made].sort());
      expect(answer.cursor.db).not.toBe(here.cursor.db);
    } finally {
      await moved.close();
    }
  });

  it('a cursor ahead of this database, or without its identity, starts over', async () => {
    const alice = await server.signedInClient();
    const id = randomUUID();
    await push(alice.client, [upsert(id, null, 'here')]);
    const { cursor } = await pull(alice.client);
    const ahead = { ...cursor, post_drafts: { txid: '999999999999', id: randomUUID() } };
    expect(await pull(alice.client, ahead)).toMatchObject({ reset: true });
    expect(ids(await pull(alice.client, ahead))).toEqual([id]);
    const { db: _db, ...unnamed } = cursor;
    expect(await pull(alice.client, unnamed)).toMatchObject({ reset: true });
    expect(await pull(alice.client, cursor)).toMatchObject({ reset: false });
  });

  it('keeps its identity across a server restart', async () => {
    const admin = process.env.TEST_DATABASE_URL;
    let dataDir: string | null = null;
    let databaseUrl: string | undefined;
    let drop = async () => {};
    if (admin) {
      const name = `pbt_restart_${randomBytes(4).toString('hex')}`;
      const a = new pg.Client({ connectionString: admin });
      await a.connect();
      await a.query(`create database ${name}`);
      await a.end();
      const u = new URL(admin);
      u.pathname = `/${name}`;
      databaseUrl = u.toString();
      drop = async () => {
        const c = new pg.Client({ connectionString: admin });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
    } else {
      dataDir = mkdtempSync(path.join(tmpdir(), 'postbloom-restart-'));
    }
    const email = uniqueEmail('restart');
    const password = 'correct-horse-battery';
    const connect = async () => {
      const s = await startServer({ port: 0, dataDir, databaseUrl });
      const client = createClient(s.url, s.keys.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      });
      return { s, client };
    };
    try {
      const first = await connect();
      const { error } = await first.client.auth.signUp({ email, password });
      expect(error).toBeNull();
      await push(first.client, [upsert(randomUUID(), null, 'before the restart')]);
      const before = await pull(first.client);
      await first.s.close();

      const second = await connect();
      try {
        const signIn = await second.client.auth.signInWithPassword({ email, password });
        expect(signIn.error).toBeNull();
        const after = await pull(second.client, before.cursor);
        expect(after).toMatchObject({ reset: false, changes: { post_drafts: [] } });
        expect(after.cursor.db).toBe(before.cursor.db);
      } finally {
        await second.s.close();
      }
    } finally {
      await drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// Two connections at once exist only on PostgreSQL (PGlite is one connection).
if (process.env.TEST_DATABASE_URL) {
  describe('two deliveries of one mutation at once (PostgreSQL)', () => {
    it('answers the second "duplicate" instead of parking it on a primary key', async () => {
      const alice = await server.signedInClient();
      const statuses: string[][] = [];
      for (let i = 0; i < 40; i++) {
        const id = randomUUID();
        const insert = upsert(id, null, `insert ${i}`);
        statuses.push(
          (await Promise.all([push(alice.client, [insert]), push(alice.client, [insert])])).map(
            ([r]) => r!.status,
          ),
        );
        // An update racing itself: the loser would meet the new version (conflict) or the log.
        const update = upsert(id, 1, `update ${i}`);
        statuses.push(
          (await Promise.all([push(alice.client, [update]), push(alice.client, [update])])).map(
            ([r]) => r!.status,
          ),
        );
      }
      for (const pair of statuses) expect(pair.sort()).toEqual(['applied', 'duplicate']);
      const copies = await server.db.query(
        'select count(*)::int as n from public.post_drafts where user_id = $1 and conflict_of is not null',
        [alice.userId],
      );
      expect(copies.rows[0]).toEqual({ n: 0 });
    });
  });
}
