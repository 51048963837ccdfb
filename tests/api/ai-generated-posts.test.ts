import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { postData, postDelete, postUpsert } from './publishing-helpers.ts';
import { pullEntities, push } from './sync-helpers.ts';

// public.ai_generated_posts (supabase/migrations/20261125000100_ai_generated_posts.sql): a synced
// entity (push, replay, pull, tombstones) under row-level security, with clear refusals, tied only
// to the user's own scheduled post and let go when that post is cancelled.

const ENTITY = 'ai_generated_posts';

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

function postFields(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    content: 'Fresh sourdough is out of the oven! #bakery',
    platforms: ['facebook', 'twitter'],
    ai_provider: 'chatgpt',
    status: 'pending-review',
    generated_at: '2026-11-24T09:00:00.000Z',
    prompt: 'Announce a new product or feature',
    engagement_prediction: 82,
    hashtags: ['#bakery'],
    feedback: null,
    reviewed_at: null,
    suggested_for: '2026-11-25T09:00:00.000Z',
    scheduled_post_id: null,
    created_at: '2026-11-24T09:00:00.000Z',
    ...extra,
  };
}

function upsert(id: string, data: Record<string, unknown>, base: number | null = null) {
  return { mutation_id: randomUUID(), entity: ENTITY, op: 'upsert', id, base_version: base, data };
}

function remove(id: string) {
  return {
    mutation_id: randomUUID(),
    entity: ENTITY,
    op: 'delete',
    id,
    base_version: null,
    data: null,
  };
}

async function serverRow(id: string) {
  const { rows } = await server.db.query<Record<string, unknown>>(
    `select status, content, feedback, scheduled_post_id, version, deleted_at, user_id
       from public.ai_generated_posts where id = $1`,
    [id],
  );
  return rows[0];
}

/** Alice's new AI post, pending review; its id. */
async function alicePost(extra: Record<string, unknown> = {}): Promise<string> {
  const id = randomUUID();
  const [result] = await push(alice.client, [upsert(id, postFields(extra))]);
  expect(result).toMatchObject({ status: 'applied', version: 1 });
  return id;
}

/** A scheduled post of `who`, pushed through sync; its id. */
async function scheduledPostOf(who: { client: SupabaseClient }): Promise<string> {
  const id = randomUUID();
  const [result] = await push(who.client, [postUpsert(id, postData())]);
  expect(result).toMatchObject({ status: 'applied' });
  return id;
}

