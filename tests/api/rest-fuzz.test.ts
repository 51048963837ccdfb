import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_OPS } from '../../server/rest/parse-query.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createUser, rest, type TestUser } from './rest-helpers.ts';

// Random requests against /rest/v1: whatever arrives, the answer is 2xx/3xx/4xx, never a 5xx,
// and the server keeps serving afterwards.

// REST_FUZZ_RUNS raises the bound for a longer local hunt.
const RUNS = Number(process.env.REST_FUZZ_RUNS ?? 400);

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await createUser(server);
  await user.client.from('post_drafts').insert([
    { user_id: user.userId, content: 'fuzz one', platforms: ['facebook'] },
    { user_id: user.userId, content: 'fuzz two', platforms: [] },
  ]);
});

afterAll(async () => {
  await server?.close();
});

const tables = [
  'post_drafts',
  'user_profiles',
  'onboarding_data',
  'user_social_credentials',
  'social_media_accounts',
];
const columns = [
  'id',
  'user_id',
  'content',
  'platforms',
  'post_type',
  'status',
  'version',
  'updated_at',
  'created_at',
  'deleted_at',
  'email',
  'first_name',
  'answers',
  'content_preferences',
  'platform',
  'platform_credentials',
  'is_active',
  'permissions',
  'nope',
];
// Every operator the parser knows, and one it does not.
const ops = [...FILTER_OPS, 'bogus'];

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    'null',
    'true',
    '1',
    '-1',
    '1e999',
    'NaN',
    '{}',
    '{a,b}',
    '{"a":1}',
    '[1,2]',
    '(1,2)',
    '"',
    "'",
    '\\',
    '*',
    '%',
    '\u0000',
    '2026-01-01',
    '00000000-0000-0000-0000-000000000000',
    'a'.repeat(2000),
  ),
);

const column = fc.oneof(fc.constantFrom(...columns), fc.string({ maxLength: 12 }));

const condition = fc
  .tuple(
    fc.boolean(),
    fc.constantFrom(...ops),
    fc.constantFrom('', '(any)', '(all)', '(english)', '(x'),
    text,
  )
  .map(([not, op, mod, v]) => `${not ? 'not.' : ''}${op}${mod}.${v}`);

const list = fc.array(text, { maxLength: 4 }).map((vs) => `(${vs.join(',')})`);
const logic = fc
  .array(fc.tuple(column, condition), { minLength: 0, maxLength: 3 })
  .map((items) => `(${items.map(([c, v]) => `${c}.${v}`).join(',')})`);
const selectList = fc
  .array(
    fc.tuple(
      fc.option(fc.string({ maxLength: 6 })),
      column,
      fc.constantFrom('', '::text', '::int', '::bogus', '(x)'),
    ),
    { maxLength: 4 },
  )
  .map((items) =>
    items.map(([alias, c, cast]) => `${alias ? `${alias}:` : ''}${c}${cast}`).join(','),
  );
const orderList = fc
  .array(
    fc.tuple(column, fc.constantFrom('', '.asc', '.desc', '.nullsfirst', '.desc.nullslast', '.up')),
    { maxLength: 3 },
  )
  .map((items) => items.map(([c, d]) => `${c}${d}`).join(','));

const param: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(
    column,
    fc.oneof(
      condition,
      text,
      list.map((l) => `in.${l}`),
    ),
  ),
  fc.tuple(fc.constant('select'), fc.oneof(selectList, text)),
  fc.tuple(fc.constant('order'), fc.oneof(orderList, text)),
  fc.tuple(fc.constantFrom('limit', 'offset'), fc.oneof(fc.nat().map(String), text)),
  fc.tuple(fc.constantFrom('or', 'and', 'not.or', 'not.and'), fc.oneof(logic, text)),
  fc.tuple(
    fc.constantFrom('on_conflict', 'columns'),
    fc.oneof(
      fc.array(column, { maxLength: 3 }).map((c) => c.join(',')),
      text,
    ),
  ),
  fc.tuple(fc.string({ maxLength: 10 }), text),
);

const path = fc.oneof(
  fc.constantFrom(...tables).map((t) => `/${t}`),
  fc.constantFrom(
    '/rpc/sync_push',
    '/rpc/sync_pull',
    '/rpc/nope',
    '/nope',
    '/',
    '/post_drafts/x',
    '/rpc/',
  ),
  fc.string({ maxLength: 15 }).map((s) => `/${encodeURIComponent(s)}`),
  fc.string({ maxLength: 15 }).map((s) => `/rpc/${encodeURIComponent(s)}`),
);

const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  text,
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
);
const rowBody = fc.dictionary(
  fc.oneof(fc.constantFrom(...columns), fc.string({ maxLength: 8 })),
  jsonValue,
  { maxKeys: 5 },
);
const body = fc.oneof(
  rowBody.map((o) => JSON.stringify(o)),
  fc.array(rowBody, { maxLength: 3 }).map((a) => JSON.stringify(a)),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 50 }),
  fc.constant(''),
);

