import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DENIED_MESSAGE,
  LINKEDIN_UNAVAILABLE,
  runCollector,
  type CollectorDeps,
} from '../../supabase/functions/_shared/metrics/run.ts';
import { runPublisher } from '../../supabase/functions/_shared/publish/run.ts';
import {
  fakeContentType,
  fakeFollowers,
  fakePageDay,
  fakePostNumbers,
  fakeUtcDay,
  startFakeSocial,
  type FakeSocial,
} from '../support/fake-social';
import { startTestServer, type TestServer } from './harness.ts';
import { addFakePage, collectorEnv, connectAccount, publishedPost } from './metrics-helpers.ts';
import { makeDue, schedule } from './publishing-helpers.ts';
import { pullEntities, push } from './sync-helpers.ts';

// The metrics collector (runCollector, the metrics-collector function, the embedded timer) on the
// embedded server against the fake Facebook: what it stores equals the fake's numbers, and each
// failure class of docs/analytics.md ("Collector") ends in the right account status.

const TIMEOUT_MS = 700;
const TOO_SOON = 'Numbers were collected less than a minute ago. Try again in a moment.';

let server: TestServer;
let fake: FakeSocial;
let logged: string[] = [];

beforeAll(async () => {
  fake = await startFakeSocial({ seed: 7 });
  server = await startTestServer({
    social: fake.endpoints,
  });
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

beforeEach(async () => {
  fake.reset();
  logged = [];
  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (a instanceof Error ? a.message : String(a))).join(' '));
    });
  }
  // Each test collects only its own accounts: everyone else's are not due.
  await server.db.query(`update public.social_media_accounts set is_active = false`);
});

afterEach(() => {
  const text = logged.join('\n');
  for (const token of fake.issuedTokens()) expect(text).not.toContain(token);
  vi.restoreAllMocks();
});

function collect(extra: Partial<CollectorDeps> = {}) {
  return runCollector({
    admin: server.serviceClient(),
    env: collectorEnv(server, fake, { SOCIAL_PLATFORM_TIMEOUT_MS: String(TIMEOUT_MS) }),
    ...extra,
  });
}

interface User {
  client: SupabaseClient;
  userId: string;
  accessToken: string;
}

async function facebookAccount(user: User, name = 'Bloom Bakery') {
  const page = addFakePage(fake, name);
  const id = await connectAccount(server, server.serviceClient(), fake, user.userId, {
    platform: 'facebook',
    remoteId: page.id,
    name,
    token: page.token,
  });
  return { id, pageId: page.id, token: page.token };
}

async function accountRow(id: string) {
  const { rows } = await server.db.query<Record<string, unknown>>(
    'select * from public.analytics_accounts where id = $1',
    [id],
  );
  return rows[0];
}

async function dailyRows(accountId: string) {
  const { rows } = await server.db.query<{
    day: string;
    followers: number | null;
    follows: number | null;
    views: number | null;
    reach: number | null;
    engagements: number | null;
  }>(
    `select to_char(day, 'YYYY-MM-DD') as day, followers, follows, views, reach, engagements
       from public.analytics_daily where account_id = $1 order by day`,
    [accountId],
  );
  return rows;
}

async function postRows(accountId: string) {
  const { rows } = await server.db.query<Record<string, unknown>>(
    'select * from public.analytics_post_metrics where account_id = $1 order by remote_id',
    [accountId],
  );
  return rows;
}

/** Makes the account due again (as if the interval had passed). */
const makeAccountDue = (id: string) =>
  server.db.query(
    `update public.analytics_accounts set attempted_at = now() - interval '7 hours' where id = $1`,
    [id],
  );

const dayBefore = (day: string, n: number) =>
  fakeUtcDay(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000);

