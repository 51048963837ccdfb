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
import { clientWith, createUser, userToken, type TestUser } from './rest-helpers.ts';
import { holdOpenTransaction, pullEntities, push, pushInOpenTransaction } from './sync-helpers.ts';

// The publisher's service-role RPCs (publisher_claim, publisher_finish, publisher_reconnect_needed,
// worker_heartbeat/worker_status, notice delivery), the user's two actions on a target
// (mark_target_posted, publish_target_again), notices and the export. docs/publishing.md.

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

describe("the user's actions on a target", () => {
  async function needsAttention() {
    const d = await duePost();
    const [c] = await claimPost(d.id);
    await finish(service, c!.id, c!.attempt_id, {
      status: 'needs_attention',
      error_code: 'outcome_unknown',
      error_message: 'Timed out',
    });
    return d;
  }

  it('Publish again after needs attention confirms the resend and makes it due now', async () => {
    const { u, id, target } = await needsAttention();
    const { data, error } = await rpc(u.client, 'publish_target_again', { p_target: target.id });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: target.id,
      status: 'scheduled',
      resend_confirmed: true,
      attempts: 0,
      error_code: null,
      error_message: null,
    });
    expect(data).not.toHaveProperty('attempt_id');
    expect((await postRow(server, id))!.status).toBe('scheduled');
    expect(await claimPost(id)).toEqual([
      expect.objectContaining({ id: target.id, resend_confirmed: true }),
    ]);
    // Now publishing: neither action applies.
    const wrong = await rpc(u.client, 'publish_target_again', { p_target: target.id });
    expect(wrong.error).toMatchObject({ code: '22023' });
    const posted = await rpc(u.client, 'mark_target_posted', { p_target: target.id });
    expect(posted.error).toMatchObject({ code: '22023' });
  });

  it('Mark as posted: from a reminder, failed or needs attention, with an optional link', async () => {
    const { u, id, target } = await needsAttention();
    const bad = await rpc(u.client, 'mark_target_posted', {
      p_target: target.id,
      p_permalink: 'ftp://example.com/x',
    });
    expect(bad.error).toMatchObject({ code: '22023' });
    const { data, error } = await rpc(u.client, 'mark_target_posted', {
      p_target: target.id,
      p_permalink: 'https://www.facebook.com/mine',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      status: 'posted',
      permalink: 'https://www.facebook.com/mine',
      published_at: expect.any(String),
    });
    expect((await postRow(server, id))!.status).toBe('published');

    const v = await createUser(server);
    const { id: manual } = await schedule(v.client, { platforms: ['instagram'] });
    await makeDue(server, manual);
    await claim(service);
    const [reminder] = await targetsOf(server, manual);
    const again = await rpc(v.client, 'publish_target_again', { p_target: reminder!.id });
    expect(again.error).toMatchObject({ code: '22023' });
    const done = await rpc(v.client, 'mark_target_posted', { p_target: reminder!.id });
    expect(done).toMatchObject({ error: null, data: { status: 'posted', permalink: null } });
  });

  it("someone else's target or none at all: Post not found (P0002); anon may not call", async () => {
    const { target } = await needsAttention();
    const mallory = await createUser(server);
    for (const fn of ['mark_target_posted', 'publish_target_again']) {
      for (const id of [target.id, randomUUID()]) {
        const r = await rpc(mallory.client, fn, { p_target: id });
        expect(r.error, fn).toMatchObject({ code: 'P0002', message: 'Post not found' });
      }
      const anon = await rpc(server.anonClient(), fn, { p_target: target.id });
      expect(anon.error, fn).toMatchObject({ code: '42501' });
    }
    expect(
      (
        await server.db.query('select status from public.publish_targets where id = $1', [
          target.id,
        ])
      ).rows,
    ).toEqual([{ status: 'needs_attention' }]);
  });

  it('needs the second factor when the user has one', async () => {
    const { u, target } = await needsAttention();
    await server.db.query(
      `insert into auth.mfa_factors (id, user_id, factor_type, status, created_at, updated_at)
       values ($1, $2, 'totp', 'verified', now(), now())`,
      [randomUUID(), u.userId],
    );
    const r = await rpc(u.client, 'publish_target_again', { p_target: target.id });
    expect(r.error).toMatchObject({ code: '42501' });
    const aal2 = clientWith(server, await userToken(server, u.userId, u.email, { aal: 'aal2' }));
    const ok = await rpc(aal2, 'publish_target_again', { p_target: target.id });
    expect(ok.error).toBeNull();
  });
});