const headerText = fc.string({ maxLength: 40 }).filter((s) => !/[\r\n]/.test(s));
const mostly = <T>(valid: fc.Arbitrary<T>, odd: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: odd, weight: 1 });
const headers = fc.record(
  {
    Prefer: mostly(
      fc
        .subarray([
          'return=representation',
          'return=minimal',
          'return=headers-only',
          'count=exact',
          'count=planned',
          'resolution=merge-duplicates',
          'resolution=ignore-duplicates',
          'missing=default',
          'tx=rollback',
        ])
        .map((p) => p.join(', ')),
      headerText,
    ),
    Accept: mostly(
      fc.constantFrom(
        'application/json',
        'application/vnd.pgrst.object+json',
        'application/vnd.pgrst.object+json;nulls=stripped',
        '*/*',
      ),
      fc.oneof(fc.constantFrom('text/csv', 'application/vnd.pgrst.plan+json'), headerText),
    ),
    Range: mostly(
      fc.tuple(fc.nat(20), fc.nat(20)).map(([a, b]) => `${a}-${b}`),
      headerText,
    ),
    'Content-Profile': mostly(fc.constant('public'), headerText),
    'Content-Type': mostly(
      fc.constant('application/json'),
      fc.oneof(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded'), headerText),
    ),
  },
  { requiredKeys: [] },
);

const who = fc.constantFrom<'anon' | 'user' | 'service' | 'garbage' | 'none'>(
  'anon',
  'user',
  'user',
  'service',
  'garbage',
  'none',
);

const chaotic = fc.record({
  method: fc.constantFrom('GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT'),
  path,
  params: fc.array(param, { maxLength: 5 }),
  headers,
  body,
  who,
});

// Requests close to what the app sends, so the fuzzing also walks the paths that reach SQL.
const draftColumns = [
  'id',
  'user_id',
  'content',
  'platforms',
  'post_type',
  'status',
  'version',
  'created_at',
  'updated_at',
  'deleted_at',
  'ai_provider',
];
const plausibleValue = fc.oneof(
  fc.constantFrom(
    'fuzz one',
    'text',
    'draft',
    'facebook',
    '{facebook}',
    '1',
    '0',
    'null',
    '2026-01-01T00:00:00Z',
    '*uzz*',
    '(fuzz one,fuzz two)',
  ),
  fc.string({ maxLength: 10 }),
);
const plausible = fc.record({
  method: fc.constantFrom('GET', 'GET', 'HEAD', 'POST', 'PATCH', 'DELETE'),
  path: fc.constant('/post_drafts'),
  params: fc.array(
    fc.oneof(
      fc.tuple(
        fc.constantFrom(...draftColumns),
        fc
          .tuple(
            fc.constantFrom('eq', 'neq', 'gt', 'lt', 'like', 'ilike', 'in', 'is', 'cs', 'not.eq'),
            plausibleValue,
          )
          .map(([o, v]) => `${o}.${v}`),
      ),
      fc.tuple(
        fc.constant('select'),
        fc.subarray(draftColumns, { minLength: 1 }).map((c) => c.join(',')),
      ),
      fc.tuple(
        fc.constant('order'),
        fc.constantFrom(...draftColumns).map((c) => `${c}.desc`),
      ),
      fc.tuple(fc.constant('limit'), fc.nat(5).map(String)),
    ),
    { maxLength: 3 },
  ),
  headers: fc.record(
    {
      Prefer: fc.constantFrom(
        'return=representation',
        'return=minimal',
        'count=exact',
        'resolution=merge-duplicates',
      ),
      Accept: fc.constantFrom('application/json', 'application/vnd.pgrst.object+json'),
    },
    { requiredKeys: [] },
  ),
  body: fc
    .dictionary(
      fc.constantFrom('content', 'platforms', 'post_type', 'status', 'ai_prompt', 'version'),
      fc.oneof(plausibleValue, fc.constant(['facebook']), fc.integer()),
      { maxKeys: 3 },
    )
    .map((o) => JSON.stringify(o)),
  who: fc.constantFrom<'user' | 'service' | 'anon'>('user', 'user', 'service', 'anon'),
});

const request = fc.oneof(chaotic, plausible);

describe('fuzzing /rest/v1', () => {
  it('answers every random request with a status below 500', async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const query = new URLSearchParams(r.params).toString();
        const token =
          r.who === 'anon'
            ? server.keys.anonKey
            : r.who === 'user'
              ? user.token
              : r.who === 'service'
                ? server.keys.serviceRoleKey
                : r.who === 'garbage'
                  ? 'x.y.z'
                  : null;
        const res = await rest(server, `${r.path}${query ? `?${query}` : ''}`, {
          method: r.method,
          token,
          headers: r.headers as Record<string, string>,
          body: r.method === 'GET' || r.method === 'HEAD' ? undefined : r.body,
        });
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
        if (res.status >= 500)
          throw new Error(`${r.method} ${r.path}?${query} answered ${res.status}: ${res.text}`);
        if (res.status >= 400 && r.method !== 'HEAD') {
          expect(res.json, res.text).toMatchObject({
            code: expect.any(String),
            message: expect.any(String),
          });
        }
      }),
      { numRuns: RUNS },
    );
    // The generator reaches both success and rejection paths, not only one of them.
    const statuses = [...seen.keys()];
    expect(statuses.some((s) => s < 300)).toBe(true);
    expect(statuses.some((s) => s >= 400)).toBe(true);
  }, 180_000);

  it('still serves ordinary requests afterwards', async () => {
    const { data, error, status } = await user.client.from('post_drafts').select('id').limit(1);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(Array.isArray(data)).toBe(true);
    const anon = await server.anonClient().from('post_drafts').select('id');
    expect(anon.data).toEqual([]);
  });
});
