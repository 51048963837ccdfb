import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readAccountTokens } from '../../supabase/functions/_shared/tokens.ts';
import {
  FAKE_FACEBOOK_APP,
  FAKE_LINKEDIN_APP,
  startFakeSocial,
  type FakeSocial,
} from '../support/fake-social';
import { startTestServer, type TestServer } from './harness.ts';
import { pullEntities } from './sync-helpers.ts';

// The facebook-connect and linkedin-connect functions on the embedded server, against the fake
// platforms: what they store, what they answer, and that no token or secret ever comes back.

const ORIGIN = 'http://127.0.0.1:4173';
const FB_REDIRECT = `${ORIGIN}/oauth/facebook`;
const LI_REDIRECT = `${ORIGIN}/oauth/linkedin`;
const FB_SCOPES = ['pages_show_list', 'pages_read_engagement', 'pages_manage_posts'];
const TIMEOUT_MS = 1500;

let server: TestServer;
let fake: FakeSocial;
let logged: string[] = [];
const previousTimeout = process.env.SOCIAL_PLATFORM_TIMEOUT_MS;

beforeAll(async () => {
  // Read through the server's env reader (it falls back to process.env), so a hung platform call
  // fails within the test's time.
  process.env.SOCIAL_PLATFORM_TIMEOUT_MS = String(TIMEOUT_MS);
  fake = await startFakeSocial();
  server = await startTestServer({
    social: fake.endpoints,
  });
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
  if (previousTimeout === undefined) delete process.env.SOCIAL_PLATFORM_TIMEOUT_MS;
  else process.env.SOCIAL_PLATFORM_TIMEOUT_MS = previousTimeout;
});

beforeEach(() => {
  fake.reset();
  logged = [];
  // The functions run in this process: whatever they log is checked for secrets after each test.
  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (a instanceof Error ? a.message : String(a))).join(' '));
    });
  }
});

afterEach(() => {
  expectNoSecret(logged.join('\n'));
  vi.restoreAllMocks();
});

/** Every token the fake minted in this test, and the apps' secrets. */
function secrets(): string[] {
  return [
    ...fake.issuedTokens(),
    FAKE_FACEBOOK_APP.secret,
    FAKE_LINKEDIN_APP.secret,
    'wrong-facebook-secret',
    'wrong-linkedin-secret',
  ];
}

function expectNoSecret(text: string) {
  for (const s of secrets()) expect(text).not.toContain(s);
}

