import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { createUser, rest, type TestUser } from './rest-helpers.ts';
import { holdOpenTransaction } from './sync-helpers.ts';

// One user must not be able to freeze the data API for everybody else: patterns whose matching
// cost is unbounded are refused before they reach the database (PGlite cannot cancel a running
// statement), every request runs under its role's statement_timeout (PostgreSQL), and one user's
// requests hold at most a few places at the database at once.

const postgres = Boolean(process.env.TEST_DATABASE_URL);

/** Prose of `n` characters, as a long draft would be. */
function prose(n: number): string {
  const words = 'the quick brown fox jumps over a lazy dog and then some more words follow'.split(
    ' ',
  );
  let s = '';
  for (let i = 0; s.length < n; i++) s += words[(i * 7) % words.length] + ' ';
  return s.slice(0, n);
}

async function timed<T>(p: Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await p;
  return { value, ms: performance.now() - t0 };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Opens a transaction of the test that holds an exclusive lock on post_drafts until the returned
 * function is called; that function resolves once the transaction has ended.
 */
function lockPostDrafts(server: TestServer): Promise<() => Promise<void>> {
  return holdOpenTransaction(server, (tx) =>
    tx.query('lock table public.post_drafts in access exclusive mode'),
  );
}

/** Test-only functions: one sleeps, one reports the transaction's timeout, one raises 57014. */
async function createTestFunctions(server: TestServer): Promise<void> {
  await server.db.exec(`
    create function public.test_sleep(seconds double precision) returns void
      language sql as $$ select pg_sleep(seconds) $$;
    create function public.test_statement_timeout() returns text
      language sql stable as $$ select current_setting('statement_timeout') $$;
    create function public.test_cancelled() returns void language plpgsql as $$
    begin
      raise exception using errcode = 'query_canceled',
        message = 'canceling statement due to statement timeout';
    end $$;
    grant execute on function public.test_sleep(double precision), public.test_statement_timeout(),
      public.test_cancelled() to anon, authenticated;
  `);
}

describe('with the default limits', () => {
  let server: TestServer;
  let attacker: TestUser;
  let victim: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    attacker = await createUser(server);
    victim = await createUser(server);
    await createTestFunctions(server);
    for (const u of [attacker, victim]) {
      const { error } = await u.client
        .from('post_drafts')
        .insert({ user_id: u.userId, content: prose(320) });
      if (error) throw new Error(error.message);
    }
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers a normal user within 1 s while another sends a catastrophic regex', async () => {
    const pattern = encodeURIComponent('^(.*)(.*)(.*)\\3\\2\\1$');
    const hostile = rest(server, `/post_drafts?select=id&content=match.${pattern}`, {
      token: attacker.token,
    });
    await sleep(20);
    const normal = await timed(
      rest(server, `/post_drafts?select=id&user_id=eq.${victim.userId}`, { token: victim.token }),
    );
    expect(normal.value.status).toBe(200);
    expect(normal.value.json).toHaveLength(1);
    expect(normal.ms).toBeLessThan(1000);
    const refused = await hostile;
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      code: 'PGRST100',
      message: expect.stringContaining('failed to parse filter'),
      details: expect.stringContaining('back-references'),
    });
  });

  it('refuses match patterns whose cost is unbounded, with a clear 400', async () => {
    const refused: [string, string][] = [
      ['(a)\\1', 'back-references'],
      ['(?=.*z).', 'lookahead'],
      ['(?<!x)y', 'lookahead'],
      ['(?x) a b', 'embedded options'],
      ['(.*){1,255}z', 'repetition bounds above 20'],
      ['((.*){1,20}){1,20}z', 'expands to 401 atoms'],
      ['a'.repeat(201), 'at most 200 are allowed'],
    ];
    for (const [pattern, why] of refused) {
      for (const op of ['match', 'imatch']) {
        const res = await rest(
          server,
          `/post_drafts?select=id&content=${op}.${encodeURIComponent(pattern)}`,
          { token: attacker.token },
        );
        expect(res.status, pattern).toBe(400);
        expect(res.json, pattern).toMatchObject({
          code: 'PGRST100',
          details: expect.stringContaining(why),
        });
      }
    }
    const quantified = await rest(
      server,
      `/post_drafts?select=id&content=match(any).${encodeURIComponent('{fox,"(a)\\\\1"}')}`,
      { token: attacker.token },
    );
    expect(quantified.status).toBe(400);
    expect(quantified.json).toMatchObject({ details: expect.stringContaining('back-references') });
    const inOr = await rest(
      server,
      `/post_drafts?select=id&or=(content.match.${encodeURIComponent('(b)\\1')},id.is.null)`,
      { token: attacker.token },
    );
    expect(inOr.status).toBe(400);
    const many = await rest(
      server,
      `/post_drafts?select=id&or=(${['a', 'b', 'c']
        .map((c) => `content.match.${encodeURIComponent(`((${c}.*){1,10}){1,10}`)}`)
        .join(',')})`,
      { token: attacker.token },
    );
    expect(many.status).toBe(400);
    expect(many.json).toMatchObject({ details: expect.stringContaining('in all') });
  });

  it('still runs ordinary match, imatch, like and in filters', async () => {
    const inserted = await attacker.client
      .from('post_drafts')
      .insert({ user_id: attacker.userId, content: 'the quick brown fox jumps over the lazy dog' })
      .select('id')
      .single();
    expect(inserted.error).toBeNull();
    const id = inserted.data!.id as string;
    const c = attacker.client.from('post_drafts');
    const mine = () => c.select('id').eq('id', id);
    const queries = [
      mine().filter('content', 'match', '^the quick'),
      mine().filter('content', 'imatch', '(FOX|cat)[[:space:]]+jumps'),
      mine().filter('content', 'match', '\\m(lazy|busy)\\M.{0,20}dog'),
      mine().filter('content', 'match', '^[a-z ]{4}q'),
      mine().filter('content', 'match(any)', '{^nothing,"^the"}'),
      mine().like('content', '%fox%dog%'),
      mine().ilike('content', 'THE%'),
    ];
    for (const [i, q] of queries.entries()) {
      const { data, error } = await q;
      expect(error, `filter #${i}`).toBeNull();
      expect(data, `filter #${i}`).toHaveLength(1);
    }
    const ids = Array.from(
      { length: 299 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const inList = await c.select('id').in('id', [...ids, id]);
    expect(inList.error).toBeNull();
    expect(inList.data).toEqual([{ id }]);
    const tooMany = await rest(
      server,
      `/post_drafts?select=id&version=in.(${Array.from({ length: 1001 }, (_, i) => i).join(',')})`,
      {
        token: attacker.token,
      },
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.json).toMatchObject({
      code: 'PGRST100',
      details: expect.stringContaining('at most 1000'),
    });
  });

  it("runs every request under its role's statement timeout (anon 3 s, signed in 8 s)", async () => {
    const anon = await rest(server, '/rpc/test_statement_timeout', { method: 'POST', body: '{}' });
    expect(anon.status).toBe(200);
    expect(anon.json).toBe('3s');
    const user = await rest(server, '/rpc/test_statement_timeout', {
      method: 'POST',
      body: '{}',
      token: victim.token,
    });
    expect(user.json).toBe('8s');
  });

  it('answers a cancelled statement (57014) as PostgREST does: 500 with the database message', async () => {
    const res = await rest(server, '/rpc/test_cancelled', {
      method: 'POST',
      body: '{}',
      token: victim.token,
    });
    expect(res.status).toBe(500);
    expect(res.json).toEqual({
      code: '57014',
      message: 'canceling statement due to statement timeout',
      details: null,
      hint: null,
    });
  });

  it("keeps another user's request fast while one user fires 20 slow ones", async () => {
    // PostgreSQL: 20 one-second statements would hold all 10 pooled connections. PGlite runs
    // one statement at a time and blocks while it does: 20 × 0.1 s would queue ahead of everyone.
    const seconds = postgres ? 1 : 0.1;
    const slow = Array.from({ length: 20 }, () =>
      rest(server, '/rpc/test_sleep', {
        method: 'POST',
        body: JSON.stringify({ seconds }),
        token: attacker.token,
      }),
    );
    // Long enough for all 20 to be waiting at the database before the other user asks.
    await sleep(300);
    const normal = await timed(
      rest(server, `/post_drafts?select=id&user_id=eq.${victim.userId}`, { token: victim.token }),
    );
    expect(normal.value.status).toBe(200);
    expect(normal.ms).toBeLessThan(1000);
    const statuses = (await Promise.all(slow)).map((r) => r.status);
    expect(statuses.every((s) => s === 204)).toBe(true);
  });
});