describe('user_notifications', () => {
  async function withNotice(): Promise<{ u: TestUser; notice: Record<string, unknown> }> {
    const { u, id } = await duePost();
    const [c] = await claimPost(id);
    await finish(service, c!.id, c!.attempt_id, { status: 'published', remote_id: '9' });
    const [notice] = await noticesOf(server, u.userId);
    return { u, notice: notice! };
  }

  function read(id: unknown, readAt: string | null, op = 'upsert') {
    return {
      mutation_id: randomUUID(),
      entity: 'user_notifications',
      op,
      id,
      base_version: null,
      data: op === 'upsert' ? { read_at: readAt, title: 'Changed' } : null,
    };
  }

  it('a client only marks its own notices read; the earliest read time stays', async () => {
    const { u, notice } = await withNotice();
    const pulled = await pullEntities(u.client, ['user_notifications']);
    expect(pulled.changes.user_notifications).toEqual([
      expect.objectContaining({ id: notice.id, kind: 'published', read_at: null }),
    ]);
    const first = new Date(Date.now() - 60_000).toISOString();
    const [r1] = await push(u.client, [read(notice.id, first)]);
    expect(r1).toMatchObject({
      status: 'applied',
      row: { read_at: expect.any(String), title: 'Published on Facebook' },
    });
    expect(new Date(r1!.row!.read_at as string).toISOString()).toBe(first);
    const [r2] = await push(u.client, [read(notice.id, new Date().toISOString())]);
    expect(new Date(r2!.row!.read_at as string).toISOString()).toBe(first);
    const [r3] = await push(u.client, [read(notice.id, null)]);
    expect(new Date(r3!.row!.read_at as string).toISOString()).toBe(first);
    // The same over REST: read_at may change (never un-read); nothing else.
    const unread = await u.client
      .from('user_notifications')
      .update({ read_at: null })
      .eq('id', notice.id);
    expect(unread.error).toBeNull();
    const title = await u.client
      .from('user_notifications')
      .update({ title: 'Hacked' })
      .eq('id', notice.id);
    expect(title.error).toMatchObject({ code: '42501' });
    const { rows } = await server.db.query(
      'select title, read_at from public.user_notifications where id = $1',
      [notice.id],
    );
    expect(rows[0]!.title).toBe('Published on Facebook');
    expect((rows[0]!.read_at as Date).toISOString()).toBe(first);
  });

  it('refuses inserts and deletes; another user neither reads nor marks them', async () => {
    const { u, notice } = await withNotice();
    const refused = await push(u.client, [
      read(randomUUID(), null),
      read(notice.id, null, 'delete'),
    ]);
    for (const r of refused) {
      expect(r).toMatchObject({
        status: 'rejected',
        error: { code: '42501', message: 'Notifications are written by the server.' },
      });
    }
    const ins = await u.client
      .from('user_notifications')
      .insert({ user_id: u.userId, kind: 'published', title: 't', body: 'b' });
    expect(ins.error).toMatchObject({ code: '42501' });
    const del = await u.client.from('user_notifications').delete().eq('id', notice.id);
    expect(del.error).toMatchObject({ code: '42501' });

    const mallory = await createUser(server);
    const seen = await mallory.client.from('user_notifications').select('*');
    expect(seen.data).toEqual([]);
    expect(
      (await pullEntities(mallory.client, ['user_notifications'])).changes.user_notifications,
    ).toEqual([]);
    const [r] = await push(mallory.client, [read(notice.id, new Date().toISOString())]);
    expect(r).toMatchObject({ status: 'rejected', error: { code: '42501' } });
    await mallory.client
      .from('user_notifications')
      .update({ read_at: new Date().toISOString() })
      .eq('id', notice.id);
    expect(await noticesOf(server, u.userId)).toEqual([
      expect.objectContaining({ id: notice.id, read_at: null }),
    ]);
  });

  it('delivery: each notice is claimed by one dispatcher, once', async () => {
    const { notice } = await withNotice();
    const [a, b] = await Promise.all([
      rpc(service, 'claim_notice_deliveries', { p_limit: 500 }),
      rpc(service, 'claim_notice_deliveries', { p_limit: 500 }),
    ]);
    const ids = [...(a.data as { id: string }[]), ...(b.data as { id: string }[])].map((n) => n.id);
    expect(ids.filter((id) => id === notice.id)).toHaveLength(1);
    const again = await rpc(service, 'claim_notice_deliveries', { p_limit: 500 });
    expect((again.data as { id: string }[]).map((n) => n.id)).not.toContain(notice.id);
    const recorded = await rpc(service, 'record_notice_delivery', {
      p_notification: notice.id,
      p_result: { push: 1 },
    });
    expect(recorded).toMatchObject({ error: null, data: true });
    const { rows } = await server.db.query(
      'select result from private.notification_deliveries where notification_id = $1',
      [notice.id],
    );
    expect(rows).toEqual([{ result: { push: 1 } }]);
  });
});

