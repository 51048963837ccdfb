import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../../server/config.ts';
import { loadKeys } from '../../server/keys.ts';
import {
  credentialAad,
  openSecret,
  tokenAad,
} from '../../supabase/functions/_shared/secret-box.ts';
import { socialEndpoints } from '../../supabase/functions/_shared/social-env.ts';
import { readAccountTokens, storeAccountTokens } from '../../supabase/functions/_shared/tokens.ts';
import { FAKE_FACEBOOK_APP, startFakeSocial, type FakeSocial } from '../support/fake-social';
import { startTestServer, type TestServer } from './harness.ts';
import { dbRows } from './rest-helpers.ts';

// App secrets and platform tokens are write-only: whatever a user (or anyone) asks through REST,
// RPC or the functions, no secret comes back, and the three stores are the service role's alone.

const SERVICE_ONLY = ['social_credential_secrets', 'social_secret_intake', 'social_account_tokens'];

let fake: FakeSocial;
let server: TestServer;
const logged: string[] = [];
/** Every secret and token the tests write, to look for in every answer and in the log. */
const secrets = new Set<string>();

beforeAll(async () => {
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' '));
      original(...args);
    });
  }
  fake = await startFakeSocial();
  server = await startTestServer({ social: socialEndpoints((name) => fake.env[name]) });
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
  vi.restoreAllMocks();
});

type User = Awaited<ReturnType<TestServer['signedInClient']>>;

function secret(label: string): string {
  const value = `${label}-${randomUUID()}`;
  secrets.add(value);
  return value;
}

async function call(
  s: TestServer,
  token: string | null,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const headers: Record<string, string> = {
    apikey: s.keys.anonKey,
    'Content-Type': 'application/json',
    Authorization: `Bearer ${token ?? s.keys.anonKey}`,
  };
  const res = await fetch(`${s.url}/functions/v1/social-credentials`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Record<string, unknown>, text };
}

function expectNoSecret(text: string) {
  for (const s of secrets) expect(text).not.toContain(s);
  expect(text).not.toContain(FAKE_FACEBOOK_APP.secret);
  expect(text).not.toMatch(/app_secret|client_secret/);
}

async function stored(userId: string, platform = 'facebook') {
  const [sealed] = await dbRows<{ ciphertext: string }>(
    server,
    'select ciphertext from public.social_credential_secrets where user_id = $1 and platform = $2',
    [userId, platform],
  );
  const [pending] = await dbRows<{ secret: string }>(
    server,
    'select secret from public.social_secret_intake where user_id = $1 and platform = $2',
    [userId, platform],
  );
  return { sealed: sealed?.ciphertext ?? null, pending: pending?.secret ?? null };
}