describe('ai_generated_posts through sync', () => {
  it('is pushed (a replay answered duplicate), pulled by its owner only, and not changed by anyone else', async () => {
    const id = randomUUID();
    const m = upsert(id, postFields());
    const [first] = await push(alice.client, [m]);
    expect(first).toEqual({
      mutation_id: m.mutation_id,
      status: 'applied',
      version: 1,
      row: expect.objectContaining({
        id,
        user_id: alice.userId,
        content: 'Fresh sourdough is out of the oven! #bakery',
        platforms: ['facebook', 'twitter'],
        ai_provider: 'chatgpt',
        status: 'pending-review',
        prompt: 'Announce a new product or feature',
        engagement_prediction: 82,
        hashtags: ['#bakery'],
        feedback: null,
        scheduled_post_id: null,
        version: 1,
        deleted_at: null,
      }),
    });
    expect(first!.row).not.toHaveProperty('txid');
    expect(Date.parse(String(first!.row!.generated_at))).toBe(
      Date.parse('2026-11-24T09:00:00.000Z'),
    );
    expect(Date.parse(String(first!.row!.suggested_for))).toBe(
      Date.parse('2026-11-25T09:00:00.000Z'),
    );

    const [again] = await push(alice.client, [m]);
    expect(again).toMatchObject({
      mutation_id: m.mutation_id,
      status: 'duplicate',
      outcome: 'applied',
      version: 1,
      row: { id, version: 1 },
    });
    expect(await serverRow(id)).toMatchObject({ version: 1 });

    // The newest write wins: a review decision sent with no base (or an old one) is applied.
    const [approved] = await push(alice.client, [
      upsert(id, { status: 'approved', reviewed_at: '2026-11-24T10:00:00.000Z' }, null),
    ]);
    expect(approved).toMatchObject({
      status: 'applied',
      version: 2,
      row: { status: 'approved', content: 'Fresh sourdough is out of the oven! #bakery' },
    });

    const mine = await pullEntities(alice.client, [ENTITY]);
    expect(mine.changes[ENTITY]).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id, user_id: alice.userId, status: 'approved', version: 2 }),
      ]),
    );
    expect((await pullEntities(bob.client, [ENTITY])).changes[ENTITY]).toEqual([]);

    // Bob naming Alice's post: the insert meets her primary key; his delete finds nothing.
    const [taken] = await push(bob.client, [upsert(id, postFields({ status: 'rejected' }))]);
    expect(taken).toMatchObject({ status: 'rejected', error: { code: '23505' } });
    expect(taken!.row).toBeUndefined();
    const [gone] = await push(bob.client, [remove(id)]);
    expect(gone).toMatchObject({ status: 'applied', row: null });
    expect(await serverRow(id)).toMatchObject({
      status: 'approved',
      version: 2,
      deleted_at: null,
      user_id: alice.userId,
    });

    // Nor through REST.
    const read = await bob.client.from(ENTITY).select('id').eq('id', id);
    expect(read.error).toBeNull();
    expect(read.data).toEqual([]);
    const changed = await bob.client
      .from(ENTITY)
      .update({ status: 'rejected' })
      .eq('id', id)
      .select();
    expect(changed.data).toEqual([]);
    const deleted = await bob.client.from(ENTITY).delete().eq('id', id).select();
    expect(deleted.data).toEqual([]);
    expect(await serverRow(id)).toMatchObject({ status: 'approved', version: 2 });
  });

  it('tombstones a deleted post, which pulls carry to the owner only', async () => {
    const id = await alicePost();
    const before = await pullEntities(alice.client, [ENTITY]);

    const m = remove(id);
    const [deleted] = await push(alice.client, [m]);
    expect(deleted).toMatchObject({
      mutation_id: m.mutation_id,
      status: 'applied',
      version: 2,
      row: { id, deleted_at: expect.any(String) },
    });
    const [replayed] = await push(alice.client, [m]);
    expect(replayed).toMatchObject({ status: 'duplicate', outcome: 'applied' });
    expect(await serverRow(id)).toMatchObject({ version: 2, deleted_at: expect.anything() });

    const after = await pullEntities(alice.client, [ENTITY], before.cursor);
    expect(after.changes[ENTITY]).toEqual([
      expect.objectContaining({ id, version: 2, deleted_at: expect.any(String) }),
    ]);
    expect((await pullEntities(bob.client, [ENTITY])).changes[ENTITY]).toEqual([]);

    // Upserted again, it comes back (as a draft does).
    const [back] = await push(alice.client, [upsert(id, { status: 'pending-review' })]);
    expect(back).toMatchObject({ status: 'applied', version: 3, row: { deleted_at: null } });
  });

  it('names every provider a post can be written by', async () => {
    for (const provider of ['chatgpt', 'openai', 'perplexity', 'grok', 'gemini', 'custom']) {
      const id = await alicePost({ ai_provider: provider });
      const { rows } = await server.db.query<{ ai_provider: string }>(
        'select ai_provider from public.ai_generated_posts where id = $1',
        [id],
      );
      expect(rows[0]?.ai_provider).toBe(provider);
    }
  });

  it('refuses bad values with a clear reason, and keeps the row as it was', async () => {
    const id = await alicePost();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ status: 'published' }, '22023', /status must be one of pending-review, approved/],
      [{ status: null }, '22023', /status must be one of/],
      [{ content: '   ' }, '22023', /content must not be empty/],
      [{ content: 'x'.repeat(63_207) }, '22001', /content must be at most 63206 characters/],
      [{ platforms: ['myspace'] }, '22023', /platforms must name at least one of facebook/],
      [{ platforms: [] }, '22023', /platforms must name at least one of/],
      [{ platforms: 'facebook' }, '22023', /platforms must be an array/],
      [
        { ai_provider: 'claude' },
        '22023',
        /ai_provider must be one of chatgpt, openai, perplexity, grok, gemini, custom/,
      ],
      [{ engagement_prediction: 101 }, '22023', /engagement_prediction must be a whole number/],
      [{ engagement_prediction: 'high' }, '22023', /engagement_prediction must be a whole number/],
      [{ feedback: 'f'.repeat(5001) }, '22001', /feedback must be at most 5000 characters/],
      [{ prompt: 'p'.repeat(5001) }, '22001', /prompt must be at most 5000 characters/],
      [{ hashtags: Array.from({ length: 101 }, (_, i) => `#t${i}`) }, '22001', /hashtags/],
      [{ suggested_for: 'soon' }, '22007', /timestamp/],
    ];
    for (const [data, code, message] of cases) {
      const [result] = await push(alice.client, [upsert(id, data)]);
      expect(result, JSON.stringify(data).slice(0, 80)).toMatchObject({
        status: 'rejected',
        error: { code },
      });
      expect(result!.error!.message).toMatch(message);
    }
    // A new post is checked the same way.
    const [fresh] = await push(alice.client, [
      upsert(randomUUID(), postFields({ status: 'draft' })),
    ]);
    expect(fresh).toMatchObject({ status: 'rejected', error: { code: '22023' } });
    expect(await serverRow(id)).toMatchObject({ status: 'pending-review', version: 1 });

    // REST writes meet the same checks.
    const rest = await alice.client
      .from(ENTITY)
      .insert({ id: randomUUID(), ...postFields({ status: 'maybe' }) });
    expect(rest.error).toMatchObject({ code: '22023' });
    expect(rest.error!.message).toMatch(/status must be one of/);
    expect(rest.status).toBeGreaterThanOrEqual(400);
    expect(rest.status).toBeLessThan(500);

    // A fractional prediction is rounded to the whole percentage.
    const [rounded] = await push(alice.client, [upsert(id, { engagement_prediction: 71.6 })]);
    expect(rounded).toMatchObject({ status: 'applied', row: { engagement_prediction: 72 } });
  });
});

