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
