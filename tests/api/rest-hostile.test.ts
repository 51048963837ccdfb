import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../server/jwt.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { clientWith, createUser, dbRows, rest, userToken, type TestUser } from './rest-helpers.ts';

let server: TestServer;
let victim: TestUser;
let attacker: TestUser;
let victimDraftId: string;

beforeAll(async () => {
  server = await startTestServer();
  victim = await createUser(server);
  attacker = await createUser(server);
  const { data, error } = await victim.client
    .from('post_drafts')
    .insert({ user_id: victim.userId, content: 'secret plan' })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  victimDraftId = data!.id as string;
});

afterAll(async () => {
  await server?.close();
});

/** The victim's draft is still there, unchanged, and the table still exists. */
async function expectIntact(): Promise<void> {
  expect(
    await dbRows(server, 'select content, version from public.post_drafts where id = $1', [
      victimDraftId,
    ]),
  ).toEqual([{ content: 'secret plan', version: 1 }]);
}

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('SQL injection', () => {
  it('treats filter values as values', async () => {
    const c = attacker.client.from('post_drafts');
    for (const q of [
      c.select('*').eq('content', "x' or '1'='1"),
      c.select('*').eq('content', "secret plan' or user_id is not null --"),
      c.select('*').like('content', "%' or '1'='1"),
      c.select('*').in('content', ["a') or true --", 'secret plan']),
      c.select('*').neq('content', "'; delete from public.post_drafts; --"),
    ]) {
      const { data, error, status } = await q;
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data).toEqual([]);
    }
    const uuidInjection = await c.select('*').eq('user_id', "x' or 1=1 --");
    expect(uuidInjection.status).toBe(400);
    expect(uuidInjection.error).toMatchObject({ code: '22P02' });
    const orInjection = await c.select('*').or("content.eq.x') or (1=1");
    expect(orInjection.status).toBe(400);
    await expectIntact();
  });

  it('stores hostile text verbatim', async () => {
    const text = `'); drop table public.post_drafts; -- "quoted" \\ $1 $$`;
    const { data, error } = await attacker.client
      .from('post_drafts')
      .insert({ user_id: attacker.userId, content: text })
      .select('content')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ content: text });
    await expectIntact();
  });

  it('rejects column names, casts and orders that are not in the schema', async () => {
    const token = attacker.token;
    const cases: [string, number, string][] = [
      ['/post_drafts?select=id,content;drop table post_drafts', 400, '42703'],
      ['/post_drafts?select=id,"content\\"; drop table post_drafts; --"', 400, '42703'],
      ['/post_drafts?select=id::text);drop table post_drafts;--', 400, 'PGRST100'],
      ['/post_drafts?select=(select 1)', 400, 'PGRST100'],
      ['/post_drafts?content;drop table post_drafts=eq.1', 400, '42703'],
      ['/post_drafts?' + encodeURIComponent('content"=1 or 1=1;--') + '=eq.1', 400, 'PGRST100'],
      ['/post_drafts?order=content;drop table post_drafts', 400, 'PGRST100'],
      ['/post_drafts?order=content.asc;drop table post_drafts', 400, 'PGRST100'],
      ['/post_drafts?order=(select 1)', 400, 'PGRST100'],
      ['/post_drafts?limit=1;drop table post_drafts', 400, 'PGRST100'],
      ['/post_drafts?offset=0 union select * from auth.users', 400, 'PGRST100'],
      ['/post_drafts?content=eq(any).{x}) or (1=1', 400, 'PGRST100'],
      ['/post_drafts?content=fts(english;drop).x', 400, 'PGRST100'],
    ];
    for (const [path, status, code] of cases) {
      const res = await rest(server, path, { token });
      expect(res.status, path).toBe(status);
      expect(res.json, path).toMatchObject({ code });
    }
    await expectIntact();
  });

  it('rejects on_conflict and body keys that are not columns', async () => {
    const upsert = await attacker.client
      .from('post_drafts')
      .upsert(
        { user_id: attacker.userId, content: 'x' },
        { onConflict: 'id) do nothing; drop table post_drafts; --' },
      );
    expect(upsert.status).toBe(400);
    expect(upsert.error).toMatchObject({ code: 'PGRST100' });
    const unknownConflict = await attacker.client
      .from('post_drafts')
      .upsert({ user_id: attacker.userId }, { onConflict: 'id;drop table post_drafts' });
    expect(unknownConflict.status).toBe(400);
    expect(unknownConflict.error).toMatchObject({ code: '42703' });
    const badKey = await rest(server, '/post_drafts', {
      method: 'POST',
      token: attacker.token,
      body: JSON.stringify({ 'content") values (1); drop table post_drafts; --': 'x' }),
    });
    expect(badKey.status).toBe(400);
    expect(badKey.json).toMatchObject({ code: 'PGRST204' });
    const badColumns = await rest(
      server,
      '/post_drafts?columns=content,"x;drop table post_drafts"',
      {
        method: 'POST',
        token: attacker.token,
        body: JSON.stringify([{ content: 'x' }]),
      },
    );
    expect(badColumns.status).toBe(400);
    expect(badColumns.json).toMatchObject({ code: 'PGRST204' });
    await expectIntact();
  });

  it('rejects table and function names that are not in the schema', async () => {
    const table = await rest(
      server,
      '/' + encodeURIComponent('post_drafts; drop table post_drafts'),
      { token: attacker.token },
    );
    expect(table.status).toBe(404);
    expect(table.json).toMatchObject({ code: 'PGRST205' });
    const fn = await rest(
      server,
      '/rpc/' + encodeURIComponent('now(); drop table post_drafts; --'),
      { method: 'POST', token: attacker.token, body: '{}' },
    );
    expect(fn.status).toBe(404);
    expect(fn.json).toMatchObject({ code: 'PGRST202' });
    const otherSchema = await rest(server, '/' + encodeURIComponent('auth.users'), {
      token: attacker.token,
    });
    expect(otherSchema.status).toBe(404);
    await expectIntact();
  });

  it("cannot change another user's row by filtering on its id", async () => {
    const { error, status } = await attacker.client
      .from('post_drafts')
      .update({ content: 'pwned' })
      .eq('id', victimDraftId);
    expect(error).toBeNull();
    expect(status).toBe(204);
    const del = await attacker.client.from('post_drafts').delete().eq('id', victimDraftId);
    expect(del.status).toBe(204);
    await expectIntact();
  });
});