describe('the tie to a scheduled post', () => {
  it('ties a post to its owner’s scheduled post only', async () => {
    const mine = await scheduledPostOf(alice);
    const theirs = await scheduledPostOf(bob);
    const id = await alicePost();

    for (const other of [theirs, randomUUID()]) {
      const [refused] = await push(alice.client, [
        upsert(id, { status: 'scheduled', scheduled_post_id: other }),
      ]);
      expect(refused).toMatchObject({
        status: 'rejected',
        error: {
          code: '23503',
          message: 'scheduled_post_id must name one of your scheduled posts',
        },
      });
    }
    const rest = await alice.client
      .from(ENTITY)
      .update({ status: 'scheduled', scheduled_post_id: theirs })
      .eq('id', id);
    expect(rest.error).toMatchObject({ code: '23503' });
    expect(await serverRow(id)).toMatchObject({
      status: 'pending-review',
      scheduled_post_id: null,
    });

    // Pushed in one batch after the scheduled post, as the app queues them.
    const next = randomUUID();
    const results = await push(alice.client, [
      postUpsert(next, postData()),
      upsert(id, { status: 'scheduled', scheduled_post_id: next }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(results[1]!.row).toMatchObject({ status: 'scheduled', scheduled_post_id: next });
    expect(mine).not.toBe(next);
  });

  it('puts the post back to approved when its scheduled post is cancelled, on every device', async () => {
    const post = await scheduledPostOf(alice);
    const id = await alicePost();
    const [tied] = await push(alice.client, [
      upsert(id, { status: 'scheduled', scheduled_post_id: post }),
    ]);
    expect(tied).toMatchObject({ status: 'applied', version: 2 });
    const before = await pullEntities(alice.client, [ENTITY]);

    const [cancelled] = await push(alice.client, [postDelete(post)]);
    expect(cancelled).toMatchObject({ status: 'applied' });
    expect(await serverRow(id)).toMatchObject({
      status: 'approved',
      scheduled_post_id: null,
      version: 3,
    });
    const after = await pullEntities(alice.client, [ENTITY], before.cursor);
    expect(after.changes[ENTITY]).toEqual([
      expect.objectContaining({ id, status: 'approved', scheduled_post_id: null, version: 3 }),
    ]);

    // A device that still thinks it is tied to the cancelled post cannot tie it again.
    const [stale] = await push(alice.client, [
      upsert(id, { status: 'scheduled', scheduled_post_id: post }),
    ]);
    expect(stale).toMatchObject({
      status: 'applied',
      row: { status: 'approved', scheduled_post_id: null },
    });
  });

  it('puts the post back to approved when its scheduled post row is deleted outright', async () => {
    const post = await scheduledPostOf(alice);
    const id = await alicePost({ status: 'approved' });
    await push(alice.client, [upsert(id, { status: 'scheduled', scheduled_post_id: post })]);
    await server.db.query('delete from public.scheduled_posts where id = $1', [post]);
    expect(await serverRow(id)).toMatchObject({ status: 'approved', scheduled_post_id: null });
  });

  it('leaves other posts alone when a scheduled post is cancelled', async () => {
    const post = await scheduledPostOf(alice);
    const other = await scheduledPostOf(alice);
    const id = await alicePost();
    await push(alice.client, [upsert(id, { status: 'scheduled', scheduled_post_id: other })]);
    await push(alice.client, [postDelete(post)]);
    expect(await serverRow(id)).toMatchObject({ status: 'scheduled', scheduled_post_id: other });
  });
});

describe('the account export', () => {
  it('has the owner’s AI posts without sync internals, and no one else’s or deleted ones', async () => {
    const kept = await alicePost({ feedback: 'Shorter, please' });
    const gone = await alicePost();
    await push(alice.client, [remove(gone)]);
    const bobs = randomUUID();
    await push(bob.client, [upsert(bobs, postFields())]);

    const { data, error } = await alice.client.rpc('export_account_data');
    expect(error).toBeNull();
    const exported = (data as { ai_generated_posts: Record<string, unknown>[] }).ai_generated_posts;
    const ids = exported.map((row) => row.id);
    expect(ids).toContain(kept);
    expect(ids).not.toContain(gone);
    expect(ids).not.toContain(bobs);
    const row = exported.find((r) => r.id === kept)!;
    expect(row).toMatchObject({ status: 'pending-review', feedback: 'Shorter, please' });
    expect(row).not.toHaveProperty('txid');
    expect(row).not.toHaveProperty('last_mutation_id');
  });
});
