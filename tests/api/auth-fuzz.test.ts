import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniqueEmail, type TestServer } from './harness.ts';

let server: TestServer;
let user: { email: string; password: string; accessToken: string };
// Random calls may sign this one out or change its password; the well-formed calls keep `user` usable.
let throwaway: { accessToken: string };

beforeAll(async () => {
  server = await startTestServer();
  user = await server.signedInClient();
  throwaway = await server.signedInClient();
});

afterAll(async () => {
  await server?.close();
});

const paths = fc.constantFrom(
  '/signup',
  '/token',
  '/user',
  '/logout',
  '/recover',
  '/verify',
  '/settings',
  '/health',
  '/factors',
  '/user/../token',
  '/%zz',
);

const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', '\u0000', '%', '\ud800'),
);

/** Values of the wrong type, odd strings and plausible ones, for every field GoTrue reads. */
const fieldValue = fc.oneof(
  anyText,
  fc.constantFrom(
    'a@example.com',
    ' A@Example.COM ',
    'not-an-email',
    'correct-horse-battery',
    '12345',
  ),
  fc.emailAddress(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(anyText, fc.jsonValue(), { maxKeys: 4 }),
);

const body = fc.oneof(
  fc
    .record(
      {
        email: fieldValue,
        password: fieldValue,
        phone: fieldValue,
        data: fieldValue,
        refresh_token: fieldValue,
        app_metadata: fieldValue,
        gotrue_meta_security: fieldValue,
      },
      { requiredKeys: [] },
    )
    .map((o) => JSON.stringify(o)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  anyText,
  fc.constant(undefined),
);

const query = fc.oneof(
  fc
    .dictionary(
      fc.constantFrom('grant_type', 'scope', 'redirect_to', 'token', 'type', 'apikey', 'email'),
      fc.oneof(
        anyText,
        fc.constantFrom(
          'password',
          'refresh_token',
          'pkce',
          'local',
          'global',
          'others',
          'recovery',
        ),
      ),
      { maxKeys: 4 },
    )
    .map((q) => new URLSearchParams(q).toString()),
  fc.constantFrom(
    'grant_type=%',
    'scope=%E0%A4%A',
    'redirect_to=javascript:alert(1)',
    'token=%00&type=recovery',
  ),
);

const authorization = fc.oneof(
  fc.constant<'valid' | 'anon' | 'none'>('valid'),
  fc.constant<'valid' | 'anon' | 'none'>('anon'),
  fc.constant<'valid' | 'anon' | 'none'>('none'),
  anyText.map((t) => `Bearer ${t}`),
);

const anyRequest = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
  path: paths,
  query,
  body,
  authorization,
  apikey: fc.constantFrom<'anon' | 'service' | 'none' | 'wrong'>(
    'anon',
    'anon',
    'anon',
    'service',
    'none',
    'wrong',
  ),
});

/** One nasty value at a time in an otherwise valid call, so it gets past validation to the database. */
const nearlyValid = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: fieldValue });
const metadata = fc.dictionary(anyText, fc.oneof(anyText, fc.jsonValue()), { maxKeys: 3 });

const wellFormedRequest = fc
  .oneof(
    fc.record({
      method: fc.constant('POST'),
      path: fc.constant('/signup'),
      query: fc.constant(''),
      body: fc
        .record({
          email: nearlyValid(fc.constant(null).map(() => uniqueEmail('fuzz'))),
          password: nearlyValid(fc.constant('correct-horse-battery')),
          data: nearlyValid(metadata),
        })
        .map((o) => JSON.stringify(o)),
    }),
    fc.record({
      method: fc.constant('POST'),
      path: fc.constant('/token'),
      query: fc.constantFrom('grant_type=password', 'grant_type=refresh_token'),
      body: fc
        .record({
          email: nearlyValid(fc.constant('known')),
          password: fieldValue,
          refresh_token: fieldValue,
        })
        .map((o) => JSON.stringify(o.email === 'known' ? { ...o, email: user.email } : o)),
    }),
    fc.record({
      method: fc.constant('PUT'),
      path: fc.constant('/user'),
      query: fc.oneof(
        fc.constant(''),
        anyText.map((t) => new URLSearchParams({ redirect_to: t }).toString()),
      ),
      body: fc
        .record(
          { data: nearlyValid(metadata), email: fc.oneof(fc.constant(undefined), fieldValue) },
          { requiredKeys: ['data'] },
        )
        .map((o) => JSON.stringify(o)),
    }),
    fc.record({
      method: fc.constant('POST'),
      path: fc.constant('/recover'),
      query: fc.oneof(
        fc.constant(''),
        anyText.map((t) => new URLSearchParams({ redirect_to: t }).toString()),
      ),
      body: fc
        .record({ email: nearlyValid(fc.constant('known')) })
        .map((o) => JSON.stringify(o.email === 'known' ? { email: user.email } : o)),
    }),
    fc.record({
      method: fc.constant('GET'),
      path: fc.constant('/verify'),
      query: fc
        .record({
          token: anyText,
          type: fc.constantFrom('recovery', 'email_change', 'signup'),
          redirect_to: anyText,
        })
        .map((q) => new URLSearchParams(q).toString()),
      body: fc.constant(undefined),
    }),
  )
  .map((r) => ({ ...r, authorization: 'user' as const, apikey: 'anon' as const }));

const request = fc.oneof(anyRequest, wellFormedRequest);

describe('random requests to /auth/v1', () => {
  it('never answer 5xx, always answer an error with a code, and leave the server working', async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const headers = new Headers({
          'X-Supabase-Api-Version': '2024-01-01',
          'Content-Type': 'application/json',
        });
        const key = {
          anon: server.keys.anonKey,
          service: server.keys.serviceRoleKey,
          none: null,
          wrong: 'wrong-key',
        }[r.apikey];
        if (key) headers.set('apikey', key);
        const tokens: Record<string, string> = {
          user: user.accessToken,
          valid: throwaway.accessToken,
          anon: server.keys.anonKey,
        };
        const bearer =
          r.authorization in tokens ? `Bearer ${tokens[r.authorization]}` : r.authorization;
        // Header values cannot carry every code point; such a request never reaches a server.
        if (bearer !== 'none' && /^[\t\x20-\x7e]*$/.test(bearer))
          headers.set('Authorization', bearer);
        const withBody = r.method !== 'GET' && r.body !== undefined;
        const res = await fetch(`${server.url}/auth/v1${r.path}${r.query ? `?${r.query}` : ''}`, {
          method: r.method,
          headers,
          body: withBody ? r.body : undefined,
          redirect: 'manual',
        });
        const text = await res.text();
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
        expect(res.status, `${r.method} ${r.path}?${r.query} → ${res.status} ${text}`).toBeLessThan(
          500,
        );
        if (res.status >= 400) {
          const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
          expect(typeof parsed.code).toBe('string');
          expect(typeof parsed.message).toBe('string');
        }
      }),
      { numRuns: 300 },
    );
    // The generators must reach the handlers, not only the guards in front of them.
    expect([...seen.keys()].some((s) => s >= 200 && s < 300)).toBe(true);
    expect(seen.get(400)).toBeGreaterThan(0);

    const health = await fetch(`${server.url}/auth/v1/health`, {
      headers: { apikey: server.keys.anonKey },
    });
    expect(health.status).toBe(200);
    const fresh = uniqueEmail('after-fuzz');
    const { error } = await server
      .anonClient()
      .auth.signUp({ email: fresh, password: 'still-works-123' });
    expect(error).toBeNull();
  }, 180_000);
});
