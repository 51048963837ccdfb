import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runPublisher, type PublisherDeps } from '../../supabase/functions/_shared/publish/run.ts';
import {
  FAKE_FACEBOOK_APP,
  FAKE_LINKEDIN_APP,
  startFakeSocial,
  type FakeSocial,
} from '../support/fake-social';
import { startFakePushService, type FakePushService } from '../support/fake-push-service.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { push } from './sync-helpers.ts';

// The publisher (runPublisher, the publisher function, the embedded timer and notice delivery) on
// the embedded server against the fake platforms: each post goes out once, every fault class of
// docs/publishing.md ends in the right state, and nothing unknown is ever sent twice.

const ORIGIN = 'http://127.0.0.1:4173';
const FB_REDIRECT = `${ORIGIN}/oauth/facebook`;
const LI_REDIRECT = `${ORIGIN}/oauth/linkedin`;
const FB_SCOPES = ['pages_show_list', 'pages_read_engagement', 'pages_manage_posts'];
const TIMEOUT_MS = 700;
const MEMBER_URN = 'urn:li:person:fakeMember123';

let server: TestServer;
let fake: FakeSocial;
let pushService: FakePushService;
let logged: string[] = [];
const previousTimeout = process.env.SOCIAL_PLATFORM_TIMEOUT_MS;

beforeAll(async () => {
  // The embedded timer reads the platform timeout through the server's env (process.env).
  process.env.SOCIAL_PLATFORM_TIMEOUT_MS = String(TIMEOUT_MS);
  fake = await startFakeSocial({ seed: 42 });
  pushService = await startFakePushService();
  server = await startTestServer({
    notify: { allowLoopbackEndpoints: true, pushTimeoutMs: 1500 },
    social: fake.endpoints,
  });
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
  await pushService?.close();
  if (previousTimeout === undefined) delete process.env.SOCIAL_PLATFORM_TIMEOUT_MS;
  else process.env.SOCIAL_PLATFORM_TIMEOUT_MS = previousTimeout;
});

beforeEach(() => {
  fake.reset();
  logged = [];
  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (a instanceof Error ? a.message : String(a))).join(' '));
    });
  }
});

afterEach(async () => {
  // No token in any log line.
  const text = logged.join('\n');
  for (const token of fake.issuedTokens()) expect(text).not.toContain(token);
  vi.restoreAllMocks();
  // Nothing of this test is left for the next one's claims.
  await server.db.query(
    `update public.publish_targets set status = 'cancelled'
      where status in ('scheduled', 'publishing')`,
  );
});

const testEnv = (overrides: Record<string, string> = {}) => {
  const values: Record<string, string> = {
    SUPABASE_URL: server.url,
    SUPABASE_SERVICE_ROLE_KEY: server.keys.serviceRoleKey,
    SOCIAL_SECRETS_KEY: server.keys.socialSecretsKey,
    SOCIAL_PLATFORM_TIMEOUT_MS: String(TIMEOUT_MS),
    ...fake.env,
    ...overrides,
  };
  return (name: string) => values[name];
};

function publisher(extra: Partial<PublisherDeps> = {}) {
  return runPublisher({
    admin: server.serviceClient(),
    env: testEnv(),
    random: () => 0,
    ...extra,
  });
}

interface User {
  client: SupabaseClient;
  userId: string;
  email: string;
  accessToken: string;
}