async function fn(bearer: string | null, body: unknown = {}, raw?: string) {
  const headers: Record<string, string> = {
    apikey: server.keys.anonKey,
    'Content-Type': 'application/json',
  };
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  const res = await fetch(`${server.url}/functions/v1/metrics-collector`, {
    method: 'POST',
    headers,
    body: raw ?? JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('collecting a Facebook page', () => {
  it("stores the page's followers, 90 days of insights and each post's numbers, as the fake has them", async () => {
    const user = await server.signedInClient();
    const acc = await facebookAccount(user);
    const account = { id: acc.id, platform: 'facebook' as const, remoteId: acc.pageId };
    const posts = [];
    for (const days of [1, 5, 30, 89]) {
      posts.push(await publishedPost(server, fake, user.userId, account, days));
    }
    // Older than METRICS_POST_DAYS: not read.
    const old = await publishedPost(server, fake, user.userId, account, 120);

    const result = await collect();
    expect(result.accounts).toHaveLength(1);
    expect(result.accounts[0]).toMatchObject({ id: acc.id, status: 'ok', message: null });
    // Page fields, three 30-day insights windows, one batch of posts.
    expect(result.requests).toBe(5);

    const row = await accountRow(acc.id);
    expect(row).toMatchObject({
      status: 'ok',
      message: null,
      followers: fakeFollowers(acc.pageId),
      unavailable_metrics: [],
      platform: 'facebook',
      account_name: 'Bloom Bakery',
    });
    expect(row!.collected_at).not.toBeNull();

    const today = fakeUtcDay();
    const daily = await dailyRows(acc.id);
    expect(daily).toHaveLength(91);
    expect(daily[0]!.day).toBe(dayBefore(today, 90));
    for (const d of daily.slice(0, 90)) {
      expect(d).toEqual({ day: d.day, ...fakePageDay(acc.pageId, d.day) });
    }
    expect(daily[90]).toEqual({
      day: today,
      followers: fakeFollowers(acc.pageId),
      follows: null,
      views: null,
      reach: null,
      engagements: null,
    });

    const stored = await postRows(acc.id);
    expect(stored.map((p) => p.remote_id)).toEqual(posts.map((p) => p.remoteId).sort());
    expect(stored.some((p) => p.remote_id === old.remoteId)).toBe(false);
    for (const p of stored) {
      const n = fakePostNumbers(p.remote_id as string);
      expect(p).toMatchObject({
        status: 'ok',
        user_id: user.userId,
        platform: 'facebook',
        content_type: fakeContentType(p.remote_id as string),
        reactions: n.reactions,
        comments: n.comments,
        shares: n.shares,
        clicks: n.clicks,
        reach: n.reach,
        views: null,
      });
      expect(p.post_id).toBe(posts.find((x) => x.remoteId === p.remote_id)!.postId);
      expect(p.permalink).toMatch(/^https:\/\/www\.facebook\.com\//);
    }

    // The batch asked for everything at once, with field expansion.
    const batch = fake.requests.find((r) => r.path.endsWith('/') && r.query.ids);
    expect(batch!.query.fields).toContain(
      'insights.metric(post_total_media_view_unique,post_clicks)',
    );
    expect(batch!.query.fields).toContain('attachments{media_type}');
  });

  it('reads the posts the publisher made through POST /{page}/feed', async () => {
    const user = await server.signedInClient();
    const acc = await facebookAccount(user, 'Bloom Florist');
    const { id: postId } = await schedule(user.client, {
      content: `Fresh tulips ${randomUUID()}`,
      account_ids: [acc.id],
    });
    await makeDue(server, postId);
    const published = await runPublisher({
      admin: server.serviceClient(),
      env: collectorEnv(server, fake),
    });
    expect(published.published).toBe(1);
    const remoteId = fake.facebook.posts.at(-1)!.id;

    const result = await collect();
    expect(result.accounts[0]!.status).toBe('ok');
    const [row] = await postRows(acc.id);
    const n = fakePostNumbers(remoteId);
    expect(row).toMatchObject({
      remote_id: remoteId,
      post_id: postId,
      reactions: n.reactions,
      reach: n.reach,
    });
  });

  it('follows paging.next through the insights windows, and later runs read only the last days again', async () => {
    const user = await server.signedInClient();
    const acc = await facebookAccount(user);
    fake.facebook.insightsWindowDays = 7;

    const first = await collect();
    const insightCalls = fake.requests.filter((r) => r.path.endsWith('/insights'));
    // 90 days in windows of 7: 13 answers, the last offering a window in the future.
    expect(insightCalls).toHaveLength(12);
    expect(first.accounts[0]!.requests).toBe(1 + 12);
    // At most 12 pages: the days of the last window come on the next run.
    const daily = await dailyRows(acc.id);
    expect(daily.length).toBeGreaterThanOrEqual(84);
    for (const d of daily.filter((x) => x.day !== fakeUtcDay())) {
      expect(d.reach).toBe(fakePageDay(acc.pageId, d.day).reach);
    }

    fake.requests.length = 0;
    fake.facebook.insightsWindowDays = 30;
    await makeAccountDue(acc.id);
    const second = await collect();
    expect(second.accounts[0]!.status).toBe('ok');
    const again = fake.requests.find((r) => r.path.endsWith('/insights'))!;
    const lastDay = daily.filter((x) => x.reach !== null).at(-1)!.day;
    expect(fakeUtcDay(Number(again.query.since) * 1000)).toBe(dayBefore(lastDay, 3));
    const after = await dailyRows(acc.id);
    expect(after).toHaveLength(91);
  });

  it('a retired metric: asked again without it, listed as unavailable, status partial', async () => {
    const user = await server.signedInClient();
    const acc = await facebookAccount(user);
    const post = await publishedPost(
      server,
      fake,
      user.userId,
      { id: acc.id, platform: 'facebook', remoteId: acc.pageId },
      2,
    );
    fake.facebook.retiredMetrics.add('page_media_view');
    fake.facebook.retiredMetrics.add('post_clicks');

    const result = await collect();
    expect(result.accounts[0]).toMatchObject({ status: 'partial' });
    const row = await accountRow(acc.id);
    expect(row!.status).toBe('partial');
    expect(row!.unavailable_metrics).toEqual([
      'page_media_view',
      'post_total_media_view_unique',
      'post_clicks',
    ]);
    expect(row!.message).toBe(
      'Facebook no longer provides some numbers (page_media_view, post_total_media_view_unique, post_clicks), so they are left out.',
    );
    // Graph answers code 100 for the whole request, as it does.
    const refused = fake.requests.filter(
      (r) => r.path.endsWith('/insights') && r.query.metric!.includes(','),
    );
    expect(refused.length).toBeGreaterThanOrEqual(2);

    const daily = await dailyRows(acc.id);
    const some = daily[10]!;
    const expected = fakePageDay(acc.pageId, some.day);
    expect(some).toEqual({ ...expected, day: some.day, views: null });
    const [p] = await postRows(acc.id);
    const n = fakePostNumbers(post.remoteId);
    expect(p).toMatchObject({
      status: 'ok',
      reactions: n.reactions,
      comments: n.comments,
      shares: n.shares,
      clicks: null,
      reach: null,
    });
  });

  it('a post gone on Facebook is marked deleted and keeps its last numbers', async () => {
    const user = await server.signedInClient();
    const acc = await facebookAccount(user);
    const account = { id: acc.id, platform: 'facebook' as const, remoteId: acc.pageId };
    const kept = await publishedPost(server, fake, user.userId, account, 3);
    const gone = await publishedPost(server, fake, user.userId, account, 4);
    await collect();

    fake.facebook.posts.splice(
      fake.facebook.posts.findIndex((p) => p.id === gone.remoteId),
      1,
    );
    await makeAccountDue(acc.id);
    const result = await collect();
    expect(result.accounts[0]!.status).toBe('ok');
    const rows = await postRows(acc.id);
    const g = rows.find((r) => r.remote_id === gone.remoteId)!;
    expect(g).toMatchObject({ status: 'deleted', reach: fakePostNumbers(gone.remoteId).reach });
    expect(rows.find((r) => r.remote_id === kept.remoteId)!.status).toBe('ok');
  });
});

describe('when Facebook refuses or fails', () => {
  it('a dead token (190): the account needs reconnecting, as in publishing', async () => {
    const user = await server.signedInClient();
    const acc = await facebookAccount(user);
    fake.facebook.tokens.delete(acc.token);

    const result = await collect();
    expect(result.accounts[0]).toMatchObject({ status: 'reconnect_needed' });
    expect(result.reconnect_needed).toBe(1);
    const row = await accountRow(acc.id);
    expect(row!.status).toBe('reconnect_needed');
    expect(row!.message).toMatch(/^Reconnect Facebook/);
    const { rows } = await server.db.query<{ connection_status: string }>(
      'select connection_status from public.social_media_accounts where id = $1',
      [acc.id],
    );
    expect(rows[0]!.connection_status).toBe('reconnect_needed');
    // Not collected again until reconnected; a refresh says so.
    await makeAccountDue(acc.id);
    expect((await collect()).accounts).toHaveLength(0);
    const refresh = await fn(user.accessToken, { account_id: acc.id });
    expect(refresh).toMatchObject({
      status: 200,
      body: {
        accounts: [{ id: acc.id, status: 'reconnect_needed', message: row!.message }],
        requests: 0,
      },
    });
  });

  it('usage above 90 %: rate_limited, no further calls for this app, the numbers kept', async () => {
    const user = await server.signedInClient();
    const a = await facebookAccount(user, 'Page A');
    const b = await facebookAccount(user, 'Page B');
    await collect();
    const before = await dailyRows(a.id);

    await makeAccountDue(a.id);
    await makeAccountDue(b.id);
    fake.requests.length = 0;
    fake.facebook.usage.app = 95;
    const result = await collect();
    expect(result.accounts.map((x) => x.status)).toEqual(['rate_limited', 'rate_limited']);
    expect(result.rate_limited).toBe(2);
    // One call told the collector to stop; the other page of the same app was not called at all.
    expect(result.requests).toBe(1);
    expect(fake.requests).toHaveLength(1);
    const row = await accountRow(a.id);
    expect(row!.message).toBe(
      'Facebook asked Postbloom to slow down, so these numbers will update later.',
    );
    expect(await dailyRows(a.id)).toEqual(before);
  });

  it('a page near its business use case limit stops that page only', async () => {
    const user = await server.signedInClient();
    const a = await facebookAccount(user, 'Page A');
    const b = await facebookAccount(user, 'Page B');
    fake.facebook.usage.pages = { [a.pageId]: 93 };
    const result = await collect();
    const byId = Object.fromEntries(result.accounts.map((x) => [x.id, x]));
    expect(byId[a.id]).toMatchObject({ status: 'rate_limited', requests: 1 });
    // The same app's other Page is still read.
    expect(byId[b.id]).toMatchObject({ status: 'ok', requests: 4 });
    // The followers read before the stop are stored.
    expect((await accountRow(a.id))!.followers).toBe(fakeFollowers(a.pageId));
    expect((await dailyRows(a.id))[0]!.followers).toBe(fakeFollowers(a.pageId));
  });

  it('a permission Facebook refuses: status error with a sentence saying so', async () => {
    const user = await server.signedInClient();
    const a = await facebookAccount(user);
    fake.facebook.failNext(`/${a.pageId}`, 400, {
      error: { message: '(#10) Permission denied', type: 'OAuthException', code: 10 },
    });
    const result = await collect();
    expect(result.accounts[0]).toMatchObject({ status: 'error', message: DENIED_MESSAGE });
  });

  it('a rate-limit error code (80001) counts as rate limited', async () => {
    const user = await server.signedInClient();
    const a = await facebookAccount(user);
    fake.facebook.failNext('/insights', 400, {
      error: { message: 'Too many calls', type: 'OAuthException', code: 80001, fbtrace_id: 'x' },
    });
    const result = await collect();
    expect(result.accounts[0]!.status).toBe('rate_limited');
    expect((await accountRow(a.id))!.status).toBe('rate_limited');
  });

  it('a 5xx or a timeout: status error, the earlier numbers and collection time kept', async () => {
    const user = await server.signedInClient();
    const acc = await facebookAccount(user);
    await publishedPost(
      server,
      fake,
      user.userId,
      { id: acc.id, platform: 'facebook', remoteId: acc.pageId },
      2,
    );
    await collect();
    const good = await accountRow(acc.id);
    const daily = await dailyRows(acc.id);
    const posts = await postRows(acc.id);

    await makeAccountDue(acc.id);
    fake.facebook.failNext('/insights', 500, {
      error: {
        message: 'An unexpected error has occurred.',
        type: 'OAuthException',
        code: 2,
        is_transient: true,
      },
    });
    const failed = await collect();
    expect(failed.accounts[0]).toMatchObject({
      status: 'error',
      collected_at: (good!.collected_at as Date).toISOString(),
    });
    let row = await accountRow(acc.id);
    expect(row).toMatchObject({ status: 'error', followers: good!.followers });
    expect(row!.message).toMatch(/^Facebook could not be reached/);
    expect((row!.collected_at as Date).getTime()).toBe((good!.collected_at as Date).getTime());
    expect(await dailyRows(acc.id)).toEqual(daily);

    // A timeout on the posts batch.
    await makeAccountDue(acc.id);
    // Graph's root path, where the ids batch goes: it never answers.
    fake.facebook.failNext('/', 0, null);
    const started = Date.now();
    const timedOut = await collect();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(timedOut.accounts[0]!.status).toBe('error');
    row = await accountRow(acc.id);
    expect(row!.status).toBe('error');
    expect(await postRows(acc.id)).toEqual(posts);

    // The next run collects again.
    await makeAccountDue(acc.id);
    expect((await collect()).accounts[0]!.status).toBe('ok');
  });
});

describe('LinkedIn', () => {
  it('is unavailable with the reason, and its posts have no numbers; nothing is asked of LinkedIn', async () => {
    const user = await server.signedInClient();
    const id = await connectAccount(server, server.serviceClient(), fake, user.userId, {
      platform: 'linkedin',
      remoteId: 'urn:li:person:fakeMember123',
      name: 'Fake LinkedIn Member',
      token: 'li-token-not-used',
    });
    const post = await publishedPost(
      server,
      fake,
      user.userId,
      { id, platform: 'linkedin', remoteId: 'urn:li:person:fakeMember123' },
      3,
    );
    const result = await collect();
    expect(result.accounts[0]).toMatchObject({
      status: 'unavailable',
      message: LINKEDIN_UNAVAILABLE,
      requests: 0,
    });
    expect(fake.requests).toHaveLength(0);
    expect(await accountRow(id)).toMatchObject({
      status: 'unavailable',
      message:
        'LinkedIn shares no post numbers with apps that may only post (w_member_social), so Postbloom shows none for this account rather than guess.',
      followers: null,
      collected_at: null,
    });
    const [p] = await postRows(id);
    expect(p).toMatchObject({
      id: post.targetId,
      status: 'unavailable',
      reactions: null,
      comments: null,
      shares: null,
      clicks: null,
      reach: null,
      views: null,
    });
  });
});

describe('who may read and write the numbers', () => {
  it('the owner reads them (REST and sync_pull), another user cannot; nobody writes them', async () => {
    const owner = await server.signedInClient();
    const other = await server.signedInClient();
    const acc = await facebookAccount(owner);
    await publishedPost(
      server,
      fake,
      owner.userId,
      { id: acc.id, platform: 'facebook', remoteId: acc.pageId },
      2,
    );
    await collect();

    for (const table of ['analytics_accounts', 'analytics_daily', 'analytics_post_metrics']) {
      const mine = await owner.client.from(table).select('*');
      expect(mine.error).toBeNull();
      expect(mine.data!.length).toBeGreaterThan(0);
      const theirs = await other.client.from(table).select('*');
      expect(theirs.error).toBeNull();
      expect(theirs.data).toEqual([]);
      const anon = await server.anonClient().from(table).select('*');
      expect(anon.data ?? []).toEqual([]);
    }

    const ins = await owner.client
      .from('analytics_accounts')
      .update({ followers: 1 })
      .eq('id', acc.id)
      .select();
    expect(ins.error ?? ins.data).toBeTruthy();
    expect(ins.data ?? []).toEqual([]);
    const daily = await owner.client.from('analytics_daily').insert({
      user_id: owner.userId,
      account_id: acc.id,
      platform: 'facebook',
      day: '2026-01-01',
      reach: 1,
    });
    expect(daily.error).not.toBeNull();
    expect((await accountRow(acc.id))!.followers).toBe(fakeFollowers(acc.pageId));

    for (const entity of ['analytics_accounts', 'analytics_daily', 'analytics_post_metrics']) {
      const [res] = await push(owner.client, [
        {
          mutation_id: randomUUID(),
          entity,
          op: 'upsert',
          id: acc.id,
          base_version: null,
          data: { followers: 1 },
        },
      ]);
      expect(res!.status).not.toBe('applied');
    }
    expect((await accountRow(acc.id))!.followers).toBe(fakeFollowers(acc.pageId));

    const { changes } = await pullEntities(owner.client, [
      'analytics_accounts',
      'analytics_daily',
      'analytics_post_metrics',
    ]);
    expect(changes.analytics_accounts!.map((r) => r.id)).toEqual([acc.id]);
    expect(changes.analytics_daily!.length).toBe(91);
    expect(changes.analytics_post_metrics!.length).toBe(1);
    expect(changes.analytics_accounts![0]).not.toHaveProperty('txid');

    // The collector's functions are the service role's alone.
    const claim = await owner.client.rpc('metrics_claim_accounts', {
      p_limit: 10,
      p_due_seconds: 0,
    });
    expect(claim.error).not.toBeNull();
  });
});

describe('the metrics-collector function', () => {
  it("a user refreshes their own accounts; another's is 404; again within a minute 429; anon 401", async () => {
    const owner = await server.signedInClient();
    const other = await server.signedInClient();
    const acc = await facebookAccount(owner);
    const theirs = await facebookAccount(other, 'Not yours');

    const own = await fn(owner.accessToken, { account_id: acc.id });
    expect(own.status).toBe(200);
    expect(own.body.accounts).toEqual([
      {
        id: acc.id,
        platform: 'facebook',
        account_name: 'Bloom Bakery',
        status: 'ok',
        message: null,
        collected_at: expect.any(String),
      },
    ]);
    expect(own.body.requests).toBe(4);

    expect(await fn(owner.accessToken, { account_id: theirs.id })).toEqual({
      status: 404,
      body: { error: 'No such account.' },
    });
    expect(await fn(owner.accessToken, { account_id: randomUUID() })).toMatchObject({
      status: 404,
    });
    expect(await fn(owner.accessToken, { account_id: acc.id })).toEqual({
      status: 429,
      body: { error: TOO_SOON },
    });
    expect(await fn(owner.accessToken, {})).toEqual({ status: 429, body: { error: TOO_SOON } });
    // The other user's account was not touched by any of this.
    expect(await accountRow(theirs.id)).toBeUndefined();

    expect((await fn(server.keys.anonKey)).status).toBe(401);
    expect((await fn(null)).status).toBe(401);
    expect((await fn(owner.accessToken, null, '{not json')).status).toBe(400);
    expect((await fn(owner.accessToken, { account_id: 'nope' })).status).toBe(400);
    const get = await fetch(`${server.url}/functions/v1/metrics-collector`, {
      headers: { Authorization: `Bearer ${owner.accessToken}` },
    });
    expect(get.status).toBe(405);
    const pre = await fetch(`${server.url}/functions/v1/metrics-collector`, { method: 'OPTIONS' });
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');

    // After a minute the user may refresh again.
    await server.db.query(
      `update public.analytics_accounts set attempted_at = now() - interval '61 seconds' where id = $1`,
      [acc.id],
    );
    const all = await fn(owner.accessToken, {});
    expect(all.status).toBe(200);
    expect((all.body.accounts as { id: string }[]).map((a) => a.id)).toEqual([acc.id]);
  });

  it('the service role collects the due accounts; health shows the run; the timer does the same', async () => {
    const user = await server.signedInClient();
    const a = await facebookAccount(user);
    const res = await fn(server.keys.serviceRoleKey, { limit: 10 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accounts: 1, ok: 1, requests: 4 });
    expect((await fn(server.keys.serviceRoleKey, { limit: 0 })).status).toBe(400);

    await makeAccountDue(a.id);
    await server.metrics.tick();
    expect((await accountRow(a.id))!.status).toBe('ok');
    const health = await fetch(`${server.url}/functions/v1/health`, {
      headers: { Authorization: `Bearer ${server.keys.anonKey}` },
    });
    const body = (await health.json()) as {
      workers: Record<
        string,
        { last_finished_at: string; last_result: Record<string, unknown>; runs: number }
      >;
    };
    expect(body.workers.metrics!.runs).toBeGreaterThanOrEqual(2);
    expect(body.workers.metrics!.last_result).toMatchObject({ accounts: 1, ok: 1 });
    expect(Date.parse(body.workers.metrics!.last_finished_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('two runs at once collect each account once', async () => {
    const user = await server.signedInClient();
    const accs = [];
    for (let i = 0; i < 4; i++) accs.push(await facebookAccount(user, `Page ${i}`));
    const [x, y] = await Promise.all([collect(), collect()]);
    const ids = [...x.accounts, ...y.accounts].map((a) => a.id).sort();
    expect(ids).toEqual(accs.map((a) => a.id).sort());
    for (const a of accs) expect(await dailyRows(a.id)).toHaveLength(91);
  });
});
