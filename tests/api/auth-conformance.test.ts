import { AuthApiError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../server/app.ts';
import { authFetch, clientWithHeaders } from './auth-helpers.ts';
import { startTestServer, uniqueEmail, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

/** A raw call without the X-Supabase-Api-Version header, as older GoTrue clients make it. */
const legacyFetch = (path: string, init: Parameters<typeof authFetch>[2] = {}) =>
  authFetch(server, path, {
    ...init,
    headers: { 'X-Supabase-Api-Version': '', ...init.headers },
  });

describe('GET /user without a bearer token', () => {
  it('answers 401 no_authorization "This endpoint requires a valid Bearer token"', async () => {
    const res = await authFetch(server, '/user');
    expect(res.status).toBe(401);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(res.body).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
  });
});

describe('error shapes by API version', () => {
  it('uses the legacy shape {code: status, error_code, msg} without the version header', async () => {
    const res = await legacyFetch('/user');
    expect(res.status).toBe(401);
    expect(res.headers.get('x-supabase-api-version')).toBeNull();
    expect(res.headers.get('x-sb-error-code')).toBe('no_authorization');
    expect(res.body).toEqual({
      code: 401,
      error_code: 'no_authorization',
      msg: 'This endpoint requires a valid Bearer token',
    });
  });

  it('keeps the weak_password reasons in the legacy shape', async () => {
    const res = await legacyFetch('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('legacy'), password: 'abc' }),
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
  });

  it('uses the 2024-01-01 shape for that version or a later one, and echoes the version', async () => {
    for (const version of ['2024-01-01', '2025-06-30']) {
      const res = await authFetch(server, '/token?grant_type=password', {
        method: 'POST',
        headers: { 'X-Supabase-Api-Version': version },
        body: JSON.stringify({ email: uniqueEmail('nobody'), password: 'whatever-1' }),
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      expect(res.headers.get('x-sb-error-code')).toBe('invalid_credentials');
      expect(res.body).toEqual({
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });

  it('falls back to the legacy shape for an earlier or unreadable version', async () => {
    for (const version of ['2023-12-31', 'yesterday', '2024-1-1', '2024-02-30']) {
      const res = await authFetch(server, '/user', {
        headers: { 'X-Supabase-Api-Version': version },
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('x-supabase-api-version')).toBeNull();
      expect(res.body).toMatchObject({ code: 401, error_code: 'no_authorization' });
    }
  });

  it('gives supabase-js the code and message from either shape', async () => {
    const email = uniqueEmail('shapes');
    const current = server.anonClient();
    const modern = await current.auth.signInWithPassword({ email, password: 'whatever-1' });
    expect(modern.error).toBeInstanceOf(AuthApiError);
    expect(modern.error?.code).toBe('invalid_credentials');
    expect(modern.error?.message).toBe('Invalid login credentials');
    expect(modern.error?.status).toBe(400);

    // A client that sends no version header, as supabase-js did before 2024.
    const stripVersion: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.delete('X-Supabase-Api-Version');
      return fetch(input, { ...init, headers });
    };
    const old = await clientWithHeaders(server, {}, stripVersion).auth.signInWithPassword({
      email,
      password: 'whatever-1',
    });
    expect(old.error).toBeInstanceOf(AuthApiError);
    expect(old.error?.code).toBe('invalid_credentials');
    expect(old.error?.message).toBe('Invalid login credentials');

    const weak = await clientWithHeaders(server, {}, stripVersion).auth.signUp({
      email,
      password: 'abc',
    });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(weak.error?.code).toBe('weak_password');
    expect((weak.error as AuthWeakPasswordError).reasons).toEqual(['length']);
  });
});

describe('request bodies over the limit on /auth/v1', () => {
  it('answer 413 in auth’s error shape, not PostgREST’s', async () => {
    const body = JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(MAX_BODY_BYTES) });
    const modern = await authFetch(server, '/recover', { method: 'POST', body });
    expect(modern.status).toBe(413);
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(modern.body).toEqual({
      code: 'validation_failed',
      message: `Request body too large: the limit is ${MAX_BODY_BYTES} bytes`,
    });
    const legacy = await legacyFetch('/signup', { method: 'POST', body });
    expect(legacy.status).toBe(413);
    expect(legacy.body).toEqual({
      code: 413,
      error_code: 'validation_failed',
      msg: `Request body too large: the limit is ${MAX_BODY_BYTES} bytes`,
    });
  });

  it('leave the REST API its own 413', async () => {
    const res = await fetch(`${server.url}/rest/v1/profiles`, {
      method: 'POST',
      headers: { apikey: server.keys.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(MAX_BODY_BYTES) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('PGRST413');
  });
});