describe('with a short statement timeout', () => {
  let server: TestServer;
  let user: TestUser;

  beforeAll(async () => {
    server = await startTestServer({
      restLimits: { authenticatedStatementTimeoutMs: 200, anonStatementTimeoutMs: 100 },
    });
    user = await createUser(server);
    await createTestFunctions(server);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('takes the timeouts from the configuration', async () => {
    const res = await rest(server, '/rpc/test_statement_timeout', {
      method: 'POST',
      body: '{}',
      token: user.token,
    });
    expect(res.json).toBe('200ms');
  });

  // Measured: PGlite runs Postgres on this process's thread, so the timer behind
  // statement_timeout cannot fire while a statement runs; the statement completes. That is why
  // the patterns above are bounded before they reach the database.
  it(
    postgres
      ? 'cuts a statement at the timeout: 500 57014'
      : 'on PGlite the statement runs to its end: the timeout cannot fire',
    async () => {
      const res = await timed(
        rest(server, '/rpc/test_sleep', {
          method: 'POST',
          body: JSON.stringify({ seconds: 1.5 }),
          token: user.token,
        }),
      );
      if (postgres) {
        expect(res.value.status).toBe(500);
        expect(res.value.json).toEqual({
          code: '57014',
          message: 'canceling statement due to statement timeout',
          details: null,
          hint: null,
        });
        expect(res.ms).toBeLessThan(1000);
      } else {
        expect(res.value.status).toBe(204);
        expect(res.ms).toBeGreaterThanOrEqual(1400);
      }
      const after = await rest(server, '/post_drafts?select=id', { token: user.token });
      expect(after.status).toBe(200);
    },
  );
});

describe('with one request per user and one waiting', () => {
  let server: TestServer;
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    server = await startTestServer({
      restLimits: { perUserConcurrency: 1, perUserQueue: 1, queueTimeoutMs: 300 },
    });
    user = await createUser(server);
    other = await createUser(server);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('refuses a third request with 429 and times the waiting one out with 504 PGRST003', async () => {
    // A transaction of the test holding post_drafts keeps the first request at the database
    // (waiting for the lock on PostgreSQL, for PGlite's only connection on PGlite).
    // Schema cache loaded first: its catalog query would wait on the same lock/connection.
    expect((await rest(server, '/post_drafts?select=id', { token: user.token })).status).toBe(200);
    const release = await lockPostDrafts(server);
    const get = () => rest(server, '/post_drafts?select=id', { token: user.token });
    const first = get();
    await sleep(50);
    const second = get();
    await sleep(50);
    const third = await get();
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('1');
    expect(third.json).toMatchObject({ code: '53300' });
    const waited = await second;
    expect(waited.status).toBe(504);
    expect(waited.json).toEqual({
      code: 'PGRST003',
      message: 'Timed out acquiring connection from connection pool.',
      details: null,
      hint: null,
    });
    await release();
    expect((await first).status).toBe(200);
    // Other users have their own share; the user's own share is free again.
    expect((await rest(server, '/post_drafts?select=id', { token: other.token })).status).toBe(200);
    expect((await get()).status).toBe(200);
  });
});

describe('with every pooled connection taken', () => {
  let server: TestServer;
  let user: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ restLimits: { perUserConcurrency: 10, queueTimeoutMs: 300 } });
    user = await createUser(server);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers a request that found no free PostgreSQL connection in time with 504 PGRST003', async () => {
    expect((await rest(server, '/post_drafts?select=id', { token: user.token })).status).toBe(200);
    // This transaction holds one of the 10 connections; the user's 10 requests wait for its lock.
    const release = await lockPostDrafts(server);
    const requests = Array.from({ length: 10 }, () =>
      rest(server, '/post_drafts?select=id', { token: user.token }),
    );
    await sleep(800);
    await release();
    const answers = await Promise.all(requests);
    const timedOut = answers.filter((a) => a.status === 504);
    if (postgres) {
      // Nine found a connection, the tenth waited past the pool's acquisition timeout.
      expect(timedOut).toHaveLength(1);
      expect(timedOut[0]!.json).toEqual({
        code: 'PGRST003',
        message: 'Timed out acquiring connection from connection pool.',
        details: null,
        hint: null,
      });
    } else {
      // PGlite has one connection and no pool: requests within the user's share wait their turn.
      expect(timedOut).toHaveLength(0);
    }
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10 - timedOut.length);
  });
});