async function fn(name: string, bearer: string, body: unknown = {}) {
  const res = await fetch(`${server.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${bearer}`,
      apikey: server.keys.anonKey,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function saveCredentials(user: User, platform: string, creds: Record<string, string>) {
  const { error } = await user.client.from('user_social_credentials').upsert(
    {
      user_id: user.userId,
      platform,
      platform_credentials: creds,
      is_active: true,
      validation_status: 'pending',
    },
    { onConflict: 'user_id,platform' },
  );
  expect(error).toBeNull();
}

/** The user connects the fake's Pages; answers the account id of each page id. */
async function connectFacebook(user: User): Promise<Record<string, string>> {
  await saveCredentials(user, 'facebook', {
    app_id: FAKE_FACEBOOK_APP.id,
    app_secret: FAKE_FACEBOOK_APP.secret,
  });
  const code = fake.facebook.issueCode(FAKE_FACEBOOK_APP.id, FB_REDIRECT, FB_SCOPES);
  const res = await fn('facebook-connect', user.accessToken, { code, redirect_uri: FB_REDIRECT });
  expect(res.status).toBe(200);
  return accountIds(user, 'facebook');
}

async function connectLinkedIn(user: User): Promise<string> {
  await saveCredentials(user, 'linkedin', {
    client_id: FAKE_LINKEDIN_APP.id,
    client_secret: FAKE_LINKEDIN_APP.secret,
  });
  const code = fake.linkedin.issueCode(FAKE_LINKEDIN_APP.id, LI_REDIRECT);
  const res = await fn('linkedin-connect', user.accessToken, { code, redirect_uri: LI_REDIRECT });
  expect(res.status).toBe(200);
  return (await accountIds(user, 'linkedin'))[MEMBER_URN]!;
}

async function accountIds(user: User, platform: string): Promise<Record<string, string>> {
  const { rows } = await server.db.query<{ id: string; platform_account_id: string }>(
    `select id::text, platform_account_id from public.social_media_accounts
      where user_id = $1 and platform = $2`,
    [user.userId, platform],
  );
  return Object.fromEntries(rows.map((r) => [r.platform_account_id, r.id]));
}

const PAGE_1 = '101000000000001';
const PAGE_2 = '101000000000002';
const pageToken = (pageId: string) =>
  fake.facebook.pages.find((p) => p.id === pageId)!.access_token!;

/** Schedules a post through sync_push as the user, due a second ago; answers its id. */
async function schedule(
  user: User,
  content: string,
  platforms: string[],
  accountIds: string[],
): Promise<string> {
  const id = randomUUID();
  const [result] = await push(user.client, [
    {
      mutation_id: randomUUID(),
      entity: 'scheduled_posts',
      op: 'upsert',
      id,
      base_version: null,
      data: {
        content,
        platforms,
        account_ids: accountIds,
        scheduled_for: new Date(Date.now() - 1000).toISOString(),
        publish_mode: 'now',
      },
    },
  ]);
  expect(result).toMatchObject({ status: 'applied' });
  return id;
}

interface TargetRow {
  id: string;
  platform: string;
  account_id: string | null;
  status: string;
  remote_id: string | null;
  permalink: string | null;
  error_code: string | null;
  error_message: string | null;
  attempts: number;
  next_attempt_at: Date | string | null;
  outcome_unknown: boolean;
}

async function targets(postId: string): Promise<TargetRow[]> {
  const { rows } = await server.db.query<TargetRow>(
    `select id::text, platform, account_id::text, status, remote_id, permalink, error_code,
            error_message, attempts, next_attempt_at, outcome_unknown
       from public.publish_targets where post_id = $1 order by platform, account_name`,
    [postId],
  );
  return rows;
}

async function postStatus(postId: string): Promise<string> {
  const { rows } = await server.db.query<{ status: string }>(
    'select status from public.scheduled_posts where id = $1',
    [postId],
  );
  return rows[0]!.status;
}

async function notices(userId: string) {
  const { rows } = await server.db.query<{
    id: string;
    kind: string;
    title: string;
    body: string;
    url: string | null;
    target_id: string | null;
  }>(
    `select id::text, kind, title, body, url, target_id::text from public.user_notifications
      where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows;
}

async function mailTo(email: string): Promise<{ subject: string; body: string }[]> {
  const res = await fetch(`${server.url}/local/mail?format=json&to=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { subject: string; body: string }[];
}

/** Makes a retried target due now, as if its retry time had passed. */
async function makeDue(targetId: string) {
  await server.db.query(
    `update public.publish_targets set next_attempt_at = now() - interval '1 second' where id = $1`,
    [targetId],
  );
}

const feedRequests = () =>
  fake.requests.filter((r) => r.method === 'POST' && /\/feed$/.test(r.path));
const linkedinRequests = () =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === '/rest/posts');

describe('publishing', () => {
  it('publishes to a Page and a LinkedIn member once each, with the right tokens and headers', async () => {
    const user = await server.signedInClient();
    const pages = await connectFacebook(user);
    const member = await connectLinkedIn(user);
    const content = `Fresh bread at 8 ${randomUUID()}`;
    const postId = await schedule(
      user,
      content,
      ['facebook', 'linkedin'],
      [pages[PAGE_1]!, member],
    );

    const result = await publisher();
    expect(result).toMatchObject({ claimed: 2, published: 2, failed: 0, needs_attention: 0 });

    expect(fake.facebook.posts).toHaveLength(1);
    expect(fake.facebook.posts[0]).toMatchObject({ pageId: PAGE_1, message: content });
    expect(feedRequests()).toHaveLength(1);
    expect(feedRequests()[0]!.form.access_token).toBe(pageToken(PAGE_1));
    expect(feedRequests()[0]!.query.fields).toBe('id,permalink_url');
    expect(fake.linkedin.posts).toHaveLength(1);
    expect(fake.linkedin.posts[0]).toMatchObject({ author: MEMBER_URN, commentary: content });
    expect(linkedinRequests()[0]!.version).toBe(fake.env.LINKEDIN_VERSION);

    const [fb, li] = await targets(postId);
    expect(fb).toMatchObject({
      platform: 'facebook',
      status: 'published',
      remote_id: fake.facebook.posts[0]!.id,
      permalink: fake.facebook.posts[0]!.permalink_url,
      attempts: 1,
    });
    expect(li).toMatchObject({
      platform: 'linkedin',
      status: 'published',
      remote_id: fake.linkedin.posts[0]!.urn,
      permalink: `https://www.linkedin.com/feed/update/${fake.linkedin.posts[0]!.urn}`,
    });
    expect(await postStatus(postId)).toBe('published');

    // Nothing is due any more: a second run sends nothing.
    expect((await publisher()).claimed).toBe(0);
    expect(fake.facebook.posts).toHaveLength(1);
    expect(fake.linkedin.posts).toHaveLength(1);

    // The notices, then their delivery: once, by email to the local mailbox and by push.
    const browser = pushService.createSubscription();
    const subscribed = await user.client.from('push_subscriptions').insert({
      endpoint: browser.endpoint,
      p256dh: browser.keys.p256dh,
      auth: browser.keys.auth,
      user_agent: 'publisher test',
    });
    expect(subscribed.error).toBeNull();
    const written = await notices(user.userId);
    expect(written.map((n) => n.title).sort()).toEqual([
      'Published on Facebook',
      'Published on LinkedIn',
    ]);
    await server.publisher.tick();
    await server.publisher.tick();
    const mail = await mailTo(user.email);
    expect(mail.map((m) => m.subject).sort()).toEqual([
      'Published on Facebook',
      'Published on LinkedIn',
    ]);
    const pushed = pushService.received
      .filter((p) => p.subscriptionId === browser.id)
      .map((p) => JSON.parse(browser.decrypt(p.body)) as { title: string; url: string });
    expect(pushed.map((p) => p.title).sort()).toEqual([
      'Published on Facebook',
      'Published on LinkedIn',
    ]);
    expect(pushed.find((p) => p.title === 'Published on Facebook')!.url).toBe(
      fake.facebook.posts[0]!.permalink_url,
    );
    const { rows } = await server.db.query<{ n: number }>(
      `select count(*)::int as n from private.notification_deliveries
        where notification_id = any ($1::uuid[])`,
      [written.map((n) => n.id)],
    );
    expect(rows[0]!.n).toBe(2);
  });

  it('gives no notice by email when the user turned email off', async () => {
    const user = await server.signedInClient();
    const pages = await connectFacebook(user);
    const { error } = await user.client.from('user_preferences').upsert({
      id: user.userId,
      user_id: user.userId,
      email_notifications: false,
      push_notifications: false,
    });
    expect(error).toBeNull();
    await schedule(user, `Quiet ${randomUUID()}`, ['facebook'], [pages[PAGE_1]!]);
    expect((await publisher()).published).toBe(1);
    await server.publisher.tick();
    expect(await mailTo(user.email)).toEqual([]);
    const { rows } = await server.db.query<{ result: { email: string } }>(
      `select d.result from private.notification_deliveries d
         join public.user_notifications n on n.id = d.notification_id where n.user_id = $1`,
      [user.userId],
    );
    expect(rows.map((r) => r.result.email)).toEqual(['off']);
  });

  it('two publishers at once share out the due targets: each post goes out once', async () => {
    const user = await server.signedInClient();
    const pages = await connectFacebook(user);
    const ids = [];
    for (let i = 0; i < 4; i++) {
      ids.push(
        await schedule(
          user,
          `Batch ${i} ${randomUUID()}`,
          ['facebook'],
          [i % 2 ? pages[PAGE_1]! : pages[PAGE_2]!],
        ),
      );
    }
    const [a, b] = await Promise.all([publisher(), publisher()]);
    expect(a.claimed + b.claimed).toBe(4);
    expect(a.published + b.published).toBe(4);
    expect(fake.facebook.posts).toHaveLength(4);
    expect(new Set(fake.facebook.posts.map((p) => p.message)).size).toBe(4);
    for (const id of ids) expect((await targets(id))[0]!.status).toBe('published');
  });
});

describe('unknown outcomes are reconciled, never sent again', () => {
  it('Facebook 500 after storing: found on the Page, published, no second post', async () => {
    const user = await server.signedInClient();
    const pages = await connectFacebook(user);
    const content = `Five hundred ${randomUUID()}`;
    const postId = await schedule(user, content, ['facebook'], [pages[PAGE_1]!]);
    fake.faults.push({ platform: 'facebook', kind: '500-after-store' });

    expect(await publisher()).toMatchObject({ claimed: 1, published: 1 });
    expect(fake.facebook.posts).toHaveLength(1);
    expect(feedRequests()).toHaveLength(1);
    const [t] = await targets(postId);
    expect(t).toMatchObject({ status: 'published', remote_id: fake.appliedFaults[0]!.stored });
    expect(fake.requests.some((r) => r.path.endsWith(`/${PAGE_1}/published_posts`))).toBe(true);
  });

  it('Facebook answering after the timeout: found on the Page, published', async () => {
    const user = await server.signedInClient();
    const pages = await connectFacebook(user);
    const postId = await schedule(user, `Slow ${randomUUID()}`, ['facebook'], [pages[PAGE_1]!]);
    fake.faults.push({ platform: 'facebook', kind: 'delay-after-store', ms: 5000 });

    expect(await publisher()).toMatchObject({ published: 1 });
    expect(fake.facebook.posts).toHaveLength(1);
    expect(feedRequests()).toHaveLength(1);
    expect((await targets(postId))[0]).toMatchObject({
      status: 'published',
      remote_id: fake.facebook.posts[0]!.id,
    });
  });

  it('the same text posted by another target is not taken for a lost one', async () => {
    const user = await server.signedInClient();
    const pages = await connectFacebook(user);
    const content = `Twice on purpose ${randomUUID()}`;
    const first = await schedule(user, content, ['facebook'], [pages[PAGE_1]!]);
    expect(await publisher()).toMatchObject({ published: 1 });
    const second = await schedule(user, content, ['facebook'], [pages[PAGE_1]!]);
    fake.faults.push({ platform: 'facebook', kind: '500-no-store' });

    expect(await publisher()).toMatchObject({ needs_attention: 1, published: 0 });
    expect(fake.facebook.posts).toHaveLength(1);
    expect((await targets(first))[0]).toMatchObject({
      status: 'published',
      remote_id: fake.facebook.posts[0]!.id,
    });
    expect((await targets(second))[0]).toMatchObject({
      status: 'needs_attention',
      error_code: 'outcome_unknown',
      remote_id: null,
    });
  });

  it('Facebook 500 without storing: not on the Page, so the user is asked to check', async () => {
    const user = await server.signedInClient();
    const pages = await connectFacebook(user);
    const postId = await schedule(user, `Lost ${randomUUID()}`, ['facebook'], [pages[PAGE_1]!]);
    fake.faults.push({ platform: 'facebook', kind: '500-no-store' });

    expect(await publisher()).toMatchObject({ needs_attention: 1 });
    expect(fake.facebook.posts).toHaveLength(0);
    expect((await targets(postId))[0]).toMatchObject({
      status: 'needs_attention',
      error_code: 'outcome_unknown',
    });
    expect(await postStatus(postId)).toBe('needs_attention');
    expect((await notices(user.userId)).map((n) => n.title)).toEqual([
      'Check your page before posting again',
    ]);
    // Never re-sent on a later run.
    expect((await publisher()).claimed).toBe(0);
    expect(feedRequests()).toHaveLength(1);
  });

  it('a dropped connection is not known to be unsent: reconciled, not retried', async () => {
    const user = await server.signedInClient();
    const pages = await connectFacebook(user);
    const postId = await schedule(user, `Dropped ${randomUUID()}`, ['facebook'], [pages[PAGE_1]!]);
    fake.faults.push({ platform: 'facebook', kind: 'refuse' });

    expect(await publisher()).toMatchObject({ needs_attention: 1, retried: 0 });
    expect(fake.facebook.posts).toHaveLength(0);
    expect((await targets(postId))[0]!.status).toBe('needs_attention');
  });

  it('LinkedIn answering after the timeout: it cannot be looked up, so it needs attention', async () => {
    const user = await server.signedInClient();
    const member = await connectLinkedIn(user);
    const content = `LinkedIn slow ${randomUUID()}`;
    const postId = await schedule(user, content, ['linkedin'], [member]);
    fake.faults.push({ platform: 'linkedin', kind: 'delay-after-store', ms: 5000 });

    expect(await publisher()).toMatchObject({ needs_attention: 1 });
    expect(fake.linkedin.posts).toHaveLength(1);
    const [t] = await targets(postId);
    expect(t).toMatchObject({ status: 'needs_attention', error_code: 'outcome_unknown' });

    // The user checks and presses Publish again: LinkedIn refuses the repeat and names the post
    // that did go out, so it is published with that post, and there is still only one.
    const { error } = await user.client.rpc('publish_target_again', { p_target: t!.id });
    expect(error).toBeNull();
    expect(await publisher()).toMatchObject({ published: 1 });
    expect(fake.linkedin.posts).toHaveLength(1);
    expect((await targets(postId))[0]).toMatchObject({
      status: 'published',
      remote_id: fake.linkedin.posts[0]!.urn,
    });
  });

  it('LinkedIn 500 after storing needs attention; a duplicate refusal names the post', async () => {
    const user = await server.signedInClient();
    const member = await connectLinkedIn(user);
    const a = await schedule(user, `LI 500 ${randomUUID()}`, ['linkedin'], [member]);
    fake.faults.push({ platform: 'linkedin', kind: '500-after-store' });
    expect(await publisher()).toMatchObject({ needs_attention: 1 });
    expect((await targets(a))[0]!.status).toBe('needs_attention');

    const content = `LI dup ${randomUUID()}`;
    const b = await schedule(user, content, ['linkedin'], [member]);
    fake.faults.push({ platform: 'linkedin', kind: 'linkedin-422-duplicate' });
    expect(await publisher()).toMatchObject({ needs_attention: 1 });
    const dup = fake.linkedin.posts.find((p) => p.commentary === content)!;
    expect((await targets(b))[0]).toMatchObject({
      status: 'needs_attention',
      error_code: 'duplicate',
      error_message: `LinkedIn says this text is already posted: https://www.linkedin.com/feed/update/${dup.urn}`,
    });
  });

  it('Facebook duplicate refusals: published when the Page has it, else failed', async () => {
    const user = await server.signedInClient();
    const pages = await connectFacebook(user);
    const a = await schedule(user, `Dup 506 ${randomUUID()}`, ['facebook'], [pages[PAGE_1]!]);
    fake.faults.push({ platform: 'facebook', kind: '506' });
    expect(await publisher()).toMatchObject({ failed: 1 });
    expect((await targets(a))[0]).toMatchObject({ status: 'failed', error_code: 'duplicate' });

    // The same text was put on the Page by hand earlier: 368 "already posted" finds it.
    const content = `Dup 368 ${randomUUID()}`;
    const byHand = {
      id: `${PAGE_1}_900001`,
      pageId: PAGE_1,
      message: content,
      created_time: new Date(Date.now() - 60_000).toISOString().replace(/\.\d{3}Z$/, '+0000'),
      permalink_url: `https://www.facebook.com/${PAGE_1}/posts/900001`,
    };
    fake.facebook.posts.push(byHand);
    const b = await schedule(user, content, ['facebook'], [pages[PAGE_1]!]);
    fake.faults.push({ platform: 'facebook', kind: '368-duplicate' });
    expect(await publisher()).toMatchObject({ published: 1 });
    expect(fake.facebook.posts.filter((p) => p.message === content)).toHaveLength(1);
    expect((await targets(b))[0]).toMatchObject({ status: 'published', remote_id: byHand.id });

    // Scheduled twice on purpose: the Page's copy is the first target's, so the second, refused
    // as a repeat, failed; it is not shown as published with the other's post.
    const twice = `Dup twice ${randomUUID()}`;
    const first = await schedule(user, twice, ['facebook'], [pages[PAGE_1]!]);
    expect((await publisher()).published).toBe(1);
    const second = await schedule(user, twice, ['facebook'], [pages[PAGE_1]!]);
    fake.faults.push({ platform: 'facebook', kind: '368-duplicate' });
    expect(await publisher()).toMatchObject({ failed: 1, published: 0 });
    expect((await targets(first))[0]).toMatchObject({ status: 'published' });
    expect((await targets(second))[0]).toMatchObject({
      status: 'failed',
      error_code: 'duplicate',
      remote_id: null,
    });
  });

  it('a publisher killed mid-send leaves the target publishing; the next claim reconciles it', async () => {
    const user = await server.signedInClient();
    const pages = await connectFacebook(user);
    const postId = await schedule(user, `Killed ${randomUUID()}`, ['facebook'], [pages[PAGE_1]!]);
    fake.faults.push({ platform: 'facebook', kind: 'delay-after-store', ms: 5000 });

    const controller = new AbortController();
    const running = publisher({ signal: controller.signal });
    await vi.waitFor(() => expect(fake.appliedFaults).toHaveLength(1), { timeout: 5000 });
    controller.abort();
    expect(await running).toMatchObject({ claimed: 1, published: 0, stopped: true });
    expect(fake.facebook.posts).toHaveLength(1);
    const [left] = await targets(postId);
    expect(left).toMatchObject({ status: 'publishing', outcome_unknown: false });

    // Not yet stuck: another publisher does not touch it.
    expect((await publisher({ stuckAfterMs: 60_000 })).claimed).toBe(0);
    // Past PUBLISH_STUCK_AFTER: claimed as outcome unknown and found on the Page, not re-sent.
    await server.db.query(
      `update public.publish_targets set claimed_at = now() - interval '2 minutes' where id = $1`,
      [left!.id],
    );
    expect(await publisher({ stuckAfterMs: 60_000 })).toMatchObject({ claimed: 1, published: 1 });
    expect(feedRequests()).toHaveLength(1);
    expect(fake.facebook.posts).toHaveLength(1);
    expect((await targets(postId))[0]).toMatchObject({
      status: 'published',
      remote_id: fake.facebook.posts[0]!.id,
    });
  });
});

describe('retries', () => {
  it('a Facebook rate limit is retried after the wait it asks for, then published', async () => {
    const user = await server.signedInClient();
    const pages = await connectFacebook(user);
    const postId = await schedule(user, `Busy ${randomUUID()}`, ['facebook'], [pages[PAGE_1]!]);
    fake.faults.push({ platform: 'facebook', kind: '429', retryAfterSeconds: 120 });

    const before = Date.now();
    expect(await publisher()).toMatchObject({ claimed: 1, retried: 1 });
    const [t] = await targets(postId);
    expect(t).toMatchObject({ status: 'scheduled', error_code: 'rate_limited', attempts: 1 });
    const wait = new Date(t!.next_attempt_at!).getTime() - before;
    expect(wait).toBeGreaterThanOrEqual(119_000);
    expect(wait).toBeLessThan(125_000);
    // Not due yet.
    expect((await publisher()).claimed).toBe(0);

    await makeDue(t!.id);
    expect(await publisher()).toMatchObject({ published: 1 });
    expect(fake.facebook.posts).toHaveLength(1);
    expect((await targets(postId))[0]).toMatchObject({ status: 'published', attempts: 2 });
  });

  it('a LinkedIn 429 is retried with backoff; five refusals fail it as rate limited', async () => {
    const user = await server.signedInClient();
    const member = await connectLinkedIn(user);
    const postId = await schedule(user, `LI busy ${randomUUID()}`, ['linkedin'], [member]);
    fake.faults.push({ platform: 'linkedin', kind: '429', times: 5 });
    for (let i = 1; i <= 4; i++) {
      expect(await publisher()).toMatchObject({ retried: 1 });
      const [t] = await targets(postId);
      expect(t).toMatchObject({ status: 'scheduled', attempts: i });
      await makeDue(t!.id);
    }
    expect(await publisher()).toMatchObject({ failed: 1 });
    expect((await targets(postId))[0]).toMatchObject({
      status: 'failed',
      error_code: 'rate_limited',
      attempts: 5,
    });
    expect(fake.linkedin.posts).toHaveLength(0);
  });

  it('a refused connection (nothing sent) is retried, then published', async () => {
    const user = await server.signedInClient();
    const pages = await connectFacebook(user);
    const postId = await schedule(user, `Offline ${randomUUID()}`, ['facebook'], [pages[PAGE_1]!]);
    // A port nothing listens on: the connection is refused before any byte is sent.
    const closed = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    const env = testEnv({ FACEBOOK_GRAPH_URL: `http://127.0.0.1:${closed}` });
    expect(await publisher({ env })).toMatchObject({ retried: 1 });
    const [t] = await targets(postId);
    expect(t).toMatchObject({ status: 'scheduled', error_code: 'unreachable' });
    await makeDue(t!.id);
    expect(await publisher()).toMatchObject({ published: 1 });
    expect(fake.facebook.posts).toHaveLength(1);
  });
});

describe('dead tokens', () => {
  it('Graph 190 marks the account reconnect-needed and fails its due targets, once', async () => {
    const user = await server.signedInClient();
    const pages = await connectFacebook(user);
    const page = pages[PAGE_1]!;
    const first = await schedule(user, `A ${randomUUID()}`, ['facebook'], [page]);
    const second = await schedule(user, `B ${randomUUID()}`, ['facebook'], [page]);
    const other = await schedule(user, `C ${randomUUID()}`, ['facebook'], [pages[PAGE_2]!]);
    fake.faults.push({ platform: 'facebook', kind: '190', account: PAGE_1 });

    // One claimed at a time: the second is still scheduled when the first hits the dead token.
    const result = await publisher({ limit: 1 });
    expect(result).toMatchObject({ claimed: 1, failed: 2 });
    for (const id of [first, second]) {
      expect((await targets(id))[0]).toMatchObject({
        status: 'failed',
        error_code: 'reconnect_needed',
        error_message: 'Reconnect Facebook: the connection expired or was revoked.',
      });
    }
    expect(feedRequests()).toHaveLength(1);
    const { rows } = await server.db.query<{ connection_status: string; connection_error: string }>(
      'select connection_status, connection_error from public.social_media_accounts where id = $1',
      [page],
    );
    expect(rows[0]).toEqual({
      connection_status: 'reconnect_needed',
      connection_error: 'Reconnect Facebook: the connection expired or was revoked.',
    });
    const titles = (await notices(user.userId)).map((n) => n.title);
    expect(titles.filter((t) => t === 'Reconnect Facebook')).toHaveLength(1);

    // The other Page still publishes; the failed ones are never retried.
    expect(await publisher()).toMatchObject({ claimed: 1, published: 1 });
    expect((await targets(other))[0]!.status).toBe('published');
    expect((await publisher()).claimed).toBe(0);

    // A later post to the dead page fails at its claim, without a request.
    const later = await schedule(user, `D ${randomUUID()}`, ['facebook'], [page]);
    expect((await publisher()).claimed).toBe(0);
    expect((await targets(later))[0]).toMatchObject({
      status: 'failed',
      error_code: 'reconnect_needed',
    });
    expect(feedRequests()).toHaveLength(2);

    // Reconnecting makes the account connected again, and Retry sends it.
    await connectFacebook(user);
    const again = await server.db.query<{
      connection_status: string;
      connection_error: string | null;
    }>(
      'select connection_status, connection_error from public.social_media_accounts where id = $1',
      [page],
    );
    expect(again.rows[0]).toEqual({ connection_status: 'connected', connection_error: null });
    const [t] = await targets(later);
    expect((await user.client.rpc('publish_target_again', { p_target: t!.id })).error).toBeNull();
    expect(await publisher()).toMatchObject({ published: 1 });
  });

  it('a taken-over send on a Page whose token died in the same tick is put to the user, not failed', async () => {
    const user = await server.signedInClient();
    const pages = await connectFacebook(user);
    const page = pages[PAGE_1]!;
    const sent = `Sent then killed ${randomUUID()}`;
    const sentPost = await schedule(user, sent, ['facebook'], [page]);
    fake.faults.push({ platform: 'facebook', kind: 'delay-after-store', ms: 5000, content: sent });
    const controller = new AbortController();
    const running = publisher({ signal: controller.signal });
    await vi.waitFor(() => expect(fake.appliedFaults).toHaveLength(1), { timeout: 5000 });
    controller.abort();
    await running;
    expect(fake.facebook.posts.map((p) => p.message)).toEqual([sent]);

    // Another post of the Page, due earlier, meets the dead token first in the next tick.
    const dead = `Meets the dead token ${randomUUID()}`;
    const deadPost = await schedule(user, dead, ['facebook'], [page]);
    fake.faults.push({ platform: 'facebook', kind: '190', account: PAGE_1, content: dead });
    const [deadTarget] = await targets(deadPost);
    await server.db.query(
      `update public.publish_targets set due_at = now() - interval '1 hour' where id = $1`,
      [deadTarget!.id],
    );
    const [stuck] = await targets(sentPost);
    await server.db.query(
      `update public.publish_targets set claimed_at = now() - interval '2 minutes' where id = $1`,
      [stuck!.id],
    );
    expect(await publisher({ stuckAfterMs: 60_000 })).toMatchObject({
      claimed: 2,
      failed: 1,
      needs_attention: 1,
    });
    expect((await targets(deadPost))[0]).toMatchObject({
      status: 'failed',
      error_code: 'reconnect_needed',
    });
    // The first send may be out (it is): the user is asked to check, nothing is sent again.
    expect((await targets(sentPost))[0]).toMatchObject({
      status: 'needs_attention',
      error_code: 'outcome_unknown',
    });
    expect(feedRequests()).toHaveLength(2);
    expect(fake.facebook.posts.map((p) => p.message)).toEqual([sent]);
  });

  it('LinkedIn 401 marks the member reconnect-needed and fails the target', async () => {
    const user = await server.signedInClient();
    const member = await connectLinkedIn(user);
    const postId = await schedule(user, `LI revoked ${randomUUID()}`, ['linkedin'], [member]);
    fake.faults.push({ platform: 'linkedin', kind: 'linkedin-401' });
    expect(await publisher()).toMatchObject({ claimed: 1, failed: 1 });
    expect((await targets(postId))[0]).toMatchObject({
      status: 'failed',
      error_code: 'reconnect_needed',
      error_message: 'Reconnect LinkedIn: the connection expired or was revoked.',
    });
    const { rows } = await server.db.query<{ connection_status: string }>(
      'select connection_status from public.social_media_accounts where id = $1',
      [member],
    );
    expect(rows[0]!.connection_status).toBe('reconnect_needed');
    expect((await publisher()).claimed).toBe(0);
    expect(linkedinRequests()).toHaveLength(1);
  });
});

describe('the publisher function, the timer and health', () => {
  it('refuses anyone but the service role', async () => {
    const user = await server.signedInClient();
    for (const bearer of [user.accessToken, server.keys.anonKey]) {
      const res = await fn('publisher', bearer);
      expect(res).toEqual({
        status: 401,
        body: { error: 'The publisher needs the service role.' },
      });
    }
    const bad = await fn('publisher', server.keys.serviceRoleKey, { limit: 0 });
    expect(bad.status).toBe(400);
  });

  it('runs one tick for the service role and answers the counts; health shows the run', async () => {
    const user = await server.signedInClient();
    const pages = await connectFacebook(user);
    const postId = await schedule(user, `By cron ${randomUUID()}`, ['facebook'], [pages[PAGE_1]!]);
    const res = await fn('publisher', server.keys.serviceRoleKey, { limit: 10 });
    expect(res).toEqual({
      status: 200,
      body: { claimed: 1, published: 1, failed: 0, needs_attention: 0, retried: 0, reminders: 0 },
    });
    expect((await targets(postId))[0]!.status).toBe('published');

    // Full batches are claimed again in the same call: three due posts with a limit of one.
    for (let i = 0; i < 3; i++)
      await schedule(user, `By cron, batch ${i} ${randomUUID()}`, ['facebook'], [pages[PAGE_2]!]);
    const drained = await fn('publisher', server.keys.serviceRoleKey, { limit: 1 });
    expect(drained.body).toMatchObject({ claimed: 3, published: 3 });

    await server.publisher.tick();
    const health = await fetch(`${server.url}/functions/v1/health`, {
      headers: { Authorization: `Bearer ${server.keys.anonKey}` },
    });
    const body = (await health.json()) as {
      status: string;
      workers: Record<string, { last_finished_at: string; last_result: unknown; runs: number }>;
    };
    expect(body.status).toBe('ok');
    expect(body.workers.publisher!.runs).toBeGreaterThanOrEqual(2);
    expect(Date.parse(body.workers.publisher!.last_finished_at)).toBeGreaterThan(
      Date.now() - 60_000,
    );
    expect(body.workers['notify-dispatch']!.last_result).toMatchObject({
      delivered: expect.any(Number),
    });
  });

  it('a manual target becomes a reminder and is counted', async () => {
    const user = await server.signedInClient();
    const postId = await schedule(user, `Post it yourself ${randomUUID()}`, ['instagram'], []);
    expect(await publisher()).toMatchObject({ claimed: 0, reminders: 1 });
    expect((await targets(postId))[0]!.status).toBe('reminder');
  });

  it('the embedded timer wakes when posts fall due, not an interval later, and drains full batches', async () => {
    const own = await startTestServer({
      publisher: { intervalMs: 600_000, batchSize: 2, stuckAfterMs: 300_000 },
      social: fake.endpoints,
    });
    // The helpers above talk to `server`: point them at this one for the test.
    const main = server;
    server = own;
    try {
      const user = await own.signedInClient();
      const pages = await connectFacebook(user);
      // Its first tick ran at start; the next by the interval would be ten minutes away.
      const runs = async () => {
        const { rows } = await own.db.query<{ runs: number; result: Record<string, unknown> }>(
          `select runs::int, last_result as result from private.worker_runs
            where worker = 'publisher'`,
        );
        return rows[0] ?? { runs: 0, result: {} };
      };
      await vi.waitFor(async () => expect((await runs()).runs).toBe(1), { timeout: 10_000 });
      const dueAt = Date.now() + 2000;
      const contents = Array.from({ length: 5 }, (_, i) => `Due together ${i} ${randomUUID()}`);
      for (const content of contents) {
        const [result] = await push(user.client, [
          {
            mutation_id: randomUUID(),
            entity: 'scheduled_posts',
            op: 'upsert',
            id: randomUUID(),
            base_version: null,
            data: {
              content,
              platforms: ['facebook'],
              account_ids: [pages[PAGE_1]!],
              scheduled_for: new Date(dueAt).toISOString(),
              publish_mode: 'schedule',
            },
          },
        ]);
        expect(result).toMatchObject({ status: 'applied' });
      }
      await vi.waitFor(
        () => expect(fake.facebook.posts.map((p) => p.message).sort()).toEqual(contents.sort()),
        { timeout: 8000, interval: 100 },
      );
      // Not before they fell due, and within a few seconds after.
      const received = fake.facebook.posts.map((p) => Date.parse(p.created_time));
      expect(Math.min(...received)).toBeGreaterThanOrEqual(Math.floor(dueAt / 1000) * 1000);
      expect(Date.now() - dueAt).toBeLessThan(6000);
      // Five due with batches of two: one tick claimed them all (2 + 2 + 1).
      await vi.waitFor(async () => expect((await runs()).result).toMatchObject({ claimed: 5 }), {
        timeout: 5000,
      });
      expect((await runs()).runs).toBe(2);
    } finally {
      server = main;
      await own.close();
    }
  });

  it('the embedded timer logs its interval once, runs on its own, and survives a failed tick', async () => {
    const own = await startTestServer({ publisher: { intervalMs: 200 } });
    try {
      expect(logged.filter((l) => l === 'publisher runs every 200 ms')).toHaveLength(1);
      const runs = async () => {
        const { rows } = await own.db.query<{ runs: number }>(
          `select runs::int from private.worker_runs where worker = 'publisher'`,
        );
        return rows[0]?.runs ?? 0;
      };
      await vi.waitFor(async () => expect(await runs()).toBeGreaterThanOrEqual(2), {
        timeout: 10_000,
      });
      // Claims fail while the function is gone; the timer logs it and goes on.
      await own.db.query(
        'alter function public.publisher_claim(uuid, integer, integer) rename to publisher_claim_off',
      );
      await vi.waitFor(
        () => expect(logged.some((l) => l.startsWith('publisher tick failed'))).toBe(true),
        {
          timeout: 10_000,
        },
      );
      await own.db.query(
        'alter function public.publisher_claim_off(uuid, integer, integer) rename to publisher_claim',
      );
      const after = await runs();
      await vi.waitFor(
        async () => {
          const { rows } = await own.db.query<{ runs: number; result: Record<string, unknown> }>(
            `select runs::int, last_result as result from private.worker_runs
              where worker = 'publisher'`,
          );
          expect(rows[0]!.runs).toBeGreaterThan(after);
          expect(rows[0]!.result).toMatchObject({ claimed: 0 });
        },
        { timeout: 10_000 },
      );
    } finally {
      await own.close();
    }
  });
});
