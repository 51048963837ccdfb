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
import { holdOpenTransaction, push, pushInOpenTransaction, type Result } from './sync-helpers.ts';

// The publisher's service-role RPCs: publisher_claim, publisher_finish and
// publisher_reconnect_needed, with the notices they write; on PostgreSQL also claims, finishes and
// edits at once (the lock order of docs/publishing.md). The user's actions,
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

    it('many claims and finishes at once on posts with several targets: no deadlock, every post status right', async () => {
      const u = await createUser(server);
      const pageA = await addAccount(server, u.userId, 'facebook', 'Bloom Cafe');
      const pageB = await addAccount(server, u.userId, 'facebook', 'Bloom Bakery');
      const member = await addAccount(server, u.userId, 'linkedin', 'Ada Bloom');
      const posts: string[] = [];
      for (let i = 0; i < 30; i++) {
        const { id } = await schedule(u.client, {
          content: `Post ${i}`,
          platforms: ['facebook', 'linkedin'],
          account_ids: [pageA, pageB, member],
        });
        posts.push(id);
      }
      await claim(service);
      for (const id of posts) await makeDue(server, id);

      const errors: string[] = [];
      const record = (e: unknown) => errors.push((e as Error).message);
      let finished = 0;
      const open = async () => {
        const { rows } = await server.db.query<{ n: number }>(
          `select count(*)::int as n from public.publish_targets
            where user_id = $1 and status in ('scheduled', 'publishing')`,
          [u.userId],
        );
        return rows[0]!.n;
      };
      // Small batches, so the targets of one post go to different publishers and are finished
      // at the same time; some come back for a retry, some need attention.
      const publisher = async () => {
        for (let round = 0; round < 300; round++) {
          let mine: Claimed[] = [];
          try {
            mine = (await claim(service, randomUUID(), 4)).filter((c) => c.user_id === u.userId);
          } catch (e) {
            record(e);
          }
          if (mine.length === 0) {
            if ((await open()) === 0) return;
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
          await Promise.all(
            mine.map(async (c) => {
              const n = finished++;
              const outcome =
                n % 7 === 3
                  ? { status: 'needs_attention', error_code: 'outcome_unknown' }
                  : n % 5 === 1 && c.attempts < 2
                    ? { status: 'retry', retry_at: new Date(Date.now() - 1000).toISOString() }
                    : { status: 'published', remote_id: `r-${c.id}` };
              await finish(service, c.id, c.attempt_id, outcome).catch(record);
            }),
          );
        }
      };
      // Meanwhile the user marks the ones that need attention as posted.
      let publishing = true;
      const user = async () => {
        while (publishing) {
          const { rows } = await server.db.query<{ id: string }>(
            `select id from public.publish_targets where user_id = $1 and status = 'needs_attention'`,
            [u.userId],
          );
          await Promise.all(
            rows.map(async ({ id }) => {
              const { error } = await rpc(u.client, 'mark_target_posted', { p_target: id });
              if (error && error.code !== '22023') errors.push(`${error.code} ${error.message}`);
            }),
          );
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      const marking = user();
      await Promise.all(Array.from({ length: 6 }, publisher));
      publishing = false;
      await marking;

      expect(errors).toEqual([]);
      expect(await open()).toBe(0);
      const { rows } = await server.db.query<{ id: string; status: string; targets: string[] }>(
        `select p.id, p.status, array_agg(t.status order by t.id) as targets
           from public.scheduled_posts p join public.publish_targets t on t.post_id = p.id
          where p.user_id = $1 group by p.id, p.status`,
        [u.userId],
      );
      expect(rows).toHaveLength(30);
      expect(rows.every((r) => r.targets.length === 3)).toBe(true);
      expect(rows.map((r) => [r.id, r.status])).toEqual(
        rows.map((r) => [r.id, aggregate(r.targets)]),
      );
    });

    it('a claim arriving while an edit holds the post skips it, and the edit then goes through', async () => {
      const u = await createUser(server);
      await addAccount(server, u.userId, 'facebook', 'Bloom Cafe');
      const { id } = await schedule(u.client);
      await claim(service);
      await makeDue(server, id);
      const [target] = await targetsOf(server, id);
      let postLocked!: () => void;
      const locked = new Promise<void>((resolve) => (postLocked = resolve));
      let claimSent!: () => void;
      const sent = new Promise<void>((resolve) => (claimSent = resolve));
      // An edit that has taken the post and not yet its targets when the claim comes.
      const edit = server.db.transaction(async (tx) => {
        await tx.query(
          `select set_config('role', 'authenticated', true),
                  set_config('request.jwt.claims', $1, true)`,
          [JSON.stringify({ sub: u.userId, role: 'authenticated' })],
        );
        await tx.query('select 1 from public.scheduled_posts where id = $1 for update', [id]);
        postLocked();
        await sent;
        await new Promise((resolve) => setTimeout(resolve, 300));
        const { rows } = await tx.query<{ r: Result[] }>(
          'select public.sync_push($1::jsonb) as r',
          [JSON.stringify([postUpsert(id, { content: 'Edited while claiming' })])],
        );
        return rows[0]!.r;
      });
      await locked;
      const claiming = claimPost(id);
      claimSent();
      expect(await claiming).toEqual([]);
      expect((await edit)[0]).toMatchObject({ status: 'applied' });
      expect(await claimPost(id)).toEqual([
        expect.objectContaining({ id: target!.id, content: 'Edited while claiming' }),
      ]);
    });

    it('claims racing sync edits of the same posts: no deadlock, and no edit after a claim', async () => {
      const u = await createUser(server);
      const pageA = await addAccount(server, u.userId, 'facebook', 'Bloom Cafe');
      const pageB = await addAccount(server, u.userId, 'facebook', 'Bloom Bakery');
      const member = await addAccount(server, u.userId, 'linkedin', 'Ada Bloom');
      const past = inMinutes(-1);
      const posts: string[] = [];
      for (let i = 0; i < 12; i++)
        posts.push(
          (
            await schedule(u.client, {
              content: `Post ${i}`,
              platforms: ['facebook', 'linkedin'],
              account_ids: [pageA, pageB, member],
            })
          ).id,
        );
      await claim(service);
      // Due from now on: every edit below keeps the time in the past.
      for (const id of posts) await push(u.client, [postUpsert(id, { scheduled_for: past })]);

      const errors: string[] = [];
      const claimed: Claimed[] = [];
      const applied = new Map<string, number>();
      // Each edit changes the text and the accounts, so the post's targets are rebuilt (one
      // deleted or added) while claims take them.
      const editor = async (id: string) => {
        for (let n = 1; n <= 6; n++) {
          try {
            const [result] = await push(u.client, [
              postUpsert(id, {
                content: `Post ${id} edit ${n}`,
                account_ids: n % 2 ? [pageA, member] : [pageA, pageB, member],
                scheduled_for: past,
              }),
            ]);
            if (result!.status === 'applied') applied.set(id, n);
            else if (result!.error?.code !== 'P0001')
              errors.push(`edit: ${JSON.stringify(result)}`);
            else return;
          } catch (e) {
            errors.push((e as Error).message);
          }
        }
      };
      const claimer = async () => {
        for (let round = 0; round < 200; round++) {
          let got: Claimed[] = [];
          try {
            got = (await claim(service, randomUUID(), 3)).filter((c) => c.user_id === u.userId);
            claimed.push(...got);
          } catch (e) {
            errors.push((e as Error).message);
          }
          if (got.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
          const { rows } = await server.db.query<{ n: number }>(
            `select count(*)::int as n from public.publish_targets
              where user_id = $1 and status = 'scheduled'`,
            [u.userId],
          );
          if (rows[0]!.n === 0) return;
        }
      };
      await Promise.all([...posts.map(editor), claimer(), claimer()]);

      expect(errors).toEqual([]);
      expect(new Set(claimed.map((c) => c.id)).size).toBe(claimed.length);
      const { rows } = await server.db.query<{
        id: string;
        content: string;
        status: string;
        targets: { id: string; status: string }[];
      }>(
        `select p.id, p.content, p.status,
                json_agg(json_build_object('id', t.id, 'status', t.status) order by t.id) as targets
           from public.scheduled_posts p join public.publish_targets t on t.post_id = p.id
          where p.user_id = $1 group by p.id`,
        [u.userId],
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(rows).toHaveLength(12);
      for (const c of claimed) {
        const post = byId.get(c.post_id)!;
        // Whatever the claim sent is the post's final text, and its target is still there.
        expect(c.content).toBe(post.content);
        expect(post.targets).toContainEqual({ id: c.id, status: 'publishing' });
      }
      for (const r of rows) {
        // Every target is claimed (none left scheduled), and the applied edits came first.
        expect(r.targets.map((t) => t.status)).toEqual(r.targets.map(() => 'publishing'));
        expect(r.status).toBe(aggregate(r.targets.map((t) => t.status)));
        expect(r.content).toBe(
          applied.has(r.id)
            ? `Post ${r.id} edit ${applied.get(r.id)}`
            : `Post ${posts.indexOf(r.id)}`,
        );
      }
      expect(claimed).toHaveLength(rows.reduce((n, r) => n + r.targets.length, 0));
    });
  });
}

/** A post's status from its targets' (docs/publishing.md, "Tables"). */
function aggregate(targets: string[]): string {
  if (targets.every((s) => s === 'cancelled')) return 'cancelled';
  if (targets.some((s) => s === 'needs_attention' || s === 'reminder')) return 'needs_attention';
  if (targets.some((s) => s === 'failed')) return 'failed';
  if (targets.every((s) => ['published', 'posted', 'cancelled'].includes(s))) return 'published';
  if (targets.some((s) => s !== 'scheduled' && s !== 'cancelled')) return 'publishing';
  return 'scheduled';
}
