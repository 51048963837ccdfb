import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import {
  addAccount,
  claim,
  finish,
  makeDue,
  noticesOf,
  postRow,
  schedule,
  targetsOf,
  type Claimed,
} from './publishing-helpers.ts';
import { clientWith, createUser, userToken, type TestUser } from './rest-helpers.ts';
import { pullEntities, push } from './sync-helpers.ts';

// The user's two actions on a target (mark_target_posted, publish_target_again), notices (read
// marks, refusals, row-level security, delivery), the service-role RPCs refused to API roles,
// worker_heartbeat/worker_status and the export. docs/publishing.md.

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