describe('JWT', () => {
  it('rejects a token whose payload was edited (401 PGRST301) and changes nothing', async () => {
    const [header, , signature] = attacker.token.split('.');
    const payload = JSON.parse(
      Buffer.from(attacker.token.split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>;
    const forged = `${header}.${b64url({ ...payload, sub: victim.userId })}.${signature}`;
    const client = clientWith(server, forged);
    const read = await client.from('post_drafts').select('*').eq('id', victimDraftId);
    expect(read.status).toBe(401);
    expect(read.error).toMatchObject({ code: 'PGRST301', message: 'JWSError JWSInvalidSignature' });
    const write = await client
      .from('post_drafts')
      .update({ content: 'pwned' })
      .eq('id', victimDraftId);
    expect(write.status).toBe(401);
    await expectIntact();
  });

  it('rejects a token signed with another key, an unsigned token and garbage', async () => {
    const iat = Math.floor(Date.now() / 1000);
    const wrongKey = await signJwt(
      { sub: victim.userId, role: 'service_role', iat, exp: iat + 600 },
      'x'.repeat(40),
    );
    const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: victim.userId, role: 'service_role', iat, exp: iat + 600 })}.`;
    for (const token of [wrongKey, unsigned, 'not-a-jwt', 'a.b.c']) {
      const { status, error, data } = await clientWith(server, token)
        .from('post_drafts')
        .select('*');
      expect(status, token).toBe(401);
      expect(error?.code, token).toBe('PGRST301');
      expect(data).toBeNull();
    }
    const basic = await rest(server, '/post_drafts', {
      token: null,
      headers: { Authorization: 'Basic YWRtaW46YWRtaW4=' },
    });
    expect(basic.status).toBe(401);
  });

  it('rejects an expired token with 401 PGRST303 "JWT expired"', async () => {
    const expired = await userToken(server, victim.userId, victim.email, {
      exp: Math.floor(Date.now() / 1000) - 10,
    });
    const res = await clientWith(server, expired).from('post_drafts').select('*');
    expect(res.status).toBe(401);
    expect(res.error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    const raw = await rest(server, '/post_drafts', { token: expired });
    expect(raw.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('rejects a validly signed token whose role is not an API role', async () => {
    for (const role of ['postgres', 'supabase_admin', 'anon; reset role']) {
      const token = await userToken(server, victim.userId, victim.email, { role });
      const res = await clientWith(server, token).from('post_drafts').select('*');
      expect(res.status, role).toBe(401);
      expect(res.error?.code).toBe('PGRST301');
    }
  });

  it('treats a request without a token as anon', async () => {
    const res = await rest(server, `/post_drafts?id=eq.${victimDraftId}`, {
      token: null,
      headers: { apikey: '' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });
});

describe('bad requests get PostgREST errors, never a 500', () => {
  it('answers a 2 MiB body with 413 and keeps serving', async () => {
    const big = JSON.stringify({ user_id: attacker.userId, content: 'x'.repeat(2 * 1024 * 1024) });
    const res = await rest(server, '/post_drafts', {
      method: 'POST',
      token: attacker.token,
      body: big,
    });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: 'PGRST413' });
    const after = await attacker.client.from('post_drafts').select('id').limit(1);
    expect(after.status).toBe(200);
    expect(
      await dbRows(server, 'select 1 from public.post_drafts where length(content) > 1000000'),
    ).toEqual([]);
  });

  it('answers malformed or wrongly shaped JSON with 400 PGRST102', async () => {
    for (const body of [
      '{"content": ',
      'not json',
      '',
      '"a string"',
      '42',
      '[1, 2]',
      '[{"content":"a"}, {"other":"b"}]',
    ]) {
      const res = await rest(server, '/post_drafts', {
        method: 'POST',
        token: attacker.token,
        body,
      });
      expect(res.status, body).toBe(400);
      expect(res.json, body).toMatchObject({ code: 'PGRST102' });
    }
    const patch = await rest(server, `/post_drafts?id=eq.${victimDraftId}`, {
      method: 'PATCH',
      token: attacker.token,
      body: '[{"content":"x"}]',
    });
    expect(patch.status).toBe(400);
    expect(patch.json).toMatchObject({ code: 'PGRST102' });
  });

  it('names unknown tables, columns and operators as PostgREST does', async () => {
    const c = attacker.client;
    const table = await c.from('no_such_table').select('*');
    expect(table.status).toBe(404);
    expect(table.error).toEqual({
      code: 'PGRST205',
      message: "Could not find the table 'public.no_such_table' in the schema cache",
      details: null,
      hint: null,
    });
    const column = await c.from('post_drafts').select('nope');
    expect(column.status).toBe(400);
    expect(column.error).toMatchObject({
      code: '42703',
      message: 'column post_drafts.nope does not exist',
    });
    const filterColumn = await c.from('post_drafts').select('id').eq('nope', 1);
    expect(filterColumn.status).toBe(400);
    expect(filterColumn.error).toMatchObject({ code: '42703' });
    const bodyColumn = await c.from('post_drafts').insert({ user_id: attacker.userId, nope: 1 });
    expect(bodyColumn.status).toBe(400);
    expect(bodyColumn.error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'nope' column of 'post_drafts' in the schema cache",
    });
    const operator = await c.from('post_drafts').select('id').filter('content', 'resembles', 'x');
    expect(operator.status).toBe(400);
    expect(operator.error).toMatchObject({
      code: 'PGRST100',
      message: 'failed to parse filter (resembles.x)',
    });
    const embed = await c.from('post_drafts').select('id, user_profiles(email)');
    expect(embed.status).toBe(400);
    expect(embed.error).toMatchObject({ code: 'PGRST100' });
  });

  it('rejects other schemas, media types and methods', async () => {
    const schema = await attacker.client.schema('auth').from('users').select('*');
    expect(schema.status).toBe(406);
    expect(schema.error).toMatchObject({ code: 'PGRST106' });
    const csv = await attacker.client.from('post_drafts').select('*').csv();
    expect(csv.status).toBe(406);
    expect(csv.error).toMatchObject({ code: 'PGRST107' });
    const text = await rest(server, '/post_drafts', {
      method: 'POST',
      token: attacker.token,
      headers: { 'Content-Type': 'text/plain' },
      body: 'content=x',
    });
    expect(text.status).toBe(415);
    const put = await rest(server, '/post_drafts', {
      method: 'PUT',
      token: attacker.token,
      body: '{}',
    });
    expect(put.status).toBe(405);
    const nested = await rest(server, '/post_drafts/extra', { token: attacker.token });
    expect(nested.status).toBe(404);
  });

  it('reports bad values, NUL bytes and huge or deep filters as 4xx', async () => {
    const c = attacker.client.from('post_drafts');
    expect((await c.select('id').gt('version', 'many')).error).toMatchObject({ code: '22P02' });
    expect((await c.select('id').eq('created_at', 'yesterday-ish')).status).toBe(400);
    expect((await c.select('id').eq('content', 'nul\u0000byte')).status).toBe(400);
    expect((await c.select('id').contains('platforms', '{unterminated')).status).toBe(400);
    expect((await c.select('id').filter('content', 'match', '(')).status).toBe(400);
    const manyIds = Array.from({ length: 300 }, () => randomUUID());
    const many = await rest(server, `/post_drafts?select=id&id=in.(${manyIds.join(',')})`, {
      token: attacker.token,
    });
    expect(many.status).toBe(200);
    expect(many.json).toEqual([]);
    const deep = await rest(
      server,
      '/post_drafts?or=(' + 'or('.repeat(30) + 'content.eq.x' + ')'.repeat(30) + ')',
      { token: attacker.token },
    );
    expect(deep.status).toBe(400);
    const deepJson = await rest(server, '/post_drafts', {
      method: 'POST',
      token: attacker.token,
      body: '['.repeat(100_000) + ']'.repeat(100_000),
    });
    expect(deepJson.status).toBeGreaterThanOrEqual(400);
    expect(deepJson.status).toBeLessThan(500);
    await expectIntact();
  });
});

describe('robustness', () => {
  it("keeps answering after the session's prepared statements are deallocated", async () => {
    const before = await attacker.client
      .from('post_drafts')
      .select('id')
      .eq('user_id', attacker.userId);
    expect(before.error).toBeNull();
    await server.db.exec('deallocate all');
    const after = await attacker.client
      .from('post_drafts')
      .select('id')
      .eq('user_id', attacker.userId);
    expect(after.error).toBeNull();
    expect(after.data).toEqual(before.data);
  });
});
