import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { del, pull, push, pushInOpenTransaction, upsert, type Pull } from './sync-helpers.ts';

let server: TestServer;
let alice: { client: SupabaseClient; userId: string };
let bob: { client: SupabaseClient; userId: string };

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.signedInClient();
  bob = await server.signedInClient();
});

afterAll(async () => {
  await server?.close();
});

async function rowsWithId(id: string): Promise<Record<string, unknown>[]> {
  return (
    await server.db.query('select * from public.post_drafts where id = $1 or conflict_of = $1', [
      id,
    ])
  ).rows;
}

describe('sync_push', () => {
  it('inserts a new row once: replaying the same mutation is a no-op answered "duplicate"', async () => {
    const id = randomUUID();
    const m = upsert(id, null, 'Fresh from the phone', { created_at: '2026-01-02T03:04:05Z' });
    const [first] = await push(alice.client, [m]);
    expect(first).toMatchObject({ mutation_id: m.mutation_id, status: 'applied', version: 1 });
    expect(first!.row).toMatchObject({
      id,
      user_id: alice.userId,
      content: 'Fresh from the phone',
      version: 1,
    });
    expect(Date.parse(String(first!.row!.created_at))).toBe(Date.parse('2026-01-02T03:04:05Z'));
    const [again] = await push(alice.client, [m]);
    expect(again).toMatchObject({ status: 'duplicate', outcome: 'applied', version: 1 });
    expect(await rowsWithId(id)).toHaveLength(1);
  });

  it('updates on the matching version and records the mutation on the row', async () => {
    const id = randomUUID();
    await push(alice.client, [upsert(id, null, 'one')]);
    const m = upsert(id, 1, 'two');
    const [r] = await push(alice.client, [m]);
    expect(r).toMatchObject({
      status: 'applied',
      version: 2,
      row: { content: 'two', last_mutation_id: m.mutation_id },
    });
  });

  it('keeps a stale edit as a conflict copy (once, even when replayed) and leaves the server row', async () => {
    const id = randomUUID();
    await push(alice.client, [upsert(id, null, 'base text')]);
    await push(alice.client, [upsert(id, 1, 'newer text from the laptop')]);
    const stale = upsert(id, 1, 'stale text from the phone');
    const [r] = await push(alice.client, [stale]);
    expect(r!.status).toBe('conflict');
    expect(r!.row).toMatchObject({ id, content: 'newer text from the laptop', version: 2 });
    expect(r!.copy).toMatchObject({
      id: stale.mutation_id,
      conflict_of: id,
      content: 'stale text from the phone',
      version: 1,
    });
    const [replay] = await push(alice.client, [stale]);
    expect(replay).toMatchObject({
      status: 'duplicate',
      outcome: 'conflict',
      copy: { id: stale.mutation_id },
    });
    const rows = await rowsWithId(id);
    expect(rows).toHaveLength(2);
    expect(rows.find((x) => x.id === id)).toMatchObject({ content: 'newer text from the laptop' });
  });

  it('deletes as a tombstone; a delete based on an old version loses to the newer edit without a copy', async () => {
    const id = randomUUID();
    await push(alice.client, [upsert(id, null, 'to be deleted')]);
    await push(alice.client, [upsert(id, 1, 'edited elsewhere')]);
    const [lost] = await push(alice.client, [del(id, 1)]);
    expect(lost).toMatchObject({
      status: 'conflict',
      copy: null,
      row: { deleted_at: null, version: 2 },
    });
    const [won] = await push(alice.client, [del(id, 2)]);
    expect(won).toMatchObject({ status: 'applied', version: 3 });
    expect(won!.row!.deleted_at).toEqual(expect.any(String));
    expect(await rowsWithId(id)).toHaveLength(1);
  });

  it('rejects one bad mutation with its SQLSTATE and applies the others of the batch', async () => {
    const good1 = upsert(randomUUID(), null, 'good one');
    const bad = upsert(randomUUID(), null, 'bad platform', { platforms: ['myspace'] });
    const good2 = upsert(randomUUID(), null, 'good two');
    const results = await push(alice.client, [good1, bad, good2]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied']);
    expect(results[1]!.error).toMatchObject({ code: '23514' });
    expect(await rowsWithId(bad.id)).toHaveLength(0);
  });

  it('refuses callers without a session', async () => {
    const { error, status } = await server.anonClient().rpc('sync_push', { mutations: [] });
    expect(error).not.toBeNull();
    expect(status).toBe(401);
  });
});

describe('sync_pull', () => {
  it('pages through changes with a cursor, tombstones included, and only returns newer changes after it', async () => {
    const { client } = await server.signedInClient();
    const ids = Array.from({ length: 5 }, () => randomUUID());
    await push(
      client,
      ids.map((id) => upsert(id, null, `row ${id}`)),
    );
    const seen: string[] = [];
    let cursor: unknown = {};
    let pages = 0;
    for (;;) {
      const page = await pull(client, cursor, 2);
      pages += 1;
      seen.push(...page.changes.post_drafts!.map((r) => String(r.id)));
      cursor = page.cursor;
      if (!page.more) break;
    }
    expect(pages).toBe(3);
    expect(seen.sort()).toEqual([...ids].sort());
    expect((await pull(client, cursor)).changes.post_drafts).toEqual([]);

    await push(client, [del(ids[0]!, 1), upsert(ids[1]!, 1, 'changed')]);
    const next = await pull(client, cursor);
    const byId = new Map(next.changes.post_drafts!.map((r) => [r.id, r]));
    expect(byId.size).toBe(2);
    expect(byId.get(ids[0])!.deleted_at).toEqual(expect.any(String));
    expect(byId.get(ids[1])).toMatchObject({ content: 'changed', version: 2 });
    expect(next.cursor.post_drafts).not.toEqual((cursor as Pull['cursor']).post_drafts);
  });

  it('rejects an unknown entity instead of answering nothing', async () => {
    const { error } = await alice.client.rpc('sync_pull', {
      since: {},
      entities: ['auth_users'],
      max_rows: 10,
    });
    expect(error?.code).toBe('22023');
  });
});

describe('row-level security', () => {
  it("never pulls another user's rows and never lets a push change or reveal them", async () => {
    const id = randomUUID();
    await push(alice.client, [upsert(id, null, "alice's secret plan")]);

    const bobsView = await pull(bob.client);
    expect(bobsView.changes.post_drafts!.some((r) => r.id === id)).toBe(false);
    expect(bobsView.changes.post_drafts!.every((r) => r.user_id === bob.userId)).toBe(true);

    const results = await push(bob.client, [
      upsert(id, null, 'bob overwrites'),
      upsert(id, 1, 'bob edits'),
      del(id, 1),
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', error: { code: '23505' } });
    expect(results[0]!.row).toBeUndefined();
    expect(results[1]).toMatchObject({ status: 'rejected', error: { code: 'P0002' } });
    // Deleting a row you cannot see changes nothing.
    expect(results[2]).toMatchObject({ status: 'applied', row: null });
    const [row] = await rowsWithId(id);
    expect(row).toMatchObject({
      user_id: alice.userId,
      content: "alice's secret plan",
      version: 1,
      deleted_at: null,
    });
  });

  it("cannot replay another user's mutation id to read its outcome", async () => {
    const id = randomUUID();
    const m = upsert(id, null, 'alice only');
    await push(alice.client, [m]);
    const [r] = await push(bob.client, [{ ...m, id: randomUUID() }]);
    expect(r!.status).toBe('rejected');
    expect(r!.row).toBeUndefined();
  });
});

// Two connections at once exist only on PostgreSQL (PGlite is one connection).
if (process.env.TEST_DATABASE_URL) {
  describe('pull cursor and late commits (PostgreSQL)', () => {
    it('does not skip a row whose transaction commits after a later one became visible', async () => {
      const { client, userId } = await server.signedInClient();
      const early = randomUUID();
      const late = randomUUID();
      // The early transaction takes its id first and commits last.
      const commitSlow = await pushInOpenTransaction(server, userId, [
        upsert(early, null, 'slow writer'),
      ]);
      await push(client, [upsert(late, null, 'fast writer')]);
      const first = await pull(client);
      expect(first.changes.post_drafts!.map((r) => r.id)).toEqual([late]);
      await commitSlow();
      const second = await pull(client, first.cursor);
      expect(second.changes.post_drafts!.map((r) => r.id)).toContain(early);
    });
  });
}
