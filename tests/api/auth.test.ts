import {
  AuthApiError,
  AuthSessionMissingError,
  AuthWeakPasswordError,
  isAuthApiError,
  isAuthWeakPasswordError,
  type AuthError,
  type SupabaseClient,
} from '@supabase/supabase-js';
import bcrypt from 'bcryptjs';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from '../../server/jwt.ts';
import { authFetch, followMailLink, mailTo } from './auth-helpers.ts';
import { startTestServer, uniqueEmail, type TestServer } from './harness.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

function expectApiError(
  error: AuthError | null,
  status: number,
  code: string,
  message: string,
): void {
  expect(error).toBeInstanceOf(AuthApiError);
  expect(isAuthApiError(error)).toBe(true);
  expect(error?.status).toBe(status);
  expect(error?.code).toBe(code);
  expect(error?.message).toBe(message);
}

async function newUser(password = 'first-password-1') {
  return server.signedInClient({ password });
}

describe('sign-up', () => {
  it('returns a session and a GoTrue-shaped user, with metadata from data', async () => {
    const email = uniqueEmail('signup');
    const client = server.anonClient();
    const { data, error } = await client.auth.signUp({
      email: `  ${email.toUpperCase()} `,
      password: 'correct-horse-battery',
      options: { data: { first_name: 'Ada', last_name: 'Lovelace' } },
    });
    expect(error).toBeNull();
    const { session, user } = data;
    expect(session).not.toBeNull();
    expect(session!.token_type).toBe('bearer');
    expect(session!.expires_in).toBe(3600);
    expect(Math.abs(session!.expires_at! - (Date.now() / 1000 + 3600))).toBeLessThan(60);
    expect(session!.refresh_token.length).toBeGreaterThanOrEqual(32);

    expect(user!.id).toMatch(UUID);
    expect(user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email,
        email_verified: true,
        sub: user!.id,
      },
    });
    for (const field of [
      'email_confirmed_at',
      'confirmed_at',
      'last_sign_in_at',
      'created_at',
      'updated_at',
    ] as const) {
      expect(user![field]).toMatch(ISO);
    }
    expect(user!.identities).toHaveLength(1);
    expect(user!.identities![0]).toMatchObject({
      provider: 'email',
      id: user!.id,
      user_id: user!.id,
      email,
    });
    expect(user!.identities![0]!.identity_id).toMatch(UUID);

    const { data: current } = await client.auth.getSession();
    expect(current.session?.user.id).toBe(user!.id);
  });

  it('issues an HS256 access token with GoTrue claims, signed with the project secret', async () => {
    const { accessToken, userId, email } = await newUser();
    const check = await verifyJwt(accessToken, server.keys.jwtSecret);
    expect(check.ok).toBe(true);
    const claims = decodeJwt(accessToken);
    expect(claims).toMatchObject({
      sub: userId,
      aud: 'authenticated',
      role: 'authenticated',
      iss: `${server.url}/auth/v1`,
      email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email' },
      user_metadata: { first_name: 'Test', last_name: 'User' },
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.session_id).toMatch(UUID);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
  });

  it('stores a bcrypt hash of cost 10, never the password', async () => {
    const password = 'stored-as-hash-only';
    const { userId } = await newUser(password);
    const { rows } = await server.db.query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where id = $1',
      [userId],
    );
    const hash = rows[0]!.encrypted_password;
    expect(hash).toMatch(/^\$2[ab]\$10\$.{53}$/);
    expect(await bcrypt.compare(password, hash)).toBe(true);
  });

  it('refuses an address already registered, whatever its case (422 user_already_exists)', async () => {
    const { email } = await newUser();
    const { data, error } = await server
      .anonClient()
      .auth.signUp({ email: email.toUpperCase(), password: 'another-pass' });
    expectApiError(error, 422, 'user_already_exists', 'User already registered');
    expect(data.session).toBeNull();
    const { rows } = await server.db.query('select 1 from auth.users where lower(email) = $1', [
      email,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('refuses an invalid email (400 validation_failed)', async () => {
    const { error } = await server
      .anonClient()
      .auth.signUp({ email: 'not-an-email', password: 'long-enough' });
    expectApiError(
      error,
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    );
  });

  it('refuses a weak password with AuthWeakPasswordError (422 weak_password)', async () => {
    const email = uniqueEmail('weak');
    const { error } = await server.anonClient().auth.signUp({ email, password: '12345' });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(isAuthWeakPasswordError(error)).toBe(true);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect(error?.message).toBe('Password should be at least 6 characters.');
    expect((error as AuthWeakPasswordError).reasons).toEqual(['length']);
    const { rows } = await server.db.query('select 1 from auth.users where email = $1', [email]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a missing password (400 validation_failed)', async () => {
    const { error } = await server.anonClient().auth.signUp({ email: uniqueEmail(), password: '' });
    expectApiError(error, 400, 'validation_failed', 'Signup requires a valid password');
  });
});

describe('password sign-in', () => {
  it('signs in with any case of the address and starts a new session', async () => {
    const { email, password, userId, accessToken } = await newUser();
    const client = server.anonClient();
    const { data, error } = await client.auth.signInWithPassword({
      email: email.toUpperCase(),
      password,
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(userId);
    expect(decodeJwt(data.session!.access_token).session_id).not.toBe(
      decodeJwt(accessToken).session_id,
    );
  });

  it('answers a wrong password and an unknown address alike (400 invalid_credentials)', async () => {
    const { email } = await newUser();
    const wrong = await server
      .anonClient()
      .auth.signInWithPassword({ email, password: 'not-the-password' });
    expectApiError(wrong.error, 400, 'invalid_credentials', 'Invalid login credentials');
    expect(wrong.data.session).toBeNull();
    const unknown = await server
      .anonClient()
      .auth.signInWithPassword({ email: uniqueEmail('ghost'), password: 'whatever-1' });
    expectApiError(unknown.error, 400, 'invalid_credentials', 'Invalid login credentials');
  });
});

describe('GET and PUT /user', () => {
  it('returns the signed-in user', async () => {
    const { client, userId, email } = await newUser();
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: userId, email, user_metadata: { first_name: 'Test' } });
  });

  it('merges data into user_metadata (null removes a key) and puts it in later tokens', async () => {
    const { client } = await newUser();
    const { data, error } = await client.auth.updateUser({
      data: { company: 'Bloom & Co', last_name: null },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ first_name: 'Test', company: 'Bloom & Co' });
    expect(data.user?.user_metadata).not.toHaveProperty('last_name');
    const fetched = await client.auth.getUser();
    expect(fetched.data.user?.user_metadata.company).toBe('Bloom & Co');
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).user_metadata).toMatchObject({
      company: 'Bloom & Co',
    });
  });

  it('changes the password: the new one signs in, the old one no longer does, other sessions end', async () => {
    const { client, email, password } = await newUser();
    const other = server.anonClient();
    const otherSignIn = await other.auth.signInWithPassword({ email, password });
    expect(otherSignIn.error).toBeNull();

    const { error } = await client.auth.updateUser({ password: 'brand-new-password' });
    expect(error).toBeNull();

    const fresh = await server
      .anonClient()
      .auth.signInWithPassword({ email, password: 'brand-new-password' });
    expect(fresh.error).toBeNull();
    const old = await server.anonClient().auth.signInWithPassword({ email, password });
    expectApiError(old.error, 400, 'invalid_credentials', 'Invalid login credentials');

    const otherRefresh = await other.auth.refreshSession();
    expectApiError(
      otherRefresh.error,
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    );
    const ownRefresh = await client.auth.refreshSession();
    expect(ownRefresh.error).toBeNull();
  });

  it('refuses the current password as the new one and a weak one', async () => {
    const { client, password } = await newUser();
    const same = await client.auth.updateUser({ password });
    expectApiError(
      same.error,
      422,
      'same_password',
      'New password should be different from the old password.',
    );
    const weak = await client.auth.updateUser({ password: 'abc' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(weak.error?.code).toBe('weak_password');
  });

  it('refuses app_metadata from a user (403 not_admin)', async () => {
    const { accessToken } = await newUser();
    const res = await authFetch(server, '/user', {
      method: 'PUT',
      token: accessToken,
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'not_admin',
      message: 'Updating app_metadata requires admin privileges',
    });
  });

  const SETTINGS = 'http://localhost:5173/settings';
  const SINGLE_CONFIRMATION = `${SETTINGS}#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email`;

  async function requestEmailChange(client: SupabaseClient, email: string, newEmail: string) {
    const { data, error } = await client.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: SETTINGS },
    );
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBe(newEmail);
    const toCurrent = (await mailTo(server, email)).filter(
      (m) => m.subject === 'Confirm Email Change',
    );
    const toNew = await mailTo(server, newEmail);
    expect(toCurrent).toHaveLength(1);
    expect(toNew).toHaveLength(1);
    expect(toNew[0]!.subject).toBe('Confirm Email Change');
    expect(toCurrent[0]!.link).not.toBe(toNew[0]!.link);
    return { current: toCurrent[0]!.link!, next: toNew[0]!.link! };
  }

  async function signsIn(email: string, password: string): Promise<boolean> {
    const { error } = await server.anonClient().auth.signInWithPassword({ email, password });
    if (error) expect(error.code).toBe('invalid_credentials');
    return error === null;
  }

  it.each([
    ['the new address first', 'next'],
    ['the current address first', 'current'],
  ] as const)(
    'changes the email only once the links mailed to both addresses are followed (%s)',
    async (_, first) => {
      const { client, email, password, userId } = await newUser();
      const newEmail = uniqueEmail('moved');
      const links = await requestEmailChange(client, email, newEmail);
      const second = first === 'next' ? 'current' : 'next';

      const accepted = await followMailLink(links[first]);
      expect(accepted.status).toBe(303);
      expect(accepted.location).toBe(SINGLE_CONFIRMATION);
      expect(await signsIn(newEmail, password)).toBe(false);
      expect(await signsIn(email, password)).toBe(true);
      // Each link works once: following the first one again does not count as the second.
      const again = await followMailLink(links[first]);
      expect(again.fragment.get('error_code')).toBe('otp_expired');
      expect(await signsIn(newEmail, password)).toBe(false);

      const confirmed = await followMailLink(links[second]);
      expect(confirmed.status).toBe(303);
      expect(confirmed.location.startsWith(`${SETTINGS}#`)).toBe(true);
      expect(confirmed.fragment.get('type')).toBe('email_change');
      const session = await server
        .anonClient()
        .auth.getUser(confirmed.fragment.get('access_token')!);
      expect(session.data.user?.email).toBe(newEmail);
      expect(session.data.user?.new_email).toBeUndefined();

      expect(await signsIn(newEmail, password)).toBe(true);
      expect(await signsIn(email, password)).toBe(false);
      const { rows } = await server.db.query<{ id: string }>(
        'select id::text as id from auth.users where email = $1',
        [newEmail],
      );
      expect(rows).toEqual([{ id: userId }]);
    },
  );

  it('a new change request voids the links of the earlier one', async () => {
    const { client, email, password } = await newUser();
    const firstEmail = uniqueEmail('first');
    const first = await requestEmailChange(client, email, firstEmail);
    expect((await followMailLink(first.current)).location).toBe(SINGLE_CONFIRMATION);

    const secondEmail = uniqueEmail('second');
    const { error } = await client.auth.updateUser(
      { email: secondEmail },
      { emailRedirectTo: SETTINGS },
    );
    expect(error).toBeNull();
    expect((await followMailLink(first.next)).fragment.get('error_code')).toBe('otp_expired');
    expect(await signsIn(firstEmail, password)).toBe(false);

    // The new request needs both of its own links again.
    const [toNew] = await mailTo(server, secondEmail);
    expect((await followMailLink(toNew!.link!)).location).toBe(SINGLE_CONFIRMATION);
    expect(await signsIn(secondEmail, password)).toBe(false);
    expect(await signsIn(email, password)).toBe(true);
  });

  it('refuses a new email that another account has (422 email_exists)', async () => {
    const { client } = await newUser();
    const { email: taken } = await newUser();
    const { error } = await client.auth.updateUser({ email: taken });
    expectApiError(
      error,
      422,
      'email_exists',
      'A user with this email address has already been registered',
    );
  });
});

describe('refresh token rotation', () => {
  it('rotates: a new refresh token and access token for the same session', async () => {
    const { client } = await newUser();
    const before = (await client.auth.getSession()).data.session!;
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(before.refresh_token);
    expect(decodeJwt(data.session!.access_token).session_id).toBe(
      decodeJwt(before.access_token).session_id,
    );
    const { rows } = await server.db.query<{ parent: string | null; revoked: boolean }>(
      'select parent, revoked from auth.refresh_tokens where token = $1',
      [data.session!.refresh_token],
    );
    expect(rows[0]).toEqual({ parent: before.refresh_token, revoked: false });
  });

  it('answers a just-rotated token with the current pair instead of failing (racing tabs)', async () => {
    const { client } = await newUser();
    const parent = (await client.auth.getSession()).data.session!.refresh_token;
    const first = await client.auth.refreshSession();
    expect(first.error).toBeNull();
    const again = await server.anonClient().auth.refreshSession({ refresh_token: parent });
    expect(again.error).toBeNull();
    expect(again.data.session!.refresh_token).toBe(first.data.session!.refresh_token);
  });

  it('gives every one of several simultaneous refreshes of one token the same new pair', async () => {
    const { client } = await newUser();
    const token = (await client.auth.getSession()).data.session!.refresh_token;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        server.anonClient().auth.refreshSession({ refresh_token: token }),
      ),
    );
    for (const r of results) expect(r.error).toBeNull();
    const issued = new Set(results.map((r) => r.data.session!.refresh_token));
    expect(issued.size).toBe(1);
    expect(issued.has(token)).toBe(false);
    const { rows } = await server.db.query<{ live: number }>(
      'select count(*)::int as live from auth.refresh_tokens where parent = $1',
      [token],
    );
    expect(rows[0]!.live).toBe(1);
  });

  it('refuses an unknown refresh token (400 refresh_token_not_found)', async () => {
    const { data, error } = await server
      .anonClient()
      .auth.refreshSession({ refresh_token: 'no-such-token-anywhere' });
    expectApiError(
      error,
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    );
    expect(data.session).toBeNull();
  });
});