interface Answer {
  status: number;
  // The answers' shapes are what the assertions check.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

async function call(
  name: 'facebook-connect' | 'linkedin-connect',
  bearer: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${server.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${bearer}`,
      apikey: server.keys.anonKey,
      'Content-Type': 'application/json',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  expectNoSecret(text);
  return { status: res.status, body: JSON.parse(text) };
}

interface User {
  client: SupabaseClient;
  userId: string;
  email: string;
  accessToken: string;
}

const newUser = (): Promise<User> => server.signedInClient();

/** The spec's own call: an upsert of the credentials row with the secret in it. */
async function saveCredentials(
  user: User,
  platform: 'facebook' | 'linkedin',
  credentials: Record<string, string>,
) {
  const { error } = await user.client.from('user_social_credentials').upsert(
    {
      user_id: user.userId,
      platform,
      platform_credentials: credentials,
      is_active: true,
      validation_status: 'pending',
    },
    { onConflict: 'user_id,platform' },
  );
  expect(error).toBeNull();
}

const saveFacebook = (user: User, secret: string = FAKE_FACEBOOK_APP.secret) =>
  saveCredentials(user, 'facebook', { app_id: FAKE_FACEBOOK_APP.id, app_secret: secret });
const saveLinkedIn = (user: User, secret: string = FAKE_LINKEDIN_APP.secret) =>
  saveCredentials(user, 'linkedin', { client_id: FAKE_LINKEDIN_APP.id, client_secret: secret });

const fbCode = (redirect = FB_REDIRECT) =>
  fake.facebook.issueCode(FAKE_FACEBOOK_APP.id, redirect, FB_SCOPES);
const liCode = (redirect = LI_REDIRECT) => fake.linkedin.issueCode(FAKE_LINKEDIN_APP.id, redirect);

const connectFacebook = (user: User, code = fbCode()) =>
  call('facebook-connect', user.accessToken, { code, redirect_uri: FB_REDIRECT });
const connectLinkedIn = (user: User, code = liCode()) =>
  call('linkedin-connect', user.accessToken, { code, redirect_uri: LI_REDIRECT });

interface AccountRow {
  id: string;
  platform_account_id: string;
  account_name: string;
  is_active: boolean;
  permissions: Record<string, unknown>;
}

/** The accounts as the user reads them through REST (row-level security applies). */
async function ownAccounts(user: User, platform: string): Promise<AccountRow[]> {
  const { data, error } = await user.client
    .from('social_media_accounts')
    .select('id, platform_account_id, account_name, is_active, permissions')
    .eq('platform', platform)
    .order('platform_account_id');
  expect(error).toBeNull();
  return data as AccountRow[];
}

/** Every account row of the user in the database, read past row-level security. */
async function dbAccounts(userId: string): Promise<AccountRow[]> {
  const { rows } = await server.db.query<AccountRow>(
    `select id, platform_account_id, account_name, is_active, permissions
       from public.social_media_accounts where user_id = $1 order by platform_account_id`,
    [userId],
  );
  return rows;
}

async function tokenRows(userId: string) {
  const { rows } = await server.db.query<{
    account_id: string;
    access_token: string;
    refresh_token: string | null;
    expires_at: string | Date | null;
    scopes: string[];
  }>(
    `select account_id, access_token, refresh_token, expires_at, scopes
       from public.social_account_tokens where user_id = $1`,
    [userId],
  );
  return rows;
}

const functionEnv = (name: string): string | undefined =>
  ({
    SUPABASE_URL: server.url,
    SUPABASE_SERVICE_ROLE_KEY: server.keys.serviceRoleKey,
    SOCIAL_SECRETS_KEY: server.keys.socialSecretsKey,
  })[name];

/** An account's tokens opened with the server's key, as the publisher will read them. */
const openTokens = (accountId: string) =>
  readAccountTokens(server.serviceClient(), functionEnv, accountId);

async function credential(user: User, platform: string) {
  const { data, error } = await user.client
    .from('user_social_credentials')
    .select('validation_status, validation_error, last_validated_at')
    .eq('platform', platform)
    .single();
  expect(error).toBeNull();
  return data as {
    validation_status: string;
    validation_error: string | null;
    last_validated_at: string | null;
  };
}

async function profileFlag(user: User): Promise<boolean | null> {
  const { data } = await user.client
    .from('user_profiles')
    .select('social_credentials_wizard_completed')
    .eq('id', user.userId);
  const row = (data ?? [])[0] as { social_credentials_wizard_completed: boolean } | undefined;
  return row ? row.social_credentials_wizard_completed : null;
}

const accountsRequests = () => fake.requests.filter((r) => r.path.endsWith('/me/accounts'));

describe('facebook-connect', () => {
  it('connects every Page the user granted, following paging, with each Page token sealed', async () => {
    const user = await newUser();
    await saveFacebook(user);
    const res = await connectFacebook(user);
    expect(res.status).toBe(200);
    expect(res.body.pages_count).toBe(3);
    expect(res.body.skipped_pages).toEqual([]);
    expect(res.body.accounts.map((a: { account_name: string }) => a.account_name)).toEqual(
      fake.facebook.pages.map((p) => p.name),
    );
    // Three Pages at two per answer: the second request is the answer's paging.next.
    expect(accountsRequests()).toHaveLength(2);
    expect(accountsRequests()[1]!.query.after).toBeTruthy();
    // The long-lived exchange happened, and the Pages were listed with its token.
    const exchanges = fake.requests.filter((r) => r.path.endsWith('/oauth/access_token'));
    expect(exchanges.map((r) => r.query.grant_type ?? 'code')).toEqual([
      'code',
      'fb_exchange_token',
    ]);

    const rows = await ownAccounts(user, 'facebook');
    expect(rows).toHaveLength(3);
    for (const page of fake.facebook.pages) {
      const row = rows.find((r) => r.platform_account_id === page.id)!;
      expect(row).toMatchObject({
        account_name: page.name,
        is_active: true,
        permissions: { category: page.category, tasks: page.tasks },
      });
      expect(res.body.accounts).toContainEqual({ id: row.id, account_name: page.name });
      const tokens = await openTokens(row.id);
      expect(tokens?.accessToken).toBe(page.access_token);
      expect(tokens?.refreshToken).toBeNull();
    }
    // At rest the tokens are sealed, and the user cannot read them through REST.
    const stored = await tokenRows(user.userId);
    expect(stored).toHaveLength(3);
    expectNoSecret(JSON.stringify(stored));
    const { data: leaked } = await user.client.from('social_account_tokens').select('*');
    expect(leaked ?? []).toEqual([]);

    const cred = await credential(user, 'facebook');
    expect(cred.validation_status).toBe('valid');
    expect(cred.validation_error).toBeNull();
    expect(cred.last_validated_at).not.toBeNull();
  });

  it('refuses a Page listed without its own token and says so; no Page with a token is a 400', async () => {
    const user = await newUser();
    await saveFacebook(user);
    fake.facebook.setPages([
      { name: 'Granted Bakery' },
      { name: 'Not Ticked Florist', access_token: null },
      { name: 'Granted Cafe' },
    ]);
    const res = await connectFacebook(user);
    expect(res.status).toBe(200);
    expect(res.body.pages_count).toBe(2);
    const refused = fake.facebook.pages[1]!;
    expect(res.body.skipped_pages).toEqual([
      { platform_account_id: refused.id, account_name: 'Not Ticked Florist' },
    ]);
    expect((await dbAccounts(user.userId)).map((r) => r.account_name).sort()).toEqual([
      'Granted Bakery',
      'Granted Cafe',
    ]);

    const other = await newUser();
    await saveFacebook(other);
    fake.facebook.setPages([{ name: 'Only Listed', access_token: null }]);
    const none = await connectFacebook(other);
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/select at least one Page/);
    expect(await dbAccounts(other.userId)).toEqual([]);
    expect(await profileFlag(other)).not.toBe(true);
  });

  it('a reconnect updates the rows instead of adding more; disconnect forgets the tokens', async () => {
    const user = await newUser();
    await saveFacebook(user);
    const first = await connectFacebook(user);
    expect(first.status).toBe(200);
    const before = await ownAccounts(user, 'facebook');
    const target = before[0]!;

    // The spec's disconnect: update is_active false by id and user_id.
    const { error } = await user.client
      .from('social_media_accounts')
      .update({ is_active: false })
      .eq('id', target.id)
      .eq('user_id', user.userId);
    expect(error).toBeNull();
    expect(await openTokens(target.id)).toBeNull();
    expect((await tokenRows(user.userId)).map((t) => t.account_id)).not.toContain(target.id);

    // The Page was renamed and recategorised on Facebook meanwhile.
    const page = fake.facebook.pages.find((p) => p.id === target.platform_account_id)!;
    page.name = 'Renamed Bakery';
    page.category = 'Cafe';
    const second = await connectFacebook(user);
    expect(second.status).toBe(200);
    expect(second.body.pages_count).toBe(3);
    const after = await ownAccounts(user, 'facebook');
    expect(after.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
    expect(after.every((r) => r.is_active)).toBe(true);
    expect(after.find((r) => r.id === target.id)).toMatchObject({
      account_name: 'Renamed Bakery',
      permissions: { category: 'Cafe' },
    });
    expect(await dbAccounts(user.userId)).toHaveLength(3);
    expect((await openTokens(target.id))?.accessToken).toBe(page.access_token);
    expect(await tokenRows(user.userId)).toHaveLength(3);
  });

  it('passes Graph refusals on as 400 with its message and stores nothing', async () => {
    const user = await newUser();
    await saveFacebook(user);

    const bad = await connectFacebook(user, 'not-a-code-the-dialog-issued');
    expect(bad).toEqual({ status: 400, body: { error: 'Invalid verification code format.' } });

    // A code issued for another redirect address.
    const elsewhere = await connectFacebook(user, fbCode('http://127.0.0.1:9/oauth/facebook'));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error).toMatch(/redirect_uri is identical/);

    // The user token dies between the exchange and the listing (190, expired).
    fake.facebook.failNext('/me/accounts', 400, {
      error: {
        message: 'Error validating access token: Session has expired on Tuesday.',
        type: 'OAuthException',
        code: 190,
        error_subcode: 463,
        fbtrace_id: 'AbCdEf',
      },
    });
    const expired = await connectFacebook(user);
    expect(expired).toEqual({
      status: 400,
      body: { error: 'Error validating access token: Session has expired on Tuesday.' },
    });

    // Graph refuses the exchange with 190 (invalid token, no subcode).
    fake.facebook.failNext('/oauth/access_token', 400, {
      error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
    });
    const invalid = await connectFacebook(user);
    expect(invalid).toEqual({ status: 400, body: { error: 'Invalid OAuth access token.' } });

    expect(await dbAccounts(user.userId)).toEqual([]);
    expect(await tokenRows(user.userId)).toEqual([]);
    // A bad code says nothing about the app credentials.
    expect((await credential(user, 'facebook')).validation_status).not.toBe('invalid');
    expect(await profileFlag(user)).not.toBe(true);
  });

  it('a wrong App Secret is a 400 with Graph message and marks the credentials invalid', async () => {
    const user = await newUser();
    await saveFacebook(user, 'wrong-facebook-secret');
    const res = await connectFacebook(user);
    expect(res).toEqual({ status: 400, body: { error: 'Error validating client secret.' } });
    const cred = await credential(user, 'facebook');
    expect(cred.validation_status).toBe('invalid');
    expect(cred.validation_error).toBe('Error validating client secret.');
    expect(await dbAccounts(user.userId)).toEqual([]);
  });

  it('a failing or silent Graph is a 502 and nothing is stored', async () => {
    const user = await newUser();
    await saveFacebook(user);

    fake.facebook.failNext('/me/accounts', 500, {
      error: { message: 'An unexpected error has occurred.', type: 'OAuthException', code: 2 },
    });
    const failing = await connectFacebook(user);
    expect(failing.status).toBe(502);
    expect(failing.body.error).toMatch(/Facebook is not available right now/);

    // The second page of the listing fails: the first page's Pages are not kept either.
    fake.facebook.failNext('/me/accounts', 200, {
      data: [{ id: '103000000000001', name: 'Half', access_token: 'EAAhalf', tasks: [] }],
      paging: { next: `${fake.url}/v24.0/me/accounts?after=x` },
    });
    fake.facebook.failNext('/me/accounts', 503, 'Service Unavailable');
    const half = await connectFacebook(user);
    expect(half.status).toBe(502);

    // Graph does not answer at all: the call gives up after SOCIAL_PLATFORM_TIMEOUT_MS.
    fake.facebook.failNext('/oauth/access_token', 0, null);
    const started = Date.now();
    const silent = await connectFacebook(user);
    expect(silent.status).toBe(502);
    expect(silent.body.error).toBe('Facebook did not answer in time. Please try again.');
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 8000);

    expect(await dbAccounts(user.userId)).toEqual([]);
    expect(await tokenRows(user.userId)).toEqual([]);
    expect((await credential(user, 'facebook')).validation_status).toBe('pending');
  });

  it('never follows a paging.next link off the Graph origin', async () => {
    let hits = 0;
    const elsewhere: Server = createServer((_req, res) => {
      hits += 1;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({ data: [{ id: '999', name: 'Planted', access_token: 'EAAplanted' }] }),
      );
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    try {
      const port = (elsewhere.address() as AddressInfo).port;
      const user = await newUser();
      await saveFacebook(user);
      fake.facebook.failNext('/me/accounts', 200, {
        data: [{ id: '103000000000009', name: 'Real Page', access_token: 'EAAreal', tasks: [] }],
        paging: { next: `http://127.0.0.1:${port}/v24.0/me/accounts?after=abc` },
      });
      const res = await connectFacebook(user);
      expect(res.status).toBe(200);
      expect(res.body.pages_count).toBe(1);
      expect(res.body.accounts).toEqual([{ id: expect.any(String), account_name: 'Real Page' }]);
      expect(hits).toBe(0);
    } finally {
      await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
    }
  });

  it('stops after 20 listing requests however long the paging goes', async () => {
    const user = await newUser();
    await saveFacebook(user);
    fake.facebook.pageSize = 1;
    fake.facebook.setPages(Array.from({ length: 25 }, (_, i) => ({ name: `Page ${i + 1}` })));
    const res = await connectFacebook(user);
    expect(res.status).toBe(200);
    expect(res.body.pages_count).toBe(20);
    expect(accountsRequests()).toHaveLength(20);
  });

  it('answers the spec texts when credentials are missing or incomplete', async () => {
    const user = await newUser();
    const none = await connectFacebook(user);
    expect(none).toEqual({
      status: 400,
      body: { error: 'Facebook credentials not found. Please configure them in Settings.' },
    });
    await saveCredentials(user, 'facebook', { app_id: '   ', app_secret: 'whatever-secret' });
    const noId = await connectFacebook(user);
    expect(noId.status).toBe(400);
    expect(noId.body.error).toMatch(
      /^Facebook (App ID not configured\. Please check your credentials in Settings\.|credentials not found\. Please configure them in Settings\.)$/,
    );
    // Deleted credentials (the spec's soft delete) are not found either.
    await saveFacebook(user);
    await user.client
      .from('user_social_credentials')
      .update({ is_active: false })
      .eq('user_id', user.userId)
      .eq('platform', 'facebook');
    expect((await connectFacebook(user)).body.error).toBe(
      'Facebook credentials not found. Please configure them in Settings.',
    );
    expect(fake.requests).toEqual([]);
  });

  it('checks the caller and the input', async () => {
    const user = await newUser();
    await saveFacebook(user);
    const preflight = await fetch(`${server.url}/functions/v1/facebook-connect`, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.ok).toBe(true);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const get = await fetch(`${server.url}/functions/v1/facebook-connect`, {
      headers: { Authorization: `Bearer ${user.accessToken}` },
    });
    expect(get.status).toBe(405);
    expect(await get.json()).toEqual({ error: 'Method not allowed' });
    // The anon key is a valid JWT to the gateway but no user.
    const anon = await call('facebook-connect', server.keys.anonKey, { code: fbCode() });
    expect(anon).toEqual({ status: 401, body: { error: 'Not authenticated' } });

    for (const body of ['not json', '[]', {}, { code: '' }, { code: 42 }]) {
      const res = await call('facebook-connect', user.accessToken, body, { Origin: ORIGIN });
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    for (const redirect of [
      'javascript:alert(1)//oauth/facebook',
      'http://127.0.0.1:4173/oauth/linkedin',
      'http://127.0.0.1:4173/oauth/facebook?next=https://evil.example',
      'ftp://127.0.0.1/oauth/facebook',
    ]) {
      const res = await call('facebook-connect', user.accessToken, {
        code: fbCode(),
        redirect_uri: redirect,
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(
        'redirect_uri must be an http(s) address ending in /oauth/facebook',
      );
    }
    const noOrigin = await call('facebook-connect', user.accessToken, { code: fbCode() });
    expect(noOrigin.status).toBe(400);
    expect(fake.requests).toEqual([]);

    // Without redirect_uri, the callback page on the calling origin is the one the dialog used.
    const viaOrigin = await call(
      'facebook-connect',
      user.accessToken,
      { code: fbCode() },
      { Origin: ORIGIN },
    );
    expect(viaOrigin.status).toBe(200);
    expect(viaOrigin.body.pages_count).toBe(3);
    expect(fake.requests[0]!.query.redirect_uri).toBe(FB_REDIRECT);
  });

  it("a second user can neither use nor see the first user's credentials and accounts", async () => {
    const alice = await newUser();
    const bob = await newUser();
    await saveFacebook(alice);
    expect((await connectFacebook(alice)).status).toBe(200);

    // Bob has no credentials: Alice's are not used for him.
    const bobs = await connectFacebook(bob);
    expect(bobs).toEqual({
      status: 400,
      body: { error: 'Facebook credentials not found. Please configure them in Settings.' },
    });
    expect(await ownAccounts(bob, 'facebook')).toEqual([]);
    const { data: creds } = await bob.client.from('user_social_credentials').select('*');
    expect(creds).toEqual([]);

    // Nor can he disconnect her Pages.
    const hers = await dbAccounts(alice.userId);
    await bob.client
      .from('social_media_accounts')
      .update({ is_active: false })
      .eq('id', hers[0]!.id)
      .eq('user_id', alice.userId);
    expect((await dbAccounts(alice.userId)).every((r) => r.is_active)).toBe(true);

    // With his own credentials he connects the same Pages as rows of his own.
    await saveFacebook(bob);
    const own = await connectFacebook(bob);
    expect(own.status).toBe(200);
    const his = await dbAccounts(bob.userId);
    expect(his).toHaveLength(3);
    expect(his.map((r) => r.id)).not.toEqual(expect.arrayContaining([hers[0]!.id]));
    expect(await ownAccounts(alice, 'facebook')).toHaveLength(3);
  });
});

describe('linkedin-connect', () => {
  const urn = () => `urn:li:person:${fake.linkedin.member.sub}`;

  it('connects the member with comma-separated scopes and no refresh token', async () => {
    const user = await newUser();
    await saveLinkedIn(user);
    const before = Date.now();
    const res = await connectLinkedIn(user);
    expect(res.status).toBe(200);
    const rows = await ownAccounts(user, 'linkedin');
    expect(rows).toEqual([
      {
        id: res.body.account.id,
        platform_account_id: urn(),
        account_name: 'Fake LinkedIn Member',
        is_active: true,
        permissions: {
          scopes: ['openid', 'profile', 'email', 'w_member_social'],
          email: 'member@example.com',
        },
      },
    ]);
    expect(res.body).toEqual({
      account: { id: rows[0]!.id, account_name: 'Fake LinkedIn Member' },
    });
    const tokens = await openTokens(rows[0]!.id);
    expect(fake.linkedin.tokens.has(tokens!.accessToken)).toBe(true);
    expect(tokens!.refreshToken).toBeNull();
    expect(tokens!.scopes).toEqual(['openid', 'profile', 'email', 'w_member_social']);
    const expiresAt = new Date(tokens!.expiresAt!).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 5_184_000_000 - 5000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 5_184_000_000 + 5000);
    expect(fake.requests.find((r) => r.path === '/oauth/v2/accessToken')!.form).toMatchObject({
      grant_type: 'authorization_code',
      redirect_uri: LI_REDIRECT,
      client_id: FAKE_LINKEDIN_APP.id,
    });
    expect((await credential(user, 'linkedin')).validation_status).toBe('valid');
  });

  it('reads space-separated scopes, keeps a refresh token when one comes, and reconnects in place', async () => {
    const user = await newUser();
    await saveLinkedIn(user);
    fake.linkedin.scopeSeparator = ' ';
    fake.linkedin.refreshToken = true;
    const first = await connectLinkedIn(user);
    expect(first.status).toBe(200);
    const id = first.body.account.id as string;
    const tokens = await openTokens(id);
    expect(tokens!.scopes).toEqual(['openid', 'profile', 'email', 'w_member_social']);
    expect(tokens!.refreshToken).toMatch(/^AQXfakerefresh/);
    const [stored] = await tokenRows(user.userId);
    expect(stored!.refresh_token).not.toBe(tokens!.refreshToken);

    // Disconnect, then reconnect under a changed name with the name from given + family names.
    await user.client
      .from('social_media_accounts')
      .update({ is_active: false })
      .eq('id', id)
      .eq('user_id', user.userId);
    expect(await openTokens(id)).toBeNull();
    fake.linkedin.member = {
      ...fake.linkedin.member,
      name: '',
      given_name: 'Ada',
      family_name: 'Bloom',
    };
    const second = await connectLinkedIn(user);
    expect(second).toEqual({ status: 200, body: { account: { id, account_name: 'Ada Bloom' } } });
    expect(await dbAccounts(user.userId)).toMatchObject([{ id, is_active: true }]);
    expect(await openTokens(id)).not.toBeNull();
  });

  it('passes LinkedIn refusals on as 400 and its failures as 502, storing nothing', async () => {
    const user = await newUser();
    await saveLinkedIn(user);

    const bad = await connectLinkedIn(user, 'forged-code');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^Unable to retrieve access token/);

    fake.linkedin.failNext('/v2/userinfo', 401, {
      status: 401,
      serviceErrorCode: 65602,
      code: 'EXPIRED_ACCESS_TOKEN',
      message: 'The token used in the request has expired',
    });
    expect(await connectLinkedIn(user)).toEqual({
      status: 400,
      body: { error: 'The token used in the request has expired' },
    });

    fake.linkedin.failNext('/oauth/v2/accessToken', 500, { message: 'Internal Server Error' });
    const down = await connectLinkedIn(user);
    expect(down.status).toBe(502);
    expect(down.body.error).toMatch(/LinkedIn is not available right now/);

    fake.linkedin.failNext('/v2/userinfo', 0, null);
    const silent = await connectLinkedIn(user);
    expect(silent).toEqual({
      status: 502,
      body: { error: 'LinkedIn did not answer in time. Please try again.' },
    });

    expect(await dbAccounts(user.userId)).toEqual([]);
    expect(await tokenRows(user.userId)).toEqual([]);
    expect((await credential(user, 'linkedin')).validation_status).toBe('pending');
  });

  it('a wrong Client Secret is a 400 and marks the credentials invalid', async () => {
    const user = await newUser();
    await saveLinkedIn(user, 'wrong-linkedin-secret');
    const res = await connectLinkedIn(user);
    expect(res).toEqual({ status: 400, body: { error: 'Client authentication failed' } });
    expect(await credential(user, 'linkedin')).toMatchObject({
      validation_status: 'invalid',
      validation_error: 'Client authentication failed',
    });
  });

  it('answers the spec texts without credentials, and 401 without a user', async () => {
    const user = await newUser();
    expect(await connectLinkedIn(user)).toEqual({
      status: 400,
      body: { error: 'LinkedIn credentials not found. Please configure them in Settings.' },
    });
    const anon = await call('linkedin-connect', server.keys.anonKey, { code: liCode() });
    expect(anon).toEqual({ status: 401, body: { error: 'Not authenticated' } });
    const wrongPath = await call('linkedin-connect', user.accessToken, {
      code: liCode(),
      redirect_uri: FB_REDIRECT,
    });
    expect(wrongPath.status).toBe(400);
  });
});

