import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import {
  addAccount,
  claim,
  finish,
  inMinutes,
  makeDue,
  noticesOf,
  postRow,
  postUpsert,
  schedule,
  targetsOf,
  type Claimed,
} from './publishing-helpers.ts';
import { createUser } from './rest-helpers.ts';
import { holdOpenTransaction, push, pushInOpenTransaction } from './sync-helpers.ts';

// The publisher's service-role RPCs: publisher_claim (also two claims at once on PostgreSQL),
// publisher_finish and publisher_reconnect_needed, with the notices they write. The user's actions,
// notices, delivery and the other service-role RPCs: publishing-user-sql.test.ts.
// docs/publishing.md.

let server: TestServer;
let service: SupabaseClient;

beforeAll(async () => {
  server = await startTestServer();
  service = server.serviceClient();
});

afterAll(async () => {
  await server?.close();
});

/** A user with one Facebook page and a post on it that is due now. */
async function duePost(extra: Record<string, unknown> = {}) {
  const u = await createUser(server);
  const page = await addAccount(server, u.userId, 'facebook', 'Bloom Cafe');
  const { id } = await schedule(u.client, extra);
  await makeDue(server, id);
  const [target] = await targetsOf(server, id);
  return { u, page, id, target: target! };
}

/** Claims, keeping only the targets of `postId`. */
async function claimPost(postId: string, attempt = randomUUID()): Promise<Claimed[]> {
  return (await claim(service, attempt)).filter((c) => c.post_id === postId);
}

async function rpc(client: SupabaseClient, fn: string, args: Record<string, unknown>) {
  return client.rpc(fn, args);
}