describe('refresh token reuse after the reuse interval', () => {
  let reuseServer: TestServer;
  beforeAll(async () => {
    reuseServer = await startTestServer({ refreshTokenReuseIntervalSeconds: 1 });
  });
  afterAll(async () => {
    await reuseServer?.close();
  });

  it('fails with refresh_token_already_used and ends the whole session, not the other ones', async () => {
    const { client, email, password } = await reuseServer.signedInClient();
    const bystander = reuseServer.anonClient();
    expect((await bystander.auth.signInWithPassword({ email, password })).error).toBeNull();

    const stolen = (await client.auth.getSession()).data.session!.refresh_token;
    const rotated = await client.auth.refreshSession();
    expect(rotated.error).toBeNull();
    const current = rotated.data.session!;
    await new Promise((resolve) => setTimeout(resolve, 1200));

    const replay = await reuseServer.anonClient().auth.refreshSession({ refresh_token: stolen });
    expectApiError(
      replay.error,
      400,
      'refresh_token_already_used',
      'Invalid Refresh Token: Already Used',
    );

    const { rows } = await reuseServer.db.query<{ live: number }>(
      'select count(*)::int as live from auth.refresh_tokens where session_id = $1 and not revoked',
      [decodeJwt(current.access_token).session_id],
    );
    expect(rows[0]!.live).toBe(0);
    // The newest token of the revoked family is refused as GoTrue refuses it, at once and later.
    for (const wait of [0, 1200]) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      const next = await reuseServer
        .anonClient()
        .auth.refreshSession({ refresh_token: current.refresh_token });
      expectApiError(
        next.error,
        400,
        'refresh_token_already_used',
        'Invalid Refresh Token: Already Used',
      );
    }

    const user = await reuseServer.anonClient().auth.getUser(current.access_token);
    expect(user.error).toBeInstanceOf(AuthSessionMissingError);
    expect((await bystander.auth.getUser()).error).toBeNull();
    expect((await bystander.auth.refreshSession()).error).toBeNull();
  });
});