describe('service-role RPCs and the export', () => {
  it('anon and signed-in users may not call the service-role RPCs', async () => {
    const { u, id, target, page } = await duePost();
    const calls: [string, Record<string, unknown>][] = [
      ['publisher_claim', { p_attempt: randomUUID() }],
      ['publisher_finish', { p_target: target.id, p_attempt: randomUUID(), p_outcome: {} }],
      ['publisher_reconnect_needed', { p_account: page, p_reason: 'x' }],
      [
        'worker_heartbeat',
        { p_worker: 'evil', p_started_at: null, p_finished_at: null, p_result: {} },
      ],
      ['worker_status', {}],
      ['claim_notice_deliveries', {}],
      ['record_notice_delivery', { p_notification: randomUUID(), p_result: {} }],
    ];
    for (const client of [u.client, server.anonClient()]) {
      for (const [fn, args] of calls) {
        const { error } = await rpc(client, fn, args);
        expect(error, fn).toMatchObject({ code: '42501' });
      }
    }
    expect((await targetsOf(server, id))[0]!.status).toBe('scheduled');
    const { rows } = await server.db.query(
      'select connection_status from public.social_media_accounts where id = $1',
      [page],
    );
    expect(rows).toEqual([{ connection_status: 'connected' }]);
  });

  it('worker_heartbeat records each run; worker_status reads them', async () => {
    const worker = `publisher-${randomUUID()}`;
    for (const n of [1, 2]) {
      const { error } = await rpc(service, 'worker_heartbeat', {
        p_worker: worker,
        p_started_at: '2026-11-24T10:00:00Z',
        p_finished_at: '2026-11-24T10:00:01Z',
        p_result: { claimed: n },
      });
      expect(error).toBeNull();
    }
    const { data, error } = await rpc(service, 'worker_status', {});
    expect(error).toBeNull();
    expect((data as Record<string, unknown>)[worker]).toEqual({
      last_started_at: '2026-11-24T10:00:00+00:00',
      last_finished_at: '2026-11-24T10:00:01+00:00',
      last_result: { claimed: 2 },
      runs: 2,
    });
  });

  it('export_account_data has the scheduled posts, their targets and the notices', async () => {
    const { u, id, target } = await duePost();
    const [c] = await claimPost(id);
    await finish(service, c!.id, c!.attempt_id, { status: 'published', remote_id: '7' });
    const other = await duePost();
    const { data, error } = await u.client.rpc('export_account_data');
    expect(error).toBeNull();
    const exported = data as Record<string, Record<string, unknown>[]>;
    expect(exported.scheduled_posts).toEqual([
      expect.objectContaining({ id, content: 'Spring sale starts today', status: 'published' }),
    ]);
    expect(exported.scheduled_posts![0]).not.toHaveProperty('txid');
    expect(exported.publish_targets).toEqual([
      expect.objectContaining({ id: target.id, post_id: id, status: 'published', remote_id: '7' }),
    ]);
    expect(exported.publish_targets![0]).not.toHaveProperty('attempt_id');
    expect(exported.user_notifications).toEqual([
      expect.objectContaining({ kind: 'published', title: 'Published on Facebook' }),
    ]);
    expect(JSON.stringify(exported)).not.toContain(other.id);
  });
});

// Two connections at once exist only on PostgreSQL (PGlite is one connection).
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
