import { AuthApiError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch, clientWithHeaders } from './auth-helpers.ts';
import { startTestServer, uniqueEmail, type TestServer } from './harness.ts';

let server: TestServer;
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  server = await startTestServer({ signInRateLimit: { max: 3, windowMs: 60_000 } });
});

afterAll(async () => {
  await server?.close();
});

function signIn(ip: string, email: string, password: string) {
  return clientWithHeaders(server, {
    'X-Forwarded-For': `${ip}, 10.0.0.1`,
  }).auth.signInWithPassword({ email, password });
}

describe('password sign-in throttling', () => {
  it('throttles an account after max failures, from any address, even with the right password', async () => {
    const { email, password } = await server.signedInClient();
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

    const { email: otherEmail, password: otherPassword } = await server.signedInClient();
    expect((await signIn(freshIp(), otherEmail, otherPassword)).error).toBeNull();
  });

  it('does not count successful sign-ins against the account', async () => {
    const { email, password } = await server.signedInClient();
    for (let i = 0; i < 4; i++) {
      const { error } = await signIn(freshIp(), email, password);
      expect(error).toBeNull();
    }
  });

  it('throttles an address after max attempts, whichever accounts it tries', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const { error } = await signIn(ip, uniqueEmail('spray'), 'guess-123');
      expect(error?.code).toBe('invalid_credentials');
    }
    const { email, password } = await server.signedInClient();
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
});