describe('the wizard flag', () => {
  it('is set by a connect and reaches the app through sync_pull', async () => {
    const user = await newUser();
    // A profile the app made earlier (as onboarding does).
    const { error } = await user.client
      .from('user_profiles')
      .insert({ id: user.userId, email: user.email, first_name: 'Flo' });
    expect(error).toBeNull();
    const start = await pullEntities(user.client, ['user_profiles']);
    expect(start.changes.user_profiles).toMatchObject([
      { id: user.userId, social_credentials_wizard_completed: false },
    ]);

    await saveFacebook(user);
    expect((await connectFacebook(user)).status).toBe(200);
    expect(await profileFlag(user)).toBe(true);

    const next = await pullEntities(user.client, ['user_profiles'], start.cursor);
    expect(next.changes.user_profiles).toMatchObject([
      { id: user.userId, first_name: 'Flo', social_credentials_wizard_completed: true },
    ]);
    const version = (next.changes.user_profiles![0] as { version: number }).version;
    expect(version).toBeGreaterThan(
      (start.changes.user_profiles![0] as { version: number }).version,
    );

    // A second connect leaves the row alone: no new version for the devices to pull.
    expect((await connectFacebook(user)).status).toBe(200);
    const { rows } = await server.db.query<{ version: string | number }>(
      'select version from public.user_profiles where id = $1',
      [user.userId],
    );
    expect(Number(rows[0]!.version)).toBe(Number(version));
  });

  it('makes the profile row when the user has none yet', async () => {
    const user = await newUser();
    await saveLinkedIn(user);
    expect(await profileFlag(user)).toBeNull();
    expect((await connectLinkedIn(user)).status).toBe(200);
    const pulled = await pullEntities(user.client, ['user_profiles']);
    expect(pulled.changes.user_profiles).toMatchObject([
      { id: user.userId, email: user.email, social_credentials_wizard_completed: true },
    ]);
  });
});