describe('sign-out', () => {
  async function twoSessions() {
    const first = await newUser();
    const second = server.anonClient();
    const { data, error } = await second.auth.signInWithPassword({
      email: first.email,
      password: first.password,
    });
    expect(error).toBeNull();
    return { first, second, secondToken: data.session!.access_token };
  }

  it('scope local ends this session only', async () => {
    const { first, second, secondToken } = await twoSessions();
    const refreshToken = (await first.client.auth.getSession()).data.session!.refresh_token;
    expect((await first.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await first.client.auth.getSession()).data.session).toBeNull();

    const gone = await authFetch(server, '/user', { token: first.accessToken });
    expect(gone.status).toBe(403);
    expect(gone.body).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
    const refresh = await server.anonClient().auth.refreshSession({ refresh_token: refreshToken });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
    expect((await second.auth.getUser(secondToken)).error).toBeNull();
  });

  it('scope others ends every other session and keeps this one', async () => {
    const { first, second, secondToken } = await twoSessions();
    expect((await first.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await first.client.auth.getUser()).error).toBeNull();
    const other = await second.auth.getUser(secondToken);
    expect(other.error).toBeInstanceOf(AuthSessionMissingError);
  });

  it('scope global (the default) ends every session of the user', async () => {
    const { first, secondToken } = await twoSessions();
    expect((await first.client.auth.signOut()).error).toBeNull();
    for (const token of [first.accessToken, secondToken]) {
      const res = await authFetch(server, '/user', { token });
      expect(res.status).toBe(403);
      expect(res.body?.code).toBe('session_not_found');
    }
  });

  it('answers 204 and refuses an unknown scope', async () => {
    const { accessToken } = await newUser();
    const bad = await authFetch(server, '/logout?scope=everyone', {
      method: 'POST',
      token: accessToken,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      code: 'validation_failed',
      message: 'Unsupported logout scope "everyone"',
    });
    const ok = await authFetch(server, '/logout?scope=local', {
      method: 'POST',
      token: accessToken,
    });
    expect(ok.status).toBe(204);
    expect(ok.body).toBeNull();
  });
});

