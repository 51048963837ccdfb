import { AuthApiError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch, clientWithHeaders } from './auth-helpers.ts';
import { startTestServer, uniqueEmail, type TestServer } from './harness.ts';

/**
 * `server` trusts X-Forwarded-For from 127.0.0.1 and 10.0.0.0/8, as behind configured reverse
 * proxies, so each test can play many clients; `direct` trusts no proxy, so a forged header changes nothing.
 */
let server: TestServer;
let direct: TestServer;
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;
let setupCounter = 0;

beforeAll(async () => {
  const limits = {
    signInRateLimit: { max: 3, windowMs: 60_000 },
    signUpRateLimit: { max: 3, windowMs: 60_000 },
    recoverRateLimit: { max: 3, windowMs: 60_000 },
    tokenRefreshRateLimit: { max: 3, windowMs: 60_000 },
  };
  [server, direct] = await Promise.all([
    startTestServer({ ...limits, trustedProxies: ['127.0.0.1', '10.0.0.0/8'] }),
    startTestServer(limits),
  ]);
});

afterAll(async () => {
  await Promise.all([server?.close(), direct?.close()]);
});

function signIn(ip: string, email: string, password: string, on = server) {
  return clientWithHeaders(on, {
    'X-Forwarded-For': `${ip}, 10.0.0.1`,
  }).auth.signInWithPassword({ email, password });
}

/** A user signed up from an address no test plays, so no test client's limit counts it. */
async function existingUser(on: TestServer): Promise<{ email: string; password: string }> {
  const email = uniqueEmail();
  const password = 'correct-horse-battery';
  const res = await authFetch(on, '/signup', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
    headers: { 'X-Forwarded-For': `203.0.113.${++setupCounter}` },
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status}`);
  return { email, password };
}

describe('password sign-in throttling', () => {
  it('throttles an account after max failures, from any address, even with the right password', async () => {
    const { email, password } = await existingUser(server);
    for (let i = 0; i < 3; i++) {
      const { error } = await signIn(freshIp(), email, 'wrong-password');
      expect(error?.code).toBe('invalid_credentials');
    }
    const blocked = await signIn(freshIp(), email, password);
    expect(blocked.error).toBeInstanceOf(AuthApiError);
    expect(blocked.error?.status).toBe(429);
    expect(blocked.error?.code).toBe('over_request_rate_limit');
    expect(blocked.error?.message).toBe('Request rate limit reached');
    expect(blocked.data.session).toBeNull();

    const other = await existingUser(server);
    expect((await signIn(freshIp(), other.email, other.password)).error).toBeNull();
  });

  it('counts failures against the account, successes not', async () => {
    const { email, password } = await existingUser(server);
    // Two failures, then successes from fresh addresses: the account never reaches three.
    for (let i = 0; i < 2; i++)
      expect((await signIn(freshIp(), email, 'wrong-password')).error?.code).toBe(
        'invalid_credentials',
      );
    for (let i = 0; i < 4; i++) expect((await signIn(freshIp(), email, password)).error).toBeNull();
    // A success clears the failures, so two more failures still leave the account open.
    for (let i = 0; i < 2; i++)
      expect((await signIn(freshIp(), email, 'wrong-password')).error?.code).toBe(
        'invalid_credentials',
      );
    expect((await signIn(freshIp(), email, password)).error).toBeNull();
  });

  it('throttles an address after max attempts, whichever accounts it tries', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const { error } = await signIn(ip, uniqueEmail('spray'), 'guess-123');
      expect(error?.code).toBe('invalid_credentials');
    }
    const { email, password } = await existingUser(server);
    const blocked = await signIn(ip, email, password);
    expect(blocked.error?.status).toBe(429);
    expect(blocked.error?.code).toBe('over_request_rate_limit');

    const raw = await authFetch(server, '/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email, password }),
      headers: { 'X-Forwarded-For': ip },
    });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(raw.headers.get('x-supabase-api-version')).toBe('2024-01-01');

    expect((await signIn(freshIp(), email, password)).error).toBeNull();
  });

  it("does not lock one client out because of another client's failures", async () => {
    const attacker = freshIp();
    for (let i = 0; i < 4; i++) await signIn(attacker, uniqueEmail('spray'), 'guess-123');
    expect((await signIn(attacker, uniqueEmail('spray'), 'guess-123')).error?.status).toBe(429);
    const user = await existingUser(server);
    expect((await signIn(freshIp(), user.email, user.password)).error).toBeNull();
  });

  it('takes the address from the nearest untrusted hop, so a forged X-Forwarded-For is ignored', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++)
      await signIn(`${freshIp()}, ${ip}`, uniqueEmail('spray'), 'guess-123');
    const { email, password } = await existingUser(server);
    expect((await signIn(`${freshIp()}, ${ip}`, email, password)).error?.status).toBe(429);
  });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    for (let i = 0; i < 3; i++) {
      const { error } = await signIn(freshIp(), uniqueEmail('spray'), 'guess-123', direct);
      expect(error?.code).toBe('invalid_credentials');
    }
    const { email, password } = await existingUser(direct);
    const forged = await signIn(freshIp(), email, password, direct);
    expect(forged.error?.status).toBe(429);
    expect(forged.error?.code).toBe('over_request_rate_limit');
  });
});

describe('sign-up and recovery throttling', () => {
  const signUp = (ip: string) =>
    authFetch(server, '/signup', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('signup'), password: 'correct-horse-battery' }),
      headers: { 'X-Forwarded-For': ip },
    });
  const recover = (ip: string, email = uniqueEmail('recover')) =>
    authFetch(server, '/recover', {
      method: 'POST',
      body: JSON.stringify({ email }),
      headers: { 'X-Forwarded-For': ip },
    });

  it('limits sign-ups per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await signUp(ip)).status).toBe(200);
    const blocked = await signUp(ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signUp(freshIp())).status).toBe(200);
  });

  it('limits refresh-token grants per address', async () => {
    const { email, password } = await existingUser(server);
    const signedIn = await authFetch(server, '/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email, password }),
      headers: { 'X-Forwarded-For': `203.0.113.${++setupCounter}` },
    });
    let refreshToken = signedIn.body?.refresh_token as string;
    const refresh = (ip: string) =>
      authFetch(server, '/token?grant_type=refresh_token', {
        method: 'POST',
        body: JSON.stringify({ refresh_token: refreshToken }),
        headers: { 'X-Forwarded-For': `${ip}, 10.0.0.1` },
      });
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const res = await refresh(ip);
      expect(res.status).toBe(200);
      refreshToken = res.body?.refresh_token as string;
    }
    const blocked = await refresh(ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'over_request_rate_limit' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The refused grant used nothing up: the same token still works from another address.
    expect((await refresh(freshIp())).status).toBe(200);
  });

  it('limits recovery requests per address, for known and unknown emails alike', async () => {
    const ip = freshIp();
    const { email } = await existingUser(server);
    expect((await recover(ip, email)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await recover(ip)).status).toBe(200);
    const unknown = await recover(ip);
    const known = await recover(ip, (await existingUser(server)).email);
    for (const blocked of [unknown, known]) {
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject({ code: 'over_request_rate_limit' });
    }
    expect((await recover(freshIp())).status).toBe(200);
  });

  it('checks the limit before reading the database, so bad input counts too', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await recover(ip, 'not-an-email')).status).toBe(400);
    expect((await recover(ip)).status).toBe(429);
  });
});
