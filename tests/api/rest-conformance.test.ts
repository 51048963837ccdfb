import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../server/jwt.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createUser, rest, type TestUser } from './rest-helpers.ts';

// Details of PostgREST's answers that clients and proxies read: headers, details, hints and
// codes, as PostgREST's Error.hs and App.hs produce them.

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await createUser(server);
});

afterAll(async () => {
  await server?.close();
});

describe('PostgREST conformance', () => {
  it('challenges a 401 with WWW-Authenticate: Bearer (42501 as anon, JWT errors)', async () => {
    const anonWrite = await rest(server, '/post_drafts', {
      method: 'POST',
      body: JSON.stringify({ user_id: user.userId, content: 'x' }),
    });
    expect(anonWrite.status).toBe(401);
    expect(anonWrite.json).toMatchObject({ code: '42501' });
    expect(anonWrite.headers.get('www-authenticate')).toBe('Bearer');

    const iat = Math.floor(Date.now() / 1000) - 7200;
    const expired = await signJwt(
      { sub: user.userId, role: 'authenticated', iat, exp: iat + 60 },
      server.keys.jwtSecret,
    );
    const jwt = await rest(server, '/post_drafts', { token: expired });
    expect(jwt.status).toBe(401);
    expect(jwt.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"',
    );

    // A signed-in user denied by the database gets 403, which carries no challenge.
    const forbidden = await rest(server, '/post_drafts', {
      method: 'POST',
      token: user.token,
      body: JSON.stringify({ user_id: randomUUID(), content: 'x' }),
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json).toMatchObject({ code: '42501' });
    expect(forbidden.headers.get('www-authenticate')).toBeNull();
  });

  it("passes a 23505's details on as PostgreSQL gives them", async () => {
    const id = randomUUID();
    const first = await user.client.from('post_drafts').insert({ id, user_id: user.userId });
    expect(first.error).toBeNull();
    // PostgreSQL names the key only to a role that row-level security does not apply to.
    const service = server.serviceClient();
    const again = await service.from('post_drafts').insert({ id, user_id: user.userId });
    expect(again.status).toBe(409);
    expect(again.error).toEqual({
      code: '23505',
      message: 'duplicate key value violates unique constraint "post_drafts_pkey"',
      details: `Key (id)=(${id}) already exists.`,
      hint: null,
    });
    const asUser = await user.client.from('post_drafts').insert({ id, user_id: user.userId });
    expect(asUser.status).toBe(409);
    expect(asUser.error).toMatchObject({ code: '23505', details: null });
  });

  it('answers an unexposed schema profile with 406 PGRST106 "Invalid schema: auth"', async () => {
    const expected = {
      code: 'PGRST106',
      message: 'Invalid schema: auth',
      details: null,
      hint: 'Only the following schemas are exposed: public',
    };
    const read = await user.client.schema('auth').from('users').select('*');
    expect(read.status).toBe(406);
    expect(read.error).toEqual(expected);
    const write = await rest(server, '/post_drafts', {
      method: 'POST',
      token: user.token,
      headers: { 'Content-Profile': 'auth' },
      body: '{}',
    });
    expect(write.status).toBe(406);
    expect(write.json).toEqual(expected);
  });

  it('answers a negative limit with 416 PGRST103', async () => {
    const res = await rest(server, '/post_drafts?limit=-1', { token: user.token });
    expect(res.status).toBe(416);
    expect(res.json).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'Limit should be greater than or equal to zero.',
      hint: null,
    });
  });

  it('answers a DELETE with Content-Range */* (*/n with count=exact)', async () => {
    const ids = [randomUUID(), randomUUID()];
    await user.client.from('post_drafts').insert(ids.map((id) => ({ id, user_id: user.userId })));
    const plain = await rest(server, `/post_drafts?id=eq.${ids[0]}`, {
      method: 'DELETE',
      token: user.token,
    });
    expect(plain.status).toBe(204);
    expect(plain.headers.get('content-range')).toBe('*/*');
    const counted = await rest(server, `/post_drafts?id=eq.${ids[1]}`, {
      method: 'DELETE',
      token: user.token,
      headers: { Prefer: 'count=exact' },
    });
    expect(counted.headers.get('content-range')).toBe('*/1');
    const { count } = await user.client
      .from('post_drafts')
      .delete({ count: 'exact' })
      .eq('id', randomUUID());
    expect(count).toBe(0);
  });

  it('answers an unparsable order= with 400 PGRST100, an unknown column with 42703', async () => {
    for (const order of ['content;drop table post_drafts', 'content)', 'created_at.desc;x']) {
      const res = await rest(server, `/post_drafts?order=${encodeURIComponent(order)}`, {
        token: user.token,
      });
      expect(res.status, order).toBe(400);
      expect(res.json, order).toMatchObject({
        code: 'PGRST100',
        message: `failed to parse order (${order})`,
      });
    }
    const unknown = await rest(server, '/post_drafts?order=no_such_column.desc', {
      token: user.token,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: '42703' });
    const spaced = await user.client.from('post_drafts').select('id').order('created_at');
    expect(spaced.error).toBeNull();
  });
});