async function waitForSealed(userId: string, platform = 'facebook'): Promise<string> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const s = await stored(userId, platform);
    if (s.sealed && !s.pending) return s.sealed;
    if (Date.now() > deadline) throw new Error(`not sealed in time: ${JSON.stringify(!!s)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const rawUpsert = (client: SupabaseClient, userId: string, creds: Record<string, string>) =>
  client
    .from('user_social_credentials')
    .upsert(
      {
        user_id: userId,
        platform: 'app_id' in creds ? 'facebook' : 'linkedin',
        platform_credentials: creds,
        is_active: true,
        validation_status: 'pending',
      },
      { onConflict: 'user_id,platform' },
    )
    .select()
    .single();

describe("the spec's raw table upsert", () => {
  it('is accepted, reads back the app id and configured, and the secret ends sealed', async () => {
    const user = await server.signedInClient();
    const appSecret = secret('raw-secret');
    const saved = await rawUpsert(user.client, user.userId, {
      app_id: '4242',
      app_secret: appSecret,
    });
    expect(saved.error).toBeNull();
    expect(saved.data!.platform_credentials).toEqual({ app_id: '4242', configured: true });
    expectNoSecret(JSON.stringify(saved.data));

    const sealed = await waitForSealed(user.userId);
    expect(sealed).not.toBe(appSecret);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const aad = credentialAad(user.userId, 'facebook');
    expect(await openSecret(sealed, server.keys.socialSecretsKey, aad)).toBe(appSecret);
    // Bound to its place and its key: another user's place or another key does not open it.
    await expect(
      openSecret(sealed, server.keys.socialSecretsKey, credentialAad(randomUUID(), 'facebook')),
    ).rejects.toThrow();
    await expect(
      openSecret(sealed, Buffer.alloc(32, 1).toString('base64url'), aad),
    ).rejects.toThrow();

    const read = await user.client
      .from('user_social_credentials')
      .select('*')
      .eq('platform', 'facebook')
      .single();
    expect(read.data!.platform_credentials).toEqual({ app_id: '4242', configured: true });

    // LinkedIn's pair, and any key the client adds, go the same way.
    const clientSecret = secret('raw-linkedin');
    const linkedin = await rawUpsert(user.client, user.userId, {
      client_id: 'cid',
      client_secret: clientSecret,
      note: 'dropped',
    });
    expect(linkedin.data!.platform_credentials).toEqual({ client_id: 'cid', configured: true });
    const sealedLinkedin = await waitForSealed(user.userId, 'linkedin');
    expect(
      await openSecret(
        sealedLinkedin,
        server.keys.socialSecretsKey,
        credentialAad(user.userId, 'linkedin'),
      ),
    ).toBe(clientSecret);
  });

  it('forgets the secret on soft delete and on a new app id without a secret', async () => {
    const user = await server.signedInClient();
    await rawUpsert(user.client, user.userId, { app_id: '1', app_secret: secret('soft') });
    await waitForSealed(user.userId);

    const off = await user.client
      .from('user_social_credentials')
      .update({ is_active: false })
      .eq('user_id', user.userId)
      .eq('platform', 'facebook');
    expect(off.error).toBeNull();
    expect(await stored(user.userId)).toEqual({ sealed: null, pending: null });
    const read = await user.client.from('user_social_credentials').select('*').single();
    expect(read.data).toMatchObject({
      is_active: false,
      platform_credentials: { app_id: '1', configured: false },
    });
    // Turning the row back on without a secret does not bring one back.
    await user.client
      .from('user_social_credentials')
      .update({ is_active: true })
      .eq('user_id', user.userId);
    const again = await user.client.from('user_social_credentials').select('*').single();
    expect(again.data!.platform_credentials).toEqual({ app_id: '1', configured: false });

    await rawUpsert(user.client, user.userId, { app_id: '1', app_secret: secret('second') });
    await waitForSealed(user.userId);
    const same = await user.client
      .from('user_social_credentials')
      .update({ platform_credentials: { app_id: '1' }, validation_status: 'valid' })
      .eq('user_id', user.userId)
      .select()
      .single();
    expect(same.data!.platform_credentials).toEqual({ app_id: '1', configured: true });
    expect((await stored(user.userId)).sealed).not.toBeNull();
    const moved = await user.client
      .from('user_social_credentials')
      .update({ platform_credentials: { app_id: '2' } })
      .eq('user_id', user.userId)
      .select()
      .single();
    expect(moved.data!.platform_credentials).toEqual({ app_id: '2', configured: false });
    expect(await stored(user.userId)).toEqual({ sealed: null, pending: null });
  });
});

describe('the service-role-only stores', () => {
  it.each(['anon', 'authenticated'] as const)(
    'refuse select, insert, update and delete as %s',
    async (role) => {
      const owner = await server.signedInClient();
      await rawUpsert(owner.client, owner.userId, { app_id: '7', app_secret: secret('store') });
      await waitForSealed(owner.userId);
      const client = role === 'anon' ? server.anonClient() : owner.client;
      const denied = { code: '42501' };
      for (const table of SERVICE_ONLY) {
        const before = await dbRows(server, `select * from public.${table}`);
        const read = await client.from(table).select('*');
        expect(read.error, table).toMatchObject(denied);
        expect(read.data, table).toBeNull();
        const row: Record<string, unknown> =
          table === 'social_account_tokens'
            ? { account_id: randomUUID(), user_id: owner.userId, access_token: 'x' }
            : table === 'social_secret_intake'
              ? { user_id: owner.userId, platform: 'linkedin', secret: 'x' }
              : { user_id: owner.userId, platform: 'linkedin', ciphertext: 'x' };
        expect((await client.from(table).insert(row)).error, table).toMatchObject(denied);
        expect(
          (await client.from(table).update({ user_id: owner.userId }).eq('user_id', owner.userId))
            .error,
          table,
        ).toMatchObject(denied);
        expect(
          (await client.from(table).delete().eq('user_id', owner.userId)).error,
          table,
        ).toMatchObject(denied);
        expect(await dbRows(server, `select * from public.${table}`), table).toEqual(before);
      }
    },
  );

  it('have row-level security with no permissive policy and no grant to the API roles', async () => {
    const rows = await dbRows<{ name: string; rls: boolean; permissive: number; grants: number }>(
      server,
      `select c.relname as name, c.relrowsecurity as rls,
              (select count(*)::int from pg_catalog.pg_policy p
                where p.polrelid = c.oid and p.polpermissive) as permissive,
              (select count(*)::int from information_schema.role_table_grants g
                where g.table_schema = 'public' and g.table_name = c.relname
                  and g.grantee in ('anon', 'authenticated', 'PUBLIC')) as grants
         from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relname = any($1) order by 1`,
      [SERVICE_ONLY],
    );
    expect(rows).toEqual(
      [...SERVICE_ONLY].sort().map((name) => ({ name, rls: true, permissive: 0, grants: 0 })),
    );
  });
});

describe('the social-credentials function', () => {
  let ada: User;
  beforeAll(async () => {
    ada = await server.signedInClient();
  });

  it('saves a Facebook pair, checks it with an app access token and answers the readable row', async () => {
    fake.requests.length = 0;
    const res = await call(server, ada.accessToken, {
      platform: 'facebook',
      app_id: FAKE_FACEBOOK_APP.id,
      app_secret: FAKE_FACEBOOK_APP.secret,
    });
    expect(res.status).toBe(200);
    expect(res.body.credential).toMatchObject({
      id: expect.any(String),
      platform: 'facebook',
      platform_credentials: { app_id: FAKE_FACEBOOK_APP.id, configured: true },
      is_active: true,
      validation_status: 'valid',
      validation_error: null,
      last_validated_at: expect.any(String),
    });
    expectNoSecret(res.text);
    const check = fake.requests.find((r) => r.path.endsWith('/oauth/access_token'));
    expect(check).toMatchObject({
      path: `/${fake.facebook.version}/oauth/access_token`,
      query: { client_id: FAKE_FACEBOOK_APP.id, grant_type: 'client_credentials' },
    });
    // Sealed within the request, not left for the sealing pass.
    const s = await stored(ada.userId);
    expect(s.pending).toBeNull();
    expect(
      await openSecret(
        s.sealed!,
        server.keys.socialSecretsKey,
        credentialAad(ada.userId, 'facebook'),
      ),
    ).toBe(FAKE_FACEBOOK_APP.secret);
  });

  it("marks a pair Facebook refuses invalid, with Facebook's message", async () => {
    const res = await call(server, ada.accessToken, {
      platform: 'facebook',
      app_id: FAKE_FACEBOOK_APP.id,
      app_secret: secret('wrong'),
    });
    expect(res.status).toBe(200);
    expect(res.body.credential).toMatchObject({
      validation_status: 'invalid',
      validation_error: 'Error validating client secret.',
      platform_credentials: { app_id: FAKE_FACEBOOK_APP.id, configured: true },
    });
    expectNoSecret(res.text);
  });

  it('saves but leaves the check pending when Facebook answers 5xx', async () => {
    fake.facebook.failNext('/oauth/access_token', 503, { error: { message: 'down', code: 2 } });
    const res = await call(server, ada.accessToken, {
      platform: 'facebook',
      app_id: FAKE_FACEBOOK_APP.id,
      app_secret: FAKE_FACEBOOK_APP.secret,
    });
    expect(res.status).toBe(200);
    expect(res.body.credential).toMatchObject({
      validation_status: 'pending',
      validation_error: expect.stringMatching(/could not reach Facebook/i),
      platform_credentials: { configured: true },
    });
    expect((await stored(ada.userId)).sealed).not.toBeNull();
  });

  it('saves but leaves the check pending when Facebook cannot be reached', async () => {
    const closed = await startFakeSocial();
    const graphUrl = closed.url;
    await closed.close();
    const offline = await startTestServer({ social: { facebookGraphUrl: graphUrl } });
    try {
      const user = await offline.signedInClient();
      const appSecret = secret('offline');
      const res = await call(offline, user.accessToken, {
        platform: 'facebook',
        app_id: FAKE_FACEBOOK_APP.id,
        app_secret: appSecret,
      });
      expect(res.status).toBe(200);
      expect(res.body.credential).toMatchObject({
        validation_status: 'pending',
        validation_error: expect.stringMatching(/could not reach Facebook/i),
        platform_credentials: { configured: true },
      });
      expectNoSecret(res.text);
      // Each server in the process seals with its own key.
      const [row] = await dbRows<{ ciphertext: string }>(
        offline,
        'select ciphertext from public.social_credential_secrets where user_id = $1',
        [user.userId],
      );
      const aad = credentialAad(user.userId, 'facebook');
      expect(await openSecret(row!.ciphertext, offline.keys.socialSecretsKey, aad)).toBe(appSecret);
      expect(offline.keys.socialSecretsKey).not.toBe(server.keys.socialSecretsKey);
      await expect(
        openSecret(row!.ciphertext, server.keys.socialSecretsKey, aad),
      ).rejects.toThrow();
    } finally {
      await offline.close();
    }
  });

  it('re-validates the saved pair on request', async () => {
    await call(server, ada.accessToken, {
      platform: 'facebook',
      app_id: FAKE_FACEBOOK_APP.id,
      app_secret: FAKE_FACEBOOK_APP.secret,
    });
    fake.facebook.apps.set(FAKE_FACEBOOK_APP.id, 'rotated-on-facebook');
    try {
      const res = await call(server, ada.accessToken, { platform: 'facebook', action: 'validate' });
      expect(res.status).toBe(200);
      expect(res.body.credential).toMatchObject({ validation_status: 'invalid' });
    } finally {
      fake.facebook.apps.set(FAKE_FACEBOOK_APP.id, FAKE_FACEBOOK_APP.secret);
    }
    const ok = await call(server, ada.accessToken, { platform: 'facebook', action: 'validate' });
    expect(ok.body.credential).toMatchObject({
      validation_status: 'valid',
      validation_error: null,
    });
  });

  it('saves a LinkedIn pair as pending: LinkedIn has no app-only check', async () => {
    fake.requests.length = 0;
    const res = await call(server, ada.accessToken, {
      platform: 'linkedin',
      client_id: 'my-client',
      client_secret: secret('linkedin'),
    });
    expect(res.status).toBe(200);
    expect(res.body.credential).toMatchObject({
      platform: 'linkedin',
      platform_credentials: { client_id: 'my-client', configured: true },
      validation_status: 'pending',
      validation_error: null,
    });
    expect(fake.requests).toEqual([]);
  });

  it("answers the spec's messages for missing fields and clear 4xx for bad input", async () => {
    const cases: [unknown, number, string][] = [
      [{ platform: 'facebook', app_id: '1' }, 400, 'Please fill in all Facebook credentials'],
      [
        { platform: 'facebook', app_id: ' ', app_secret: 'x' },
        400,
        'Please fill in all Facebook credentials',
      ],
      [
        { platform: 'linkedin', client_secret: 'x' },
        400,
        'Please fill in all LinkedIn credentials',
      ],
      [{ platform: 'twitter' }, 400, 'Unknown platform: use facebook or linkedin'],
      ['not json', 400, 'The request body must be a JSON object'],
      [{ platform: 'facebook', action: 'drop' }, 400, 'Unknown action'],
    ];
    for (const [body, status, error] of cases) {
      const res = await call(server, ada.accessToken, body);
      expect({ status: res.status, body: res.body }, JSON.stringify(body)).toEqual({
        status,
        body: { error },
      });
    }
    const fresh = await server.signedInClient();
    const none = await call(server, fresh.accessToken, {
      platform: 'facebook',
      action: 'validate',
    });
    expect(none).toMatchObject({
      status: 400,
      body: { error: 'Credentials not found. Please configure them first.' },
    });
  });

  it('answers 401 Not authenticated without a user session', async () => {
    const res = await call(server, null, { platform: 'facebook', action: 'validate' });
    expect(res).toMatchObject({ status: 401, body: { error: 'Not authenticated' } });
    await ada.client.auth.signOut();
    const after = await call(server, ada.accessToken, { platform: 'facebook', action: 'validate' });
    expect(after.status).toBe(401);
    ada = await server.signedInClient();
  });
});

describe('another user', () => {
  it("can neither read, change nor delete someone's credentials or accounts, nor use them", async () => {
    const owner = await server.signedInClient();
    const other = await server.signedInClient();
    await call(server, owner.accessToken, {
      platform: 'facebook',
      app_id: FAKE_FACEBOOK_APP.id,
      app_secret: FAKE_FACEBOOK_APP.secret,
    });
    const accountId = randomUUID();
    await server.serviceClient().from('social_media_accounts').insert({
      id: accountId,
      user_id: owner.userId,
      platform: 'facebook',
      platform_account_id: '555',
      account_name: 'Owner Page',
    });
    const snapshot = () =>
      Promise.all([
        dbRows(server, 'select * from public.user_social_credentials where user_id = $1', [
          owner.userId,
        ]),
        dbRows(server, 'select * from public.social_media_accounts where user_id = $1', [
          owner.userId,
        ]),
        stored(owner.userId),
      ]);
    const before = await snapshot();

    for (const table of ['user_social_credentials', 'social_media_accounts']) {
      const read = await other.client.from(table).select('*').eq('user_id', owner.userId);
      expect(read.data, table).toEqual([]);
      await other.client.from(table).update({ is_active: false }).eq('user_id', owner.userId);
      await other.client.from(table).delete().eq('user_id', owner.userId);
    }
    // Writing the owner's place through the raw upsert is refused.
    const hijack = await rawUpsert(other.client, owner.userId, {
      app_id: '999',
      app_secret: secret('hijack'),
    });
    expect(hijack.error).toMatchObject({ code: '42501' });
    // The function only ever uses the caller's own credentials.
    const use = await call(server, other.accessToken, { platform: 'facebook', action: 'validate' });
    expect(use).toMatchObject({
      status: 400,
      body: { error: 'Credentials not found. Please configure them first.' },
    });
    await call(server, other.accessToken, {
      platform: 'facebook',
      app_id: '31337',
      app_secret: secret('other'),
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe('disconnect', () => {
  it("deletes the account's sealed tokens when is_active turns false", async () => {
    const user = await server.signedInClient();
    const accountId = randomUUID();
    const created = await user.client.from('social_media_accounts').insert({
      id: accountId,
      user_id: user.userId,
      platform: 'linkedin',
      platform_account_id: 'urn:li:person:abc',
      account_name: 'Member',
    });
    expect(created.error).toBeNull();
    const env = (name: string) =>
      ({
        SUPABASE_URL: server.url,
        SUPABASE_SERVICE_ROLE_KEY: server.keys.serviceRoleKey,
        SOCIAL_SECRETS_KEY: server.keys.socialSecretsKey,
      })[name];
    const admin = server.serviceClient();
    const accessToken = secret('access-token');
    const refreshToken = secret('refresh-token');
    await storeAccountTokens(admin, env, {
      accountId,
      userId: user.userId,
      accessToken,
      refreshToken,
      scopes: ['openid', 'w_member_social'],
    });
    const [row] = await dbRows<{ access_token: string; refresh_token: string }>(
      server,
      'select access_token, refresh_token from public.social_account_tokens where account_id = $1',
      [accountId],
    );
    expect(row!.access_token).not.toContain(accessToken);
    expect(
      await openSecret(
        row!.refresh_token,
        server.keys.socialSecretsKey,
        tokenAad(accountId, 'refresh'),
      ),
    ).toBe(refreshToken);
    expect(await readAccountTokens(admin, env, accountId)).toMatchObject({
      accessToken,
      refreshToken,
      scopes: ['openid', 'w_member_social'],
    });

    const off = await user.client
      .from('social_media_accounts')
      .update({ is_active: false })
      .eq('id', accountId);
    expect(off.error).toBeNull();
    expect(await readAccountTokens(admin, env, accountId)).toBeNull();
    expect(
      await dbRows(server, 'select 1 from public.social_account_tokens where account_id = $1', [
        accountId,
      ]),
    ).toEqual([]);
  });
});

describe('no route gives a secret back', () => {
  let user: User;
  beforeAll(async () => {
    user = await server.signedInClient();
    await call(server, user.accessToken, {
      platform: 'facebook',
      app_id: FAKE_FACEBOOK_APP.id,
      app_secret: FAKE_FACEBOOK_APP.secret,
    });
    await rawUpsert(user.client, user.userId, { client_id: 'c', client_secret: secret('every') });
    const accountId = randomUUID();
    await user.client.from('social_media_accounts').insert({
      id: accountId,
      user_id: user.userId,
      platform: 'facebook',
      platform_account_id: '42',
      account_name: 'Page',
    });
    await storeAccountTokens(
      server.serviceClient(),
      (name) =>
        ({
          SUPABASE_URL: server.url,
          SUPABASE_SERVICE_ROLE_KEY: server.keys.serviceRoleKey,
          SOCIAL_SECRETS_KEY: server.keys.socialSecretsKey,
        })[name],
      { accountId, userId: user.userId, accessToken: secret('page-token'), scopes: [] },
    );
  });

  it('not a REST select of every column of every table the user can reach', async () => {
    const tables = await dbRows<{ name: string }>(
      server,
      `select c.relname as name from pg_catalog.pg_class c
         join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
          and pg_catalog.has_table_privilege('authenticated', c.oid, 'select')`,
    );
    expect(tables.map((t) => t.name)).toContain('user_social_credentials');
    for (const { name } of tables) {
      const res = await user.client.from(name).select('*');
      expect(res.error, name).toBeNull();
      expectNoSecret(JSON.stringify(res.data));
    }
    const mine = await user.client.from('user_social_credentials').select('*');
    expect(mine.data).toHaveLength(2);
  });

  it('not any RPC the user can call', async () => {
    // A due target of the user's that the publisher has taken up: a reminder (manual) or failed.
    async function publishTarget(kind: 'manual' | 'auto'): Promise<string> {
      const postId = randomUUID();
      await user.client.rpc('sync_push', {
        mutations: [
          {
            mutation_id: randomUUID(),
            entity: 'scheduled_posts',
            op: 'upsert',
            id: postId,
            base_version: null,
            data: {
              content: 'Hello',
              platforms: [kind === 'manual' ? 'instagram' : 'facebook'],
              scheduled_for: new Date(Date.now() - 60_000).toISOString(),
              publish_mode: 'now',
            },
          },
        ],
      });
      const attempt = randomUUID();
      await server.serviceClient().rpc('publisher_claim', { p_attempt: attempt });
      const [target] = await dbRows<{ id: string }>(
        server,
        'select id from public.publish_targets where post_id = $1',
        [postId],
      );
      if (kind === 'auto')
        await server.serviceClient().rpc('publisher_finish', {
          p_target: target!.id,
          p_attempt: attempt,
          p_outcome: { status: 'failed', error_code: 'permission', error_message: 'No' },
        });
      return target!.id;
    }
    const callable = await dbRows<{ name: string }>(
      server,
      `select p.proname as name from pg_catalog.pg_proc p
         join pg_catalog.pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prorettype <> 'pg_catalog.trigger'::pg_catalog.regtype
          and pg_catalog.has_function_privilege('authenticated', p.oid, 'execute')`,
    );
    // How to call each; a new RPC must be added here, so that it is looked at too.
    const calls: Record<string, (() => PromiseLike<unknown>) | 'destructive'> = {
      export_account_data: () => user.client.rpc('export_account_data'),
      sync_pull: () => user.client.rpc('sync_pull', {}),
      sync_push: () => user.client.rpc('sync_push', { mutations: [] }),
      delete_account: 'destructive',
      mark_target_posted: async () =>
        user.client.rpc('mark_target_posted', { p_target: await publishTarget('manual') }),
      publish_target_again: async () =>
        user.client.rpc('publish_target_again', { p_target: await publishTarget('auto') }),
    };
    for (const { name } of callable) {
      expect(Object.keys(calls), `a call for RPC ${name}`).toContain(name);
      const run = calls[name];
      if (run === 'destructive' || !run) continue;
      const res = (await run()) as { error: unknown; data: unknown };
      expect(res.error, name).toBeNull();
      expectNoSecret(JSON.stringify(res.data));
    }
  });

  it('not the server log', async () => {
    // Let a sealing round run too.
    await new Promise((r) => setTimeout(r, 1200));
    expectNoSecret(logged.join('\n'));
  });

  it('and deleting the account removes the sealed secrets and tokens', async () => {
    const { error } = await user.client.rpc('delete_account');
    expect(error).toBeNull();
    for (const table of SERVICE_ONLY) {
      expect(
        await dbRows(server, `select 1 from public.${table} where user_id = $1`, [user.userId]),
        table,
      ).toEqual([]);
    }
  });
});

describe('configuration', () => {
  it('generates SOCIAL_SECRETS_KEY once into DATA_DIR; the environment wins', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'postbloom-keys-'));
    try {
      const first = await loadKeys({ dataDir: dir });
      expect(first.socialSecretsKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const again = await loadKeys({ dataDir: dir });
      expect(again.socialSecretsKey).toBe(first.socialSecretsKey);
      const file = JSON.parse(await readFile(path.join(dir, 'keys.json'), 'utf8')) as {
        socialSecretsKey: string;
        jwtSecret: string;
      };
      expect(file.socialSecretsKey).toBe(first.socialSecretsKey);
      const given = Buffer.alloc(32, 7).toString('base64url');
      expect((await loadKeys({ dataDir: dir, socialSecretsKey: given })).socialSecretsKey).toBe(
        given,
      );
      // A JWT secret from the environment leaves the stored key alone.
      const withJwt = await loadKeys({ dataDir: dir, jwtSecret: 'x'.repeat(40) });
      expect(withJwt.socialSecretsKey).toBe(first.socialSecretsKey);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads the endpoint settings with their defaults and names a bad value', () => {
    const env = { DATA_DIR: '/tmp/x' };
    expect(parseEnv(env).social).toEqual({
      facebookDialogUrl: 'https://www.facebook.com',
      facebookGraphUrl: 'https://graph.facebook.com',
      facebookGraphVersion: 'v24.0',
      linkedinAuthUrl: 'https://www.linkedin.com',
      linkedinApiUrl: 'https://api.linkedin.com',
      linkedinVersion: '202608',
    });
    expect(parseEnv({ ...env, ...fake.env }).social).toEqual(
      socialEndpoints((name) => fake.env[name]),
    );
    expect(parseEnv({ ...env, FACEBOOK_GRAPH_URL: 'http://127.0.0.1:9/' }).social).toMatchObject({
      facebookGraphUrl: 'http://127.0.0.1:9',
    });
    const bad: [string, string][] = [
      ['SOCIAL_SECRETS_KEY', 'short'],
      ['FACEBOOK_DIALOG_URL', 'ftp://example.com'],
      ['FACEBOOK_GRAPH_URL', 'graph.facebook.com'],
      ['FACEBOOK_GRAPH_VERSION', '24.0'],
      ['LINKEDIN_AUTH_URL', 'not a url'],
      ['LINKEDIN_API_URL', 'https://api.linkedin.com?x=1'],
      ['LINKEDIN_VERSION', '2026-08'],
    ];
    for (const [name, value] of bad) {
      expect(() => parseEnv({ ...env, [name]: value }), name).toThrow(new RegExp(name));
    }
    expect(
      parseEnv({ ...env, SOCIAL_SECRETS_KEY: Buffer.alloc(32).toString('base64url') }),
    ).toMatchObject({ socialSecretsKey: Buffer.alloc(32).toString('base64url') });
  });

  it('still serves the health function with the new handler signature', async () => {
    const res = await fetch(`${server.url}/functions/v1/health`, {
      headers: { Authorization: `Bearer ${server.keys.anonKey}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', time: expect.any(String) });
  });

  it('gives the browser its social settings in /local/config, and nothing secret', async () => {
    const res = await fetch(`${server.url}/local/config`);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.social).toEqual({
      facebookDialogUrl: fake.url,
      facebookGraphVersion: fake.facebook.version,
      linkedinAuthUrl: fake.url,
    });
    expect(JSON.stringify(body)).not.toContain(server.keys.socialSecretsKey);
  });
});