describe('access tokens on /user', () => {
  const expiredMessage =
    'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired';

  async function badJwt(token: string): Promise<string> {
    const res = await authFetch(server, '/user', { token });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(res.body?.code).toBe('bad_jwt');
    const { error } = await server.anonClient().auth.getUser(token);
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('bad_jwt');
    return String(res.body?.message);
  }

  it('refuses a tampered token', async () => {
    const { accessToken, userId } = await newUser();
    const [header, payload, signature] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const { userId: victim } = await newUser();
    expect(victim).not.toBe(userId);
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: victim })).toString('base64url');
    const message = await badJwt(`${header}.${forged}.${signature}`);
    expect(message).toContain('invalid JWT');
  });

  it('refuses an unsigned token (alg none)', async () => {
    const { accessToken } = await newUser();
    const payload = accessToken.split('.')[1];
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await badJwt(`${header}.${payload}.`);
  });

  it('refuses a token signed with another key', async () => {
    const { accessToken } = await newUser();
    const claims = decodeJwt(accessToken);
    const forged = await signJwt(
      { ...claims, role: 'authenticated' },
      'some-other-secret-that-is-long-enough-1234',
    );
    await badJwt(forged);
  });

  it('refuses an expired token with GoTrue message', async () => {
    const { accessToken } = await newUser();
    const claims = decodeJwt(accessToken);
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = await signJwt(
      { ...claims, role: 'authenticated', iat: past, exp: past + 3600 },
      server.keys.jwtSecret,
    );
    expect(await badJwt(expired)).toBe(expiredMessage);
  });

  it('refuses a garbage token and the anon key (no user in it)', async () => {
    expect(await badJwt('not.a.jwt')).toContain('invalid JWT');
    const anon = await authFetch(server, '/user', { token: server.keys.anonKey });
    expect(anon.status).toBe(403);
    expect(anon.body).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
  });

  it('requires a bearer token and an API key (401 no_authorization)', async () => {
    const noBearer = await authFetch(server, '/user');
    expect(noBearer.status).toBe(401);
    expect(noBearer.body).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
    const { accessToken } = await newUser();
    const noKey = await authFetch(server, '/user', { token: accessToken, headers: { apikey: '' } });
    expect(noKey.status).toBe(401);
    expect(noKey.body?.code).toBe('no_authorization');
    const wrongKey = await authFetch(server, '/user', {
      token: accessToken,
      headers: { apikey: 'made-up-key' },
    });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body).toEqual({ code: 'no_authorization', message: 'Invalid API key' });
  });
});