describe('publisher_claim', () => {
  it('claims due targets only, once, with what the publisher needs', async () => {
    const u = await createUser(server);
    const page = await addAccount(server, u.userId, 'facebook', 'Bloom Cafe');
    const { id: later } = await schedule(u.client);
    const { id } = await schedule(u.client, { content: 'Due now' });
    await makeDue(server, id);
    const { rows } = await server.db.query<{ platform_account_id: string }>(
      'select platform_account_id from public.social_media_accounts where id = $1',
      [page],
    );
    const attempt = randomUUID();
    const claimed = (await claim(service, attempt)).filter((c) => c.user_id === u.userId);
    const [target] = await targetsOf(server, id);
    expect(claimed).toEqual([
      {
        id: target!.id,
        attempt_id: attempt,
        user_id: u.userId,
        post_id: id,
        platform: 'facebook',
        account_id: page,
        platform_account_id: rows[0]!.platform_account_id,
        account_name: 'Bloom Cafe',
        content: 'Due now',
        attempts: 1,
        outcome_unknown: false,
        resend_confirmed: false,
        claimed_at: expect.any(String),
        due_at: expect.any(String),
      },
    ]);
    expect(target).toMatchObject({ status: 'publishing', attempt_id: attempt, attempts: 1 });
    expect((await postRow(server, id))!.status).toBe('publishing');
    expect((await targetsOf(server, later))[0]!.status).toBe('scheduled');
    // Claimed and not yet stuck: a second claim leaves it alone.
    expect(await claimPost(id)).toEqual([]);
  });

  it('turns a due target to post yourself into a reminder with its notice, not a claim', async () => {
    const u = await createUser(server);
    const { id } = await schedule(u.client, {
      platforms: ['instagram', 'twitter'],
      content: `${'Long text '.repeat(10)}end`,
    });
    await makeDue(server, id);
    expect(await claimPost(id)).toEqual([]);
    expect((await targetsOf(server, id)).map((t) => t.status)).toEqual(['reminder', 'reminder']);
    expect((await postRow(server, id))!.status).toBe('needs_attention');
    const snippet = `${'Long text '.repeat(8)}…`;
    expect(snippet.length).toBe(81);
    expect(
      (await noticesOf(server, u.userId)).map((n) => [n.kind, n.title, n.body, n.url]).sort(),
    ).toEqual([
      ['reminder', 'Time to post on Instagram', snippet, '/calendar'],
      ['reminder', 'Time to post on X (Twitter)', snippet, '/calendar'],
    ]);
    await claim(service);
    expect(await noticesOf(server, u.userId)).toHaveLength(2);
  });

  it('fails due targets of a disconnected account or one that needs reconnecting', async () => {
    const gone = await duePost();
    await server.db.query(
      'update public.social_media_accounts set is_active = false where id = $1',
      [gone.page],
    );
    const dead = await duePost();
    await server.db.query(
      `update public.social_media_accounts
          set connection_status = 'reconnect_needed',
              connection_error = 'Reconnect Facebook: the connection expired or was revoked.'
        where id = $1`,
      [dead.page],
    );
    const claimed = await claim(service);
    expect(claimed.map((c) => c.post_id)).not.toContain(gone.id);
    expect(claimed.map((c) => c.post_id)).not.toContain(dead.id);
    expect((await targetsOf(server, gone.id))[0]).toMatchObject({
      status: 'failed',
      error_code: 'account_disconnected',
      error_message: 'Bloom Cafe is no longer connected. Connect it again, then press Retry.',
    });
    expect((await targetsOf(server, dead.id))[0]).toMatchObject({
      status: 'failed',
      error_code: 'reconnect_needed',
      error_message: 'Reconnect Facebook: the connection expired or was revoked.',
    });
    expect((await postRow(server, dead.id))!.status).toBe('failed');
    expect(await noticesOf(server, dead.u.userId)).toEqual([
      expect.objectContaining({
        kind: 'failed',
        title: 'Not published on Facebook',
        body: 'Reconnect Facebook: the connection expired or was revoked.',
        url: '/calendar',
        post_id: dead.id,
        target_id: dead.target.id,
      }),
    ]);
  });

  it('claims a target stuck in publishing again as outcome unknown; the old claim is void', async () => {
    const { id, target } = await duePost();
    const first = randomUUID();
    await claimPost(id, first);
    // Not stuck yet after 300 s.
    expect(await claimPost(id)).toEqual([]);
    await server.db.query(
      `update public.publish_targets set claimed_at = now() - interval '10 minutes' where id = $1`,
      [target.id],
    );
    const second = randomUUID();
    const again = await claimPost(id, second);
    expect(again).toEqual([
      expect.objectContaining({
        id: target.id,
        attempt_id: second,
        outcome_unknown: true,
        attempts: 1,
      }),
    ]);
    expect(await finish(service, target.id, first, { status: 'published', remote_id: 'x' })).toBe(
      false,
    );
    expect(
      await finish(service, target.id, second, {
        status: 'needs_attention',
        error_code: 'outcome_unknown',
        error_message: 'No answer from Facebook',
      }),
    ).toBe(true);
    expect((await targetsOf(server, id))[0]).toMatchObject({
      status: 'needs_attention',
      outcome_unknown: false,
    });
  });

  it('never hands one target to two claims running at once', async () => {
    const u = await createUser(server);
    await addAccount(server, u.userId, 'facebook', 'Bloom Cafe');
    const posts: string[] = [];
    for (let i = 0; i < 12; i++)
      posts.push((await schedule(u.client, { content: `Post ${i}` })).id);
    // Earlier tests' due targets are claimed first, so that only these twelve are due.
    await claim(service);
    for (const id of posts) await makeDue(server, id);
    const [a, b] = await Promise.all([
      claim(service, randomUUID(), 7),
      claim(service, randomUUID(), 7),
    ]);
    const mine = (c: Claimed[]) => c.filter((x) => x.user_id === u.userId).map((x) => x.id);
    const ids = [...mine(a!), ...mine(b!)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(12);
  });
});

describe('publisher_finish', () => {
  it('publishes with a notice; only its own attempt counts, and only once', async () => {
    const { u, id, target } = await duePost();
    const [c] = await claimPost(id);
    expect(await finish(service, target.id, randomUUID(), { status: 'published' })).toBe(false);
    expect((await targetsOf(server, id))[0]!.status).toBe('publishing');
    const outcome = {
      status: 'published',
      remote_id: '123_456',
      permalink: 'https://www.facebook.com/123_456',
    };
    expect(await finish(service, target.id, c!.attempt_id, outcome)).toBe(true);
    expect(await finish(service, target.id, c!.attempt_id, outcome)).toBe(false);
    expect((await targetsOf(server, id))[0]).toMatchObject({
      status: 'published',
      remote_id: '123_456',
      permalink: 'https://www.facebook.com/123_456',
      published_at: expect.any(Date),
    });
    expect((await postRow(server, id))!.status).toBe('published');
    expect(await noticesOf(server, u.userId)).toEqual([
      expect.objectContaining({
        kind: 'published',
        title: 'Published on Facebook',
        body: 'Bloom Cafe: Spring sale starts today',
        url: 'https://www.facebook.com/123_456',
        post_id: id,
        target_id: target.id,
        read_at: null,
      }),
    ]);
  });

  it('fails, or needs attention, with the notice texts', async () => {
    const failed = await duePost();
    const [c1] = await claimPost(failed.id);
    await finish(service, c1!.id, c1!.attempt_id, {
      status: 'failed',
      error_code: 'permission',
      error_message: 'The page did not allow posting.',
    });
    expect((await postRow(server, failed.id))!.status).toBe('failed');
    expect(await noticesOf(server, failed.u.userId)).toEqual([
      expect.objectContaining({
        kind: 'failed',
        title: 'Not published on Facebook',
        body: 'The page did not allow posting.',
        url: '/calendar',
      }),
    ]);

    const doubt = await duePost();
    const [c2] = await claimPost(doubt.id);
    await finish(service, c2!.id, c2!.attempt_id, {
      status: 'needs_attention',
      error_code: 'outcome_unknown',
      error_message: 'Timed out',
    });
    expect((await postRow(server, doubt.id))!.status).toBe('needs_attention');
    expect(await noticesOf(server, doubt.u.userId)).toEqual([
      expect.objectContaining({
        kind: 'needs_attention',
        title: 'Check your page before posting again',
        body: 'We could not tell whether your post reached Bloom Cafe on Facebook.',
        url: '/calendar',
      }),
    ]);
  });

  it('retry: back to scheduled until retry_at, with no notice; then claimed again', async () => {
    const { u, id, target } = await duePost();
    const [c] = await claimPost(id);
    const retryAt = inMinutes(2);
    expect(
      await finish(service, target.id, c!.attempt_id, {
        status: 'retry',
        retry_at: retryAt,
        error_code: 'rate_limited',
        error_message: 'Too many calls',
      }),
    ).toBe(true);
    const [t] = await targetsOf(server, id);
    expect(t).toMatchObject({ status: 'scheduled', attempt_id: null, attempts: 1 });
    expect(new Date(t!.next_attempt_at!).toISOString()).toBe(retryAt);
    expect(await claimPost(id)).toEqual([]);
    await server.db.query(
      `update public.publish_targets set next_attempt_at = now() - interval '1 second' where id = $1`,
      [target.id],
    );
    expect(await claimPost(id)).toEqual([expect.objectContaining({ id: target.id, attempts: 2 })]);
    expect(await noticesOf(server, u.userId)).toEqual([]);
  });

  it('refuses an unknown outcome; a permalink that is not a web address is not kept', async () => {
    const { u, id, target } = await duePost();
    const [c] = await claimPost(id);
    const bad = await rpc(service, 'publisher_finish', {
      p_target: target.id,
      p_attempt: c!.attempt_id,
      p_outcome: { status: 'done' },
    });
    expect(bad.error).toMatchObject({ code: '22023' });
    await finish(service, target.id, c!.attempt_id, {
      status: 'published',
      remote_id: '1',
      permalink: 'javascript:alert(1)',
    });
    expect((await targetsOf(server, id))[0]!.permalink).toBeNull();
    expect((await noticesOf(server, u.userId))[0]!.url).toBe('/calendar');
  });
});

describe('publisher_reconnect_needed', () => {
  it('marks the account, notices once, and fails only its due targets', async () => {
    const { u, page, id, target } = await duePost();
    const { id: later } = await schedule(u.client);
    const reason = 'Reconnect Facebook: the connection expired or was revoked.';
    const first = await rpc(service, 'publisher_reconnect_needed', {
      p_account: page,
      p_reason: reason,
    });
    expect(first).toMatchObject({ error: null, data: 1 });
    const second = await rpc(service, 'publisher_reconnect_needed', {
      p_account: page,
      p_reason: reason,
    });
    expect(second).toMatchObject({ error: null, data: 0 });
    expect((await targetsOf(server, id))[0]).toMatchObject({
      id: target.id,
      status: 'failed',
      error_code: 'reconnect_needed',
      error_message: reason,
    });
    expect((await targetsOf(server, later))[0]!.status).toBe('scheduled');
    const { rows } = await server.db.query(
      'select connection_status, connection_error from public.social_media_accounts where id = $1',
      [page],
    );
    expect(rows).toEqual([{ connection_status: 'reconnect_needed', connection_error: reason }]);
    const notices = await noticesOf(server, u.userId);
    expect(notices.filter((n) => n.kind === 'reconnect_needed')).toEqual([
      expect.objectContaining({
        title: 'Reconnect Facebook',
        body: 'Bloom Cafe needs to be connected again. Its posts will not go out until you reconnect.',
        url: '/settings?tab=integrations',
      }),
    ]);
    expect(notices.filter((n) => n.kind === 'failed')).toHaveLength(1);

    // Publish again waits for the reconnect.
    const again = await rpc(u.client, 'publish_target_again', { p_target: target.id });
    expect(again.error).toMatchObject({ code: '22023', message: 'Reconnect this account first.' });
    await server.db.query(
      `update public.social_media_accounts set connection_status = 'connected', connection_error = null
        where id = $1`,
      [page],
    );
    const ok = await rpc(u.client, 'publish_target_again', { p_target: target.id });
    expect(ok.error).toBeNull();
    expect(ok.data).toMatchObject({ id: target.id, status: 'scheduled', resend_confirmed: false });
  });
});

if (process.env.TEST_DATABASE_URL) {
  describe('two claims on two connections (PostgreSQL)', () => {
    it('a claim skips the targets another uncommitted claim holds', async () => {
      const u = await createUser(server);
      await addAccount(server, u.userId, 'facebook', 'Bloom Cafe');
      const posts: string[] = [];
      for (let i = 0; i < 6; i++)
        posts.push((await schedule(u.client, { content: `Post ${i}` })).id);
      // Earlier tests' due targets are claimed first, so that only these six are due.
      await claim(service);
      for (const id of posts) await makeDue(server, id);
      let held: string[] = [];
      const commit = await holdOpenTransaction(server, async (tx) => {
        await tx.query(`set local role service_role`);
        const { rows } = await tx.query<{ c: Claimed[] }>(
          'select public.publisher_claim($1, 3) as c',
          [randomUUID()],
        );
        held = rows[0]!.c.filter((x) => x.user_id === u.userId).map((x) => x.id);
      });
      const other = (await claim(service)).filter((x) => x.user_id === u.userId).map((x) => x.id);
      await commit();
      expect(held).toHaveLength(3);
      expect(other).toHaveLength(3);
      expect(other.filter((id) => held.includes(id))).toEqual([]);
      const { rows } = await server.db.query(
        `select count(*)::int as n from public.publish_targets
          where user_id = $1 and status = 'publishing' and attempts = 1`,
        [u.userId],
      );
      expect(rows).toEqual([{ n: 6 }]);
    });

    it('an edit racing a claim: whichever locks the targets first wins, never both', async () => {
      // The claim first: the edit waits for it, then finds the post locked.
      const first = await duePost();
      await claim(service);
      await makeDue(server, first.id);
      const commitClaim = await holdOpenTransaction(server, async (tx) => {
        await tx.query(`set local role service_role`);
        await tx.query('select public.publisher_claim($1, 500)', [randomUUID()]);
      });
      const edit = push(first.u.client, [postUpsert(first.id, { content: 'Edited meanwhile' })]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await commitClaim();
      expect((await edit)[0]).toMatchObject({ status: 'rejected', error: { code: 'P0001' } });
      expect((await postRow(server, first.id))!.content).toBe('Spring sale starts today');

      // The edit first: the claim skips the post's target until the edit commits, then sends the
      // edited text.
      const second = await duePost();
      const commitEdit = await pushInOpenTransaction(server, second.u.userId, [
        postUpsert(second.id, { content: 'Edited first' }),
      ]);
      expect(await claimPost(second.id)).toEqual([]);
      await commitEdit();
      expect(await claimPost(second.id)).toEqual([
        expect.objectContaining({ id: second.target.id, content: 'Edited first' }),
      ]);
    });
  });
}
