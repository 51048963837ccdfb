import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_FACEBOOK_APP,
  FAKE_LINKEDIN_APP,
  startFakeSocial,
  type FakeSocial,
} from '../support/fake-social';

// The fake other tests lean on: its flows and error shapes must match the real platforms'.

let fake: FakeSocial;
const APP_ORIGIN = 'http://127.0.0.1:4173';
const FB_REDIRECT = `${APP_ORIGIN}/oauth/facebook`;
const LI_REDIRECT = `${APP_ORIGIN}/oauth/linkedin`;

beforeAll(async () => {
  fake = await startFakeSocial();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

const graph = (path: string, params: Record<string, string> = {}) =>
  `${fake.url}/v24.0${path}?${new URLSearchParams(params)}`;

async function getJson(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  // Assertions below check the shape; typing every platform answer here would only repeat them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** Submits the consent form the way a click on its button does, returns where it redirects. */
async function decide(dialogUrl: string, decision: 'continue' | 'cancel'): Promise<URL> {
  const page = await fetch(dialogUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('>Continue</button>');
  expect(html).toContain('>Cancel</button>');
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
  const form = new URLSearchParams({ decision });
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(
      m[1]!,
      m[2]!.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))),
    );
  }
  const res = await fetch(`${fake.url}${action}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

describe('fake Facebook', () => {
  const dialog = (state: string, redirect = FB_REDIRECT) =>
    `${fake.url}/v24.0/dialog/oauth?${new URLSearchParams({
      client_id: FAKE_FACEBOOK_APP.id,
      redirect_uri: redirect,
      state,
      response_type: 'code',
      scope: 'pages_show_list,pages_read_engagement,pages_manage_posts',
    })}`;
  const exchange = (
    code: string,
    redirect = FB_REDIRECT,
    secret: string = FAKE_FACEBOOK_APP.secret,
  ) => ({ client_id: FAKE_FACEBOOK_APP.id, client_secret: secret, redirect_uri: redirect, code });

  it('runs the dialog, both token exchanges and pages with paging', async () => {
    const back = await decide(dialog('s-1'), 'continue');
    expect(back.origin + back.pathname).toBe(FB_REDIRECT);
    expect(back.searchParams.get('state')).toBe('s-1');
    const code = back.searchParams.get('code')!;

    // POST with a form body works as well as GET.
    const short = await getJson(`${fake.url}/v24.0/oauth/access_token`, {
      method: 'POST',
      body: new URLSearchParams(exchange(code)),
    });
    expect(short.status).toBe(200);
    expect(short.body).toMatchObject({ token_type: 'bearer', expires_in: expect.any(Number) });

    const again = await getJson(graph('/oauth/access_token', exchange(code)));
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      type: 'OAuthException',
      code: 100,
      error_subcode: 36009,
    });

    const long = await getJson(
      graph('/oauth/access_token', {
        grant_type: 'fb_exchange_token',
        client_id: FAKE_FACEBOOK_APP.id,
        client_secret: FAKE_FACEBOOK_APP.secret,
        fb_exchange_token: short.body.access_token,
      }),
    );
    expect(long.status).toBe(200);
    const userToken = long.body.access_token as string;

    const first = await getJson(
      graph('/me/accounts', {
        access_token: userToken,
        fields: 'id,name,access_token,category,tasks',
        limit: '100',
      }),
    );
    expect(first.body.data).toHaveLength(2);
    expect(first.body.paging.cursors).toMatchObject({
      before: expect.any(String),
      after: expect.any(String),
    });
    const next = first.body.paging.next as string;
    expect(next.startsWith(`${fake.url}/v24.0/me/accounts?`)).toBe(true);
    const second = await getJson(next);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.paging.next).toBeUndefined();
    const pages = [...first.body.data, ...second.body.data];
    expect(pages.map((p: { id: string }) => p.id)).toEqual(fake.facebook.pages.map((p) => p.id));
    for (const p of pages) expect(fake.facebook.tokens.has(p.access_token)).toBe(true);

    const page = await getJson(
      graph(`/${pages[0].id}`, { fields: 'id,name', access_token: pages[0].access_token }),
    );
    expect(page.body).toEqual({ id: pages[0].id, name: pages[0].name });
    expect(fake.requests.every((r) => r.version === 'v24.0')).toBe(true);
  });

  it('lists a page the user did not tick without a token', async () => {
    fake.facebook.setPages([{ name: 'Ticked' }, { name: 'Not ticked', access_token: null }]);
    const code = fake.facebook.issueCode(FAKE_FACEBOOK_APP.id, FB_REDIRECT);
    const short = await getJson(graph('/oauth/access_token', exchange(code)));
    const list = await getJson(
      graph('/me/accounts', {
        access_token: short.body.access_token,
        fields: 'id,name,access_token',
      }),
    );
    expect(list.body.data[0].access_token).toEqual(expect.any(String));
    expect(list.body.data[1]).not.toHaveProperty('access_token');
  });

  it('answers Graph errors for a wrong redirect, secret, app and token', async () => {
    const code = fake.facebook.issueCode(FAKE_FACEBOOK_APP.id, FB_REDIRECT);
    const mismatch = await getJson(graph('/oauth/access_token', exchange(code, `${FB_REDIRECT}/`)));
    expect(mismatch.body.error).toMatchObject({
      code: 100,
      error_subcode: 36008,
      fbtrace_id: expect.any(String),
    });

    const secret = await getJson(graph('/oauth/access_token', exchange(code, FB_REDIRECT, 'nope')));
    expect(secret.body.error).toMatchObject({
      code: 1,
      message: 'Error validating client secret.',
    });

    const app = await getJson(
      graph('/oauth/access_token', { ...exchange(code), client_id: '999' }),
    );
    expect(app.body.error).toMatchObject({
      code: 101,
      message: 'Error validating application. Invalid application ID.',
    });

    const appToken = await getJson(
      graph('/oauth/access_token', {
        client_id: FAKE_FACEBOOK_APP.id,
        client_secret: FAKE_FACEBOOK_APP.secret,
        grant_type: 'client_credentials',
      }),
    );
    expect(appToken.body.access_token).toMatch(new RegExp(`^${FAKE_FACEBOOK_APP.id}\\|`));

    const token = (await getJson(graph('/oauth/access_token', exchange(code)))).body
      .access_token as string;
    fake.facebook.expire(token);
    const expired = await getJson(graph('/me/accounts', { access_token: token }));
    expect(expired.status).toBe(400);
    expect(expired.body.error).toMatchObject({
      code: 190,
      error_subcode: 463,
      type: 'OAuthException',
    });
    fake.facebook.tokens.delete(token);
    const revoked = await getJson(graph('/me/accounts', { access_token: token }));
    expect(revoked.body.error).toMatchObject({ code: 190, error_subcode: 460 });
    const garbage = await getJson(graph('/me/accounts', { access_token: 'garbage' }));
    expect(garbage.body.error.code).toBe(190);
  });

  it('redirects a cancelled dialog with the error and the state', async () => {
    const back = await decide(dialog('s-2'), 'cancel');
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      error: 'access_denied',
      error_reason: 'user_denied',
      state: 's-2',
    });
  });

  it('fails the next matching request as told, once', async () => {
    fake.facebook.failNext('/me/accounts', 500, {
      error: { code: 2, message: 'Service temporarily unavailable' },
    });
    const first = await getJson(graph('/me/accounts', { access_token: 'x' }));
    expect(first).toEqual({
      status: 500,
      body: { error: { code: 2, message: 'Service temporarily unavailable' } },
    });
    const second = await getJson(graph('/me/accounts', { access_token: 'x' }));
    expect(second.body.error.code).toBe(190);

    fake.facebook.failNext('/oauth/access_token', 0, null);
    const hung = await fetch(graph('/oauth/access_token'), {
      signal: AbortSignal.timeout(300),
    }).catch((e: Error) => e.name);
    expect(hung).toBe('TimeoutError');
  });
});

describe('fake LinkedIn', () => {
  const authorize = (state: string) =>
    `${fake.url}/oauth/v2/authorization?${new URLSearchParams({
      response_type: 'code',
      client_id: FAKE_LINKEDIN_APP.id,
      redirect_uri: LI_REDIRECT,
      state,
      scope: 'openid profile email w_member_social',
    })}`;
  const tokenRequest = (params: Record<string, string>) =>
    getJson(`${fake.url}/oauth/v2/accessToken`, {
      method: 'POST',
      body: new URLSearchParams(params),
    });

  it('runs authorization, the token exchange and userinfo', async () => {
    const back = await decide(authorize('li-1'), 'continue');
    expect(back.searchParams.get('state')).toBe('li-1');
    const params = {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: LI_REDIRECT,
      client_id: FAKE_LINKEDIN_APP.id,
      client_secret: FAKE_LINKEDIN_APP.secret,
    };
    const token = await tokenRequest(params);
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({
      expires_in: 5184000,
      scope: 'openid,profile,email,w_member_social',
    });
    expect(token.body).not.toHaveProperty('refresh_token');

    const reused = await tokenRequest(params);
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({
      error: 'invalid_request',
      error_description: expect.any(String),
    });

    const me = await getJson(`${fake.url}/v2/userinfo`, {
      headers: { Authorization: `Bearer ${token.body.access_token}` },
    });
    expect(me.body).toMatchObject({
      sub: fake.linkedin.member.sub,
      name: fake.linkedin.member.name,
    });

    fake.linkedin.tokens.delete(token.body.access_token);
    const revoked = await getJson(`${fake.url}/v2/userinfo`, {
      headers: { Authorization: `Bearer ${token.body.access_token}` },
    });
    expect(revoked).toEqual({
      status: 401,
      body: expect.objectContaining({
        status: 401,
        serviceErrorCode: 65601,
        code: 'REVOKED_ACCESS_TOKEN',
      }),
    });
  });

  it('refuses a wrong secret, a wrong redirect and a cancelled authorization', async () => {
    const code = fake.linkedin.issueCode(FAKE_LINKEDIN_APP.id, LI_REDIRECT);
    const base = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: LI_REDIRECT,
      client_id: FAKE_LINKEDIN_APP.id,
    };
    const secret = await tokenRequest({ ...base, client_secret: 'nope' });
    expect(secret).toEqual({
      status: 401,
      body: { error: 'invalid_client', error_description: expect.any(String) },
    });
    const redirect = await tokenRequest({
      ...base,
      client_secret: FAKE_LINKEDIN_APP.secret,
      redirect_uri: `${LI_REDIRECT}?x=1`,
    });
    expect(redirect.body.error).toBe('invalid_request');

    const cancelled = await decide(authorize('li-2'), 'cancel');
    expect(cancelled.searchParams.get('error')).toBe('user_cancelled_authorize');
    expect(cancelled.searchParams.get('state')).toBe('li-2');
  });
});

describe('control API', () => {
  it('sets pages, injects a failure and reports issued tokens', async () => {
    const post = (path: string, body: unknown) =>
      getJson(`${fake.url}/__fake/${path}`, { method: 'POST', body: JSON.stringify(body) });
    const pages = await post('facebook/pages', [{ name: 'Only page' }]);
    expect(pages.body).toEqual([
      expect.objectContaining({ name: 'Only page', access_token: expect.any(String) }),
    ]);
    await post('fail', {
      platform: 'linkedin',
      path: '/v2/userinfo',
      status: 429,
      body: { status: 429 },
    });
    expect((await getJson(`${fake.url}/v2/userinfo`)).status).toBe(429);
    const state = await getJson(`${fake.url}/__fake/state`);
    expect(state.body.issuedTokens).toContain(pages.body[0].access_token);
    expect((await post('fail', { platform: 'x' })).status).toBe(400);
  });
});

interface LinkedInError {
  status: number;
  message: string;
  errorDetails: { inputErrors: { code: string; description: string }[] };
}

describe('publishing', () => {
  const feed = (pageId: string, params: Record<string, string> = {}) =>
    `${fake.url}/v24.0/${pageId}/feed?${new URLSearchParams(params)}`;
  const postFeed = (pageId: string, form: Record<string, string>, query = {}) =>
    getJson(feed(pageId, query), { method: 'POST', body: new URLSearchParams(form) });

  async function linkedInToken(): Promise<string> {
    const code = fake.linkedin.issueCode(FAKE_LINKEDIN_APP.id, LI_REDIRECT);
    const res = await getJson(`${fake.url}/oauth/v2/accessToken`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: LI_REDIRECT,
        client_id: FAKE_LINKEDIN_APP.id,
        client_secret: FAKE_LINKEDIN_APP.secret,
      }),
    });
    return res.body.access_token as string;
  }

  const author = () => `urn:li:person:${fake.linkedin.member.sub}`;
  const postBody = (commentary: string, by = author()) => ({
    author: by,
    commentary,
    visibility: 'PUBLIC',
    distribution: {
      feedDistribution: 'MAIN_FEED',
      targetEntities: [],
      thirdPartyDistributionChannels: [],
    },
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
  });
  function liPost(
    token: string,
    body: unknown,
    headers: Record<string, string> = {
      'LinkedIn-Version': '202608',
      'X-Restli-Protocol-Version': '2.0.0',
    },
  ) {
    return fetch(`${fake.url}/rest/posts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  it('publishes to a page with its page token and lists the page posts newest first', async () => {
    const [bakery, florist] = fake.facebook.pages;
    const first = await postFeed(bakery!.id, {
      message: 'Fresh bread at 7',
      access_token: bakery!.access_token!,
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id: expect.stringMatching(new RegExp(`^${bakery!.id}_\\d+$`)) });

    // JSON body, token as a bearer header, the permalink asked for in the same call.
    const second = await getJson(feed(bakery!.id, { fields: 'id,permalink_url' }), {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${bakery!.access_token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ message: 'Croissants are back' }),
    });
    expect(second.body).toEqual({
      id: expect.any(String),
      permalink_url: `https://www.facebook.com/${bakery!.id}/posts/${second.body.id.split('_')[1]}`,
    });
    expect(fake.facebook.posts).toEqual([
      expect.objectContaining({
        id: first.body.id,
        pageId: bakery!.id,
        message: 'Fresh bread at 7',
      }),
      expect.objectContaining({ id: second.body.id, message: 'Croissants are back' }),
    ]);
    expect(fake.facebook.posts[0]!.created_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/);

    await postFeed(florist!.id, { message: 'Tulips', access_token: florist!.access_token! });
    const list = await getJson(
      graph(`/${bakery!.id}/published_posts`, {
        access_token: bakery!.access_token!,
        fields: 'id,message,created_time,permalink_url',
        limit: '1',
      }),
    );
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        id: second.body.id,
        message: 'Croissants are back',
        created_time: expect.any(String),
        permalink_url: second.body.permalink_url,
      },
    ]);
    const rest = await getJson(list.body.paging.next);
    expect(rest.body.data.map((p: { id: string }) => p.id)).toEqual([first.body.id]);
    expect(rest.body.paging.next).toBeUndefined();

    const posts = await getJson(
      graph(`/${florist!.id}/posts`, { access_token: florist!.access_token! }),
    );
    expect(posts.body.data).toEqual([
      { id: expect.any(String), message: 'Tulips', created_time: expect.any(String) },
    ]);
  });

  it('refuses a publish without a message or without that page token', async () => {
    const [bakery, florist] = fake.facebook.pages;
    const empty = await postFeed(bakery!.id, { message: ' ', access_token: bakery!.access_token! });
    expect(empty.body.error).toMatchObject({
      code: 100,
      message: '(#100) Missing message or attachment',
    });

    const otherPage = await postFeed(bakery!.id, {
      message: 'Hi',
      access_token: florist!.access_token!,
    });
    expect(otherPage.status).toBe(400);
    expect(otherPage.body.error).toMatchObject({ code: 200, type: 'OAuthException' });

    const code = fake.facebook.issueCode(FAKE_FACEBOOK_APP.id, FB_REDIRECT);
    const user = await getJson(
      graph('/oauth/access_token', {
        client_id: FAKE_FACEBOOK_APP.id,
        client_secret: FAKE_FACEBOOK_APP.secret,
        redirect_uri: FB_REDIRECT,
        code,
      }),
    );
    const withUser = await postFeed(bakery!.id, {
      message: 'Hi',
      access_token: user.body.access_token,
    });
    expect(withUser.body.error.code).toBe(200);
    const listWithUser = await getJson(
      graph(`/${bakery!.id}/published_posts`, { access_token: user.body.access_token }),
    );
    expect(listWithUser.body.error.code).toBe(190);

    const missing = await postFeed(bakery!.id, { message: 'Hi' });
    expect(missing.body.error.code).toBe(104);
    const unknown = await postFeed(bakery!.id, { message: 'Hi', access_token: 'EAAnope' });
    expect(unknown.body.error).toMatchObject({ code: 190 });

    fake.facebook.expire(bakery!.access_token!);
    const expired = await postFeed(bakery!.id, {
      message: 'Hi',
      access_token: bakery!.access_token!,
    });
    expect(expired.body.error).toMatchObject({ code: 190, error_subcode: 463 });
    fake.facebook.tokens.delete(florist!.access_token!);
    const revoked = await postFeed(florist!.id, {
      message: 'Hi',
      access_token: florist!.access_token!,
    });
    expect(revoked.body.error).toMatchObject({ code: 190, error_subcode: 460 });
    expect(fake.facebook.posts).toEqual([]);
  });

  it('publishes on LinkedIn: 201, an empty body and the urn in x-restli-id', async () => {
    const token = await linkedInToken();
    const res = await liPost(token, postBody('Hello LinkedIn'));
    expect(res.status).toBe(201);
    expect(await res.text()).toBe('');
    const urn = res.headers.get('x-restli-id')!;
    expect(urn).toMatch(/^urn:li:share:\d+$/);
    expect(fake.linkedin.posts).toEqual([
      { urn, author: author(), commentary: 'Hello LinkedIn', created: expect.any(Number) },
    ]);
    expect(fake.requests.at(-1)).toMatchObject({ path: '/rest/posts', version: '202608' });

    const again = await liPost(token, postBody('Hello LinkedIn'));
    expect(again.status).toBe(422);
    const duplicate = (await again.json()) as LinkedInError;
    expect(duplicate).toMatchObject({
      status: 422,
      message: expect.stringContaining(`Content is a duplicate of ${urn}`),
    });
    expect(duplicate.errorDetails.inputErrors[0]!.code).toBe('DUPLICATE_POST');
    expect(fake.linkedin.duplicates).toEqual([
      expect.objectContaining({ author: author(), commentary: 'Hello LinkedIn', urn }),
    ]);
    expect(fake.linkedin.posts).toHaveLength(1);
  });

  it('checks LinkedIn-Version, the Rest.li protocol, the author and the token', async () => {
    const token = await linkedInToken();
    const status = async (res: Promise<Response>) => {
      const r = await res;
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    const noVersion = await status(
      liPost(token, postBody('A'), { 'X-Restli-Protocol-Version': '2.0.0' }),
    );
    expect(noVersion).toEqual({
      status: 400,
      body: expect.objectContaining({ status: 400, code: 'VERSION_MISSING' }),
    });
    const badVersion = await status(
      liPost(token, postBody('A'), {
        'LinkedIn-Version': '2026-08',
        'X-Restli-Protocol-Version': '2.0.0',
      }),
    );
    expect(badVersion.status).toBe(400);
    const noProtocol = await status(liPost(token, postBody('A'), { 'LinkedIn-Version': '202608' }));
    expect(noProtocol.status).toBe(400);
    const otherAuthor = await status(liPost(token, postBody('A', 'urn:li:person:someoneElse')));
    expect(otherAuthor.body).toMatchObject({ status: 403, serviceErrorCode: 100 });

    fake.linkedin.expire(token);
    const expired = await status(liPost(token, postBody('A')));
    expect(expired.body).toMatchObject({ status: 401, serviceErrorCode: 65602 });
    const revokedToken = await linkedInToken();
    fake.linkedin.tokens.delete(revokedToken);
    const revoked = await status(liPost(revokedToken, postBody('A')));
    expect(revoked.body).toMatchObject({ status: 401, serviceErrorCode: 65601 });
    expect(fake.linkedin.posts).toEqual([]);
  });

  it('injects faults into the next matching publish requests', async () => {
    const [bakery, florist] = fake.facebook.pages;
    const publish = (page = bakery!, message = 'Fault') =>
      postFeed(page.id, { message, access_token: page.access_token! });

    // Faults wait for the request they match: page and text.
    fake.faults.push({ platform: 'facebook', kind: '500-no-store', account: florist!.id });
    fake.faults.push({ platform: 'facebook', kind: '506', content: 'Twice', times: 2 });
    expect((await publish()).status).toBe(200);
    const noStore = await publish(florist);
    expect(noStore).toMatchObject({ status: 500, body: { error: { code: 2 } } });
    for (let i = 0; i < 2; i++) {
      const dup = await publish(bakery, 'Twice');
      expect(dup.body.error).toMatchObject({ code: 506, error_subcode: 1455006 });
    }
    expect((await publish(bakery, 'Twice')).status).toBe(200);
    expect(fake.faults).toEqual([]);

    fake.faults.push({ platform: 'facebook', kind: '500-after-store' });
    const after = await publish(bakery, 'Stored anyway');
    expect(after).toMatchObject({ status: 500, body: { error: { code: 2, is_transient: true } } });
    expect(fake.facebook.posts.at(-1)!.message).toBe('Stored anyway');
    expect(fake.appliedFaults.at(-1)).toMatchObject({
      kind: '500-after-store',
      account: bakery!.id,
      stored: fake.facebook.posts.at(-1)!.id,
    });

    fake.faults.push({ platform: 'facebook', kind: '368-duplicate' });
    const blocked = await publish(bakery, 'Blocked');
    expect(blocked.body.error.code).toBe(368);
    expect(blocked.body.error.message).toContain('already posted');

    fake.faults.push({ platform: 'facebook', kind: '190' });
    const dead = await publish(bakery, 'Dead token');
    expect(dead.body.error).toMatchObject({ code: 190, error_subcode: 460 });

    fake.faults.push({ platform: 'facebook', kind: '429', retryAfterSeconds: 120 });
    const limited = await fetch(feed(bakery!.id), {
      method: 'POST',
      body: new URLSearchParams({ message: 'Limited', access_token: bakery!.access_token! }),
    });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { code: number } }).error.code).toBe(80001);
    expect(JSON.parse(limited.headers.get('x-business-use-case-usage')!)).toEqual({
      [bakery!.id]: [expect.objectContaining({ estimated_time_to_regain_access: 2 })],
    });
    expect(JSON.parse(limited.headers.get('x-app-usage')!)).toHaveProperty('call_count');
    expect(limited.headers.get('retry-after')).toBe('120');

    fake.faults.push({ platform: 'facebook', kind: 'delay-after-store', ms: 400 });
    const slow = await fetch(feed(bakery!.id), {
      method: 'POST',
      body: new URLSearchParams({ message: 'Slow', access_token: bakery!.access_token! }),
      signal: AbortSignal.timeout(100),
    }).catch((e: Error) => e.name);
    expect(slow).toBe('TimeoutError');
    expect(fake.facebook.posts.at(-1)!.message).toBe('Slow');

    fake.faults.push({ platform: 'facebook', kind: 'refuse' });
    const refused = await publish(bakery, 'Refused').catch((e: Error) => e.name);
    expect(refused).toBe('TypeError');

    expect(fake.facebook.posts.map((p) => p.message)).toEqual([
      'Fault',
      'Twice',
      'Stored anyway',
      'Slow',
    ]);
    expect(fake.appliedFaults.map((f) => f.kind)).toEqual([
      '500-no-store',
      '506',
      '506',
      '500-after-store',
      '368-duplicate',
      '190',
      '429',
      'delay-after-store',
      'refuse',
    ]);
    // The injected 190 left the page token alive.
    expect((await publish(bakery, 'Still fine')).status).toBe(200);
  });

  it('injects LinkedIn faults: 401, 422 naming the stored post, 429 and 500 after storing', async () => {
    const token = await linkedInToken();
    fake.faults.push({ platform: 'linkedin', kind: 'linkedin-401' });
    const revoked = await liPost(token, postBody('One'));
    expect(await revoked.json()).toMatchObject({ status: 401, serviceErrorCode: 65601 });

    fake.faults.push({ platform: 'linkedin', kind: 'linkedin-422-duplicate', content: 'Two' });
    const dup = await liPost(token, postBody('Two'));
    expect(dup.status).toBe(422);
    const stored = fake.linkedin.posts.find((p) => p.commentary === 'Two')!;
    const body = (await dup.json()) as LinkedInError;
    expect(body.message).toContain(`Content is a duplicate of ${stored.urn}`);
    expect(body.errorDetails.inputErrors[0]!.code).toBe('DUPLICATE_POST');
    expect(fake.appliedFaults.at(-1)!.stored).toBe(stored.urn);

    fake.faults.push({ platform: 'linkedin', kind: '429' });
    const limited = await liPost(token, postBody('Three'));
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ status: 429 });

    fake.faults.push({ platform: 'linkedin', kind: '500-after-store' });
    const failed = await liPost(token, postBody('Four'));
    expect(failed.status).toBe(500);
    expect(fake.linkedin.posts.map((p) => p.commentary)).toEqual(['Two', 'Four']);

    // A Facebook-only kind on LinkedIn is a mistake in the test, said plainly.
    fake.faults.push({ platform: 'linkedin', kind: '506' });
    const wrong = await liPost(token, postBody('Five'));
    expect(wrong.status).toBe(500);
    expect(await wrong.json()).toEqual({ error: 'The fault 506 is for facebook, not linkedin' });
  });

  it('takes faults and shows posts through the control API; a seed repeats ids', async () => {
    const post = (path: string, body: unknown) =>
      getJson(`${fake.url}/__fake/${path}`, { method: 'POST', body: JSON.stringify(body) });
    expect((await post('faults', { platform: 'facebook', kind: 'nope' })).status).toBe(400);
    const queued = await post('faults', [
      { platform: 'facebook', kind: '500-after-store' },
      { platform: 'linkedin', kind: 'refuse', times: 2 },
    ]);
    expect(queued.body).toEqual({ pendingFaults: 2 });
    const page = fake.facebook.pages[0]!;
    await postFeed(page.id, { message: 'Via control', access_token: page.access_token! });
    const posts = await getJson(`${fake.url}/__fake/posts`);
    expect(posts.body).toEqual({
      facebook: [expect.objectContaining({ message: 'Via control' })],
      linkedin: [],
    });

    const a = await startFakeSocial({ seed: 42 });
    const b = await startFakeSocial({ seed: 42 });
    try {
      const ids = await Promise.all(
        [a, b].map(async (f) => {
          const p = f.facebook.pages[0]!;
          const res = await fetch(`${f.url}/v24.0/${p.id}/feed`, {
            method: 'POST',
            body: new URLSearchParams({ message: 'Seeded', access_token: p.access_token! }),
          });
          return ((await res.json()) as { id: string }).id;
        }),
      );
      expect(ids[0]).toBe(ids[1]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