describe('malformed requests', () => {
  const cases: [string, string][] = [
    ['/signup', '{"email": "a@example.com", '],
    ['/signup', ''],
    ['/token?grant_type=password', '[1, 2]'],
    ['/token?grant_type=refresh_token', '{"refresh_token": 42}'],
    ['/recover', 'email=a@example.com'],
    ['/signup', '{"email": "a@example.com", "password": "long-enough", "data": "not an object"}'],
  ];

  it.each(cases)('POST %s with %j is 400 bad_json', async (path, body) => {
    const res = await authFetch(server, path, { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(res.body?.code).toBe('bad_json');
    expect(String(res.body?.message)).toMatch(/^Could not parse request body as JSON: /);
  });

  it('PUT /user with a broken body is 400 bad_json and changes nothing', async () => {
    const { accessToken, userId } = await newUser();
    const res = await authFetch(server, '/user', {
      method: 'PUT',
      token: accessToken,
      body: '{"data": {"x": 1}',
    });
    expect(res.status).toBe(400);
    expect(res.body?.code).toBe('bad_json');
    const { rows } = await server.db.query<{ meta: Record<string, unknown> }>(
      'select raw_user_meta_data as meta from auth.users where id = $1',
      [userId],
    );
    expect(rows[0]!.meta).not.toHaveProperty('x');
  });

  it('answers an unknown route with 404 not_found and a wrong method with 405', async () => {
    const missing = await authFetch(server, '/sso/providers');
    expect(missing.status).toBe(404);
    expect(missing.body?.code).toBe('not_found');
    const wrongMethod = await authFetch(server, '/signup', { method: 'GET' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
  });

  it('refuses an unsupported grant type', async () => {
    const res = await authFetch(server, '/token?grant_type=magic', { method: 'POST', body: '{}' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'validation_failed', message: 'unsupported_grant_type' });
  });
});

describe('settings and health', () => {
  it('describes an email-only, auto-confirming project', async () => {
    const settings = await authFetch(server, '/settings');
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: true,
      external: { email: true, phone: false },
    });
    const health = await authFetch(server, '/health');
    expect(health.status).toBe(200);
    expect(health.body?.name).toBe('GoTrue');
  });
});
