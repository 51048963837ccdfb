import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { pullEntities, push } from './sync-helpers.ts';

// public.content_ideas (supabase/migrations/20261125000200_content_ideas.sql): a synced entity
// through sync_push / sync_pull, its value checks and its row-level security.

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

function idea(over: Record<string, unknown> = {}) {
  return {
    title: 'Pumpkin loaf week',
    description: 'Seasonal bakes, one a day.',
    type: 'trending',
    score: 91,
    saved: false,
    saved_at: null,
    batch_id: '0b3c6f0e-1111-4222-8333-444455556666',
    sample_key: null,
    created_at: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

function upsert(id: string, data: Record<string, unknown>, base: number | null = null) {
  return {
    mutation_id: randomUUID(),
    entity: 'content_ideas',
    op: 'upsert',
    id,
    base_version: base,
    data,
  };
}

function remove(id: string, base: number | null) {
  return {
    mutation_id: randomUUID(),
    entity: 'content_ideas',
    op: 'delete',
    id,
    base_version: base,
    data: null,
  };
}

async function serverRow(id: string) {
  const { rows } = await server.db.query<Record<string, unknown>>(
    'select title, saved, saved_at, score, version, user_id, deleted_at from public.content_ideas where id = $1',
    [id],
  );
  return rows[0];
}

describe('content_ideas through sync', () => {
  it('is a registered entity with the pull index and the tombstone trigger', async () => {
    const { rows } = await server.db.query(
      'select owner_column, apply_fn, json_fn, soft_delete from private.sync_entities where entity = $1',
      ['content_ideas'],
    );
    expect(rows).toEqual([
      {
        owner_column: 'user_id',
        apply_fn: 'private.sync_apply_content_ideas(jsonb)',
        json_fn: 'private.sync_content_ideas_json(public.content_ideas)',
        soft_delete: true,
      },
    ]);
    const triggers = await server.db.query<{ name: string }>(
      `select t.tgname::text as name from pg_catalog.pg_trigger t
        where t.tgrelid = 'public.content_ideas'::regclass and not t.tgisinternal order by 1`,
    );
    expect(triggers.rows.map((r) => r.name)).toEqual([
      'content_ideas_bump_version',
      'content_ideas_record_delete',
      'content_ideas_stamp_txid',
    ]);
  });

  it('is pushed (a replay answered duplicate), saved and unsaved, and pulled by its owner only', async () => {
    const id = randomUUID();
    const m = upsert(id, idea());
    const [first] = await push(alice.client, [m]);
    expect(first).toEqual({
      mutation_id: m.mutation_id,
      status: 'applied',
      version: 1,
      row: expect.objectContaining({
        id,
        user_id: alice.userId,
        title: 'Pumpkin loaf week',
        type: 'trending',
        score: 91,
        saved: false,
        saved_at: null,
        version: 1,
        deleted_at: null,
      }),
    });
    expect(first!.row).not.toHaveProperty('txid');
    expect(Date.parse(String(first!.row!.created_at))).toBe(Date.parse('2026-11-20T10:00:00Z'));

    const [again] = await push(alice.client, [m]);
    expect(again).toMatchObject({
      mutation_id: m.mutation_id,
      status: 'duplicate',
      outcome: 'applied',
      version: 1,
      row: { id, version: 1 },
    });
    expect(await serverRow(id)).toMatchObject({ version: 1 });

    // Saved: saved_at is the client's time, never later than the server's now.
    const savedAt = '2026-11-21T08:00:00.000Z';
    const [save] = await push(alice.client, [
      upsert(id, idea({ saved: true, saved_at: savedAt }), 1),
    ]);
    expect(save).toMatchObject({ status: 'applied', version: 2, row: { saved: true } });
    expect(Date.parse(String(save!.row!.saved_at))).toBe(Date.parse(savedAt));
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const [late] = await push(alice.client, [
      upsert(randomUUID(), idea({ saved: true, saved_at: future })),
    ]);
    expect(Date.parse(String(late!.row!.saved_at))).toBeLessThanOrEqual(Date.now() + 1000);

    // The newest write wins, whatever base it names; unsaving clears saved_at.
    const [unsave] = await push(alice.client, [upsert(id, { saved: false }, 1)]);
    expect(unsave).toMatchObject({
      status: 'applied',
      version: 3,
      row: { saved: false, saved_at: null, title: 'Pumpkin loaf week', score: 91 },
    });

    const mine = await pullEntities(alice.client, ['content_ideas']);
    expect(mine.changes.content_ideas).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id, user_id: alice.userId, saved: false, version: 3 }),
      ]),
    );
    expect((await pullEntities(bob.client, ['content_ideas'])).changes.content_ideas).toEqual([]);
  });

  it('keeps another user from changing or deleting an idea, or reading it over REST', async () => {
    const id = randomUUID();
    await push(alice.client, [upsert(id, idea({ title: "Alice's idea" }))]);

    const [taken] = await push(bob.client, [upsert(id, idea({ title: 'Bob was here' }))]);
    expect(taken).toMatchObject({ status: 'rejected', error: { code: '23505' } });
    expect(taken!.row).toBeUndefined();
    const [gone] = await push(bob.client, [remove(id, 1)]);
    // Invisible to Bob: nothing to delete.
    expect(gone).toMatchObject({ status: 'applied', row: null });
    expect(await serverRow(id)).toMatchObject({
      title: "Alice's idea",
      user_id: alice.userId,
      deleted_at: null,
    });

    const read = await bob.client.from('content_ideas').select('id').eq('id', id);
    expect(read.data).toEqual([]);
    const update = await bob.client
      .from('content_ideas')
      .update({ title: 'Bob was here' })
      .eq('id', id)
      .select();
    expect(update.data).toEqual([]);
    const insert = await bob.client
      .from('content_ideas')
      .insert({ id: randomUUID(), user_id: alice.userId, ...idea() });
    expect(insert.error).toMatchObject({ code: '42501' });
    expect(await serverRow(id)).toMatchObject({ title: "Alice's idea" });
  });

  it('tombstones a delete, which the pull carries; a stale delete loses to a newer save', async () => {
    const id = randomUUID();
    const [created] = await push(alice.client, [upsert(id, idea())]);
    const before = await pullEntities(alice.client, ['content_ideas']);

    // Saved on another device (version 2) while this one still deletes version 1.
    await push(alice.client, [upsert(id, { saved: true }, 1)]);
    const [stale] = await push(alice.client, [remove(id, created!.version ?? null)]);
    expect(stale).toMatchObject({
      status: 'conflict',
      version: 2,
      row: { id, saved: true, deleted_at: null },
    });
    expect(stale!.copy ?? null).toBeNull();

    const del = remove(id, 2);
    const [deleted] = await push(alice.client, [del]);
    expect(deleted).toMatchObject({
      status: 'applied',
      version: 3,
      row: { id, deleted_at: expect.any(String) },
    });
    const [replayed] = await push(alice.client, [del]);
    expect(replayed).toMatchObject({ status: 'duplicate', outcome: 'applied' });
    expect(await serverRow(id)).toMatchObject({ version: 3, deleted_at: expect.anything() });

    const after = await pullEntities(alice.client, ['content_ideas'], before.cursor);
    expect(after.changes.content_ideas).toEqual([
      expect.objectContaining({ id, version: 3, deleted_at: expect.any(String) }),
    ]);

    // A save after the delete brings the idea back.
    const [back] = await push(alice.client, [upsert(id, { saved: true }, 3)]);
    expect(back).toMatchObject({ status: 'applied', version: 4, row: { deleted_at: null } });

    // A REST delete leaves a tombstone for the other devices too.
    const restId = randomUUID();
    await push(alice.client, [upsert(restId, idea())]);
    const cursor = (await pullEntities(alice.client, ['content_ideas'])).cursor;
    const rest = await alice.client.from('content_ideas').delete().eq('id', restId);
    expect(rest.error).toBeNull();
    const pulled = await pullEntities(alice.client, ['content_ideas'], cursor);
    expect(pulled.changes.content_ideas).toEqual([
      expect.objectContaining({ id: restId, deleted_at: expect.any(String) }),
    ]);
  });

  it('refuses bad values with a clear message, through sync and over REST', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [idea({ title: '' }), '23514', /title must be 1 to 200 characters/],
      [idea({ title: '   ' }), '23514', /title must be 1 to 200 characters/],
      [idea({ title: 'T'.repeat(201) }), '23514', /title must be 1 to 200 characters/],
      [idea({ title: 42 }), '23514', /title must be 1 to 200 characters/],
      [idea({ description: 'D'.repeat(2001) }), '23514', /description must be at most 2000/],
      [idea({ description: ['x'] }), '22023', /description must be text/],
      [idea({ score: 101 }), '23514', /score must be from 0 to 100/],
      [idea({ score: -1 }), '23514', /score must be from 0 to 100/],
      [idea({ score: '90' }), '22023', /score must be a number from 0 to 100/],
      [idea({ score: null }), '22023', /score must be a number from 0 to 100/],
      [idea({ type: 'viral' }), '23514', /type must be ai-generated, trending or recommended/],
      [idea({ type: null }), '23514', /type must be ai-generated, trending or recommended/],
      [idea({ saved: 'yes' }), '22023', /saved must be true or false/],
      [idea({ sample_key: '' }), '23514', /sample_key must be 1 to 100/],
    ];
    const mutations = cases.map(([data]) => upsert(randomUUID(), data));
    const results = await push(alice.client, mutations);
    expect(results.map((r) => [r.status, r.error?.code])).toEqual(
      cases.map(([, code]) => ['rejected', code]),
    );
    results.forEach((r, i) => expect(r.error?.message).toMatch(cases[i]![2]));
    const ids = mutations.map((m) => m.id);
    const { rows } = await server.db.query(
      'select id from public.content_ideas where id = any($1)',
      [ids],
    );
    expect(rows).toEqual([]);

    // A partial update checks only what it sends; an existing row keeps its checks.
    const id = randomUUID();
    await push(alice.client, [upsert(id, idea())]);
    const [badEdit] = await push(alice.client, [upsert(id, { score: 500 }, 1)]);
    expect(badEdit).toMatchObject({ status: 'rejected', error: { code: '23514' } });
    const [goodEdit] = await push(alice.client, [upsert(id, { score: 12.6 }, 1)]);
    expect(goodEdit).toMatchObject({ status: 'applied', row: { score: 13 } });

    // The table's own checks refuse the same over REST.
    for (const bad of [
      { title: '' },
      { title: 'T'.repeat(201) },
      { description: 'D'.repeat(2001) },
      { score: 101 },
      { type: 'viral' },
    ]) {
      const { error } = await alice.client
        .from('content_ideas')
        .insert({ id: randomUUID(), ...idea(), saved_at: undefined, ...bad });
      expect(error, JSON.stringify(bad)).toMatchObject({ code: '23514' });
    }
  });
});

describe('the account export', () => {
  it('has the owner’s ideas without sync internals, and no one else’s or deleted ones', async () => {
    const kept = randomUUID();
    const gone = randomUUID();
    const bobs = randomUUID();
    await push(alice.client, [
      upsert(kept, idea({ title: 'Export me', saved: true })),
      upsert(gone, idea({ title: 'Deleted idea' })),
    ]);
    await push(alice.client, [remove(gone, 1)]);
    await push(bob.client, [upsert(bobs, idea({ title: 'Bob’s idea' }))]);

    const { data, error } = await alice.client.rpc('export_account_data');
    expect(error).toBeNull();
    const exported = (data as { content_ideas: Record<string, unknown>[] }).content_ideas;
    const ids = exported.map((row) => row.id);
    expect(ids).toContain(kept);
    expect(ids).not.toContain(gone);
    expect(ids).not.toContain(bobs);
    const row = exported.find((r) => r.id === kept)!;
    expect(row).toMatchObject({ title: 'Export me', saved: true, type: 'trending', score: 91 });
    expect(row).not.toHaveProperty('txid');
    expect(row).not.toHaveProperty('last_mutation_id');
  });
});
