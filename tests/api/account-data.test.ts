import { randomUUID } from 'node:crypto';
import { AuthApiError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/config.ts';
import { followMailLink, mailTo } from './auth-helpers.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { clientWith, dbRows, rest, userToken } from './rest-helpers.ts';
import { push, upsert } from './sync-helpers.ts';

// Settings → Privacy on the server: the export and delete RPCs of
// supabase/migrations/20261124000400_account_data.sql, and PUT /user's current-password check.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ requireCurrentPassword: true });
});

afterAll(async () => {
  await server?.close();
});

const APP_SECRET = 'fb-app-secret-do-not-export-7d1f';
const P256DH = `B${'x'.repeat(86)}`;
const PUSH_AUTH = 'AuthSecretAuthSecret12';

interface Seeded {
  client: SupabaseClient;
  userId: string;
  email: string;
  password: string;
  accessToken: string;
  draftText: string;
}

/** A signed-up user with a row in every table the product writes, through the API as the app does. */
async function seededUser(label: string): Promise<Seeded> {
  const user = await server.signedInClient({ firstName: label });
  const { client, userId, email } = user;
  const draftText = `${label} draft about spring flowers ${randomUUID()}`;
  const ok = async (what: string, p: PromiseLike<{ error: unknown }>) => {
    const { error } = await p;
    if (error) throw new Error(`${what}: ${JSON.stringify(error)}`);
  };
  await ok(
    'profile',
    client.from('user_profiles').insert({ id: userId, email, first_name: label, bio: 'Florist' }),
  );
  await ok(
    'onboarding',
    client.from('onboarding_data').insert({
      user_id: userId,
      business_name: `${label} Flowers`,
      business_type: 'retail',
      primary_goal: 'sales',
    }),
  );
  await ok(
    'preferences',
    client.from('user_preferences').insert({ id: userId, user_id: userId, theme: 'dark' }),
  );
  await ok(
    'credentials',
    client.from('user_social_credentials').insert({
      user_id: userId,
      platform: 'facebook',
      platform_credentials: { app_id: '1234', app_secret: APP_SECRET },
    }),
  );
  // The server seals the secret within a second; wait, so the rows counted below stay put.
  for (let i = 0; ; i++) {
    const sealed = await dbRows(
      server,
      'select 1 from public.social_credential_secrets where user_id = $1',
      [userId],
    );
    if (sealed.length > 0) break;
    if (i > 50) throw new Error('credentials: the app secret was not sealed');
    await new Promise((r) => setTimeout(r, 100));
  }
  await ok(
    'account',
    client.from('social_media_accounts').insert({
      user_id: userId,
      platform: 'facebook',
      platform_account_id: `page-${label}`,
      account_name: `${label} Page`,
      permissions: { access_token: APP_SECRET },
    }),
  );
  // What the metrics collector writes for the page (it runs with the service role).
  const [page] = await dbRows<{ id: string }>(
    server,
    'select id from public.social_media_accounts where user_id = $1',
    [userId],
  );
  await dbRows(
    server,
    `insert into public.analytics_accounts (id, user_id, platform, account_name, followers,
                                            collected_at, attempted_at)
     values ($1, $2, 'facebook', $3, 1234, now(), now())`,
    [page!.id, userId, `${label} Page`],
  );
  await dbRows(
    server,
    `insert into public.analytics_daily (user_id, account_id, platform, day, followers, reach)
     values ($1, $2, 'facebook', '2026-11-20', 1230, 456)`,
    [userId, page!.id],
  );
  await ok(
    'push subscription',
    client.from('push_subscriptions').insert({
      user_id: userId,
      endpoint: `https://push.example.com/send/${label}`,
      p256dh: P256DH,
      auth: PUSH_AUTH,
    }),
  );
  // A draft through sync (a sync_mutations row), and one deleted over REST (a tombstone).
  const [pushed] = await push(client, [upsert(randomUUID(), null, draftText)]);
  expect(pushed?.status).toBe('applied');
  const gone = randomUUID();
  await push(client, [upsert(gone, null, `${label} draft that was deleted`)]);
  await ok('delete draft', client.from('post_drafts').delete().eq('id', gone));
  return { ...user, draftText };
}

/** Every table of the schemas the product and auth write, with how many rows mention the text. */
async function rowsMentioning(text: string): Promise<Record<string, number>> {
  const tables = await dbRows<{ schema: string; name: string }>(
    server,
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in ('public', 'private', 'auth')
      order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const [row] = await dbRows<{ n: number }>(
      server,
      `select count(*)::int as n from "${t.schema}"."${t.name}" r where strpos(to_jsonb(r)::text, $1) > 0`,
      [text],
    );
    counts[`${t.schema}.${t.name}`] = row?.n ?? 0;
  }
  return counts;
}

function nonZero(counts: Record<string, number>): string[] {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([table]) => table);
}

describe('export_account_data', () => {
  it("returns the caller's rows, nobody else's, and no secret", async () => {
    const ada = await seededUser('Ada');
    const bob = await seededUser('Bob');
    const { data, error } = await ada.client.rpc('export_account_data');
    expect(error).toBeNull();
    const exported = data as Record<string, unknown> & {
      drafts: { content: string }[];
      social_connections: Record<string, unknown>[];
      social_accounts: Record<string, unknown>[];
      push_subscriptions: Record<string, unknown>[];
      analytics_accounts: Record<string, unknown>[];
      analytics_daily: Record<string, unknown>[];
      analytics_post_metrics: Record<string, unknown>[];
    };
    expect(exported).toMatchObject({
      format: 'postbloom-export',
      version: 1,
      account: { id: ada.userId, email: ada.email },
      profile: { id: ada.userId, first_name: 'Ada', bio: 'Florist' },
      onboarding: { user_id: ada.userId, business_name: 'Ada Flowers' },
      preferences: { user_id: ada.userId, theme: 'dark' },
    });
    expect(exported.drafts.map((d) => d.content)).toEqual([ada.draftText]);
    expect(exported.social_connections).toEqual([
      expect.objectContaining({
        platform: 'facebook',
        is_active: true,
        validation_status: 'pending',
      }),
    ]);
    expect(Object.keys(exported.social_connections[0]!)).not.toContain('platform_credentials');
    expect(exported.social_accounts).toEqual([
      expect.objectContaining({ platform: 'facebook', account_name: 'Ada Page' }),
    ]);
    expect(exported.analytics_accounts).toEqual([
      expect.objectContaining({ platform: 'facebook', account_name: 'Ada Page', followers: 1234 }),
    ]);
    expect(exported.analytics_daily).toEqual([
      expect.objectContaining({ day: '2026-11-20', followers: 1230, reach: 456 }),
    ]);
    expect(exported.analytics_post_metrics).toEqual([]);
    expect(exported.push_subscriptions).toEqual([
      { endpoint: 'https://push.example.com/send/Ada', created_at: expect.any(String) },
    ]);

    const text = JSON.stringify(exported);
    for (const secret of [APP_SECRET, P256DH, PUSH_AUTH, 'app_secret', 'draft that was deleted'])
      expect(text).not.toContain(secret);
    for (const other of [bob.userId, bob.email, bob.draftText, 'Bob'])
      expect(text).not.toContain(other);
  });

  it('refuses the anonymous key', async () => {
    const { data, error } = await server.anonClient().rpc('export_account_data');
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
  });
});

describe('delete_account', () => {
  it("removes every row of the user in every table, leaves another user's, and ends sign-in", async () => {
    const ada = await seededUser('Ada');
    const bob = await seededUser('Bob');
    const adaBefore = nonZero(await rowsMentioning(ada.userId));
    // The seeding reached every table the check below relies on.
    expect(adaBefore).toEqual(
      expect.arrayContaining([
        'auth.users',
        'auth.sessions',
        'auth.identities',
        'auth.refresh_tokens',
        'public.user_profiles',
        'public.onboarding_data',
        'public.user_preferences',
        'public.post_drafts',
        'public.user_social_credentials',
        'public.social_media_accounts',
        'public.social_credential_secrets',
        'public.push_subscriptions',
        'public.analytics_accounts',
        'public.analytics_daily',
        'public.sync_mutations',
        'public.sync_tombstones',
      ]),
    );
    const bobBefore = await rowsMentioning(bob.userId);
    const other = server.anonClient();
    expect(
      (await other.auth.signInWithPassword({ email: ada.email, password: ada.password })).error,
    ).toBeNull();

    const { error } = await ada.client.rpc('delete_account');
    expect(error).toBeNull();

    expect(nonZero(await rowsMentioning(ada.userId))).toEqual([]);
    expect(nonZero(await rowsMentioning(ada.email))).toEqual([]);
    expect(await rowsMentioning(bob.userId)).toEqual(bobBefore);

    const signIn = await server
      .anonClient()
      .auth.signInWithPassword({ email: ada.email, password: ada.password });
    expect(signIn.error).toBeInstanceOf(AuthApiError);
    expect(signIn.error?.code).toBe('invalid_credentials');
    expect((await other.auth.refreshSession()).error?.code).toBe('refresh_token_not_found');
  });

  it('cannot be called with the anonymous key or the service key, nor by GET', async () => {
    const ada = await seededUser('Ada');
    const byGet = await rest(server, '/rpc/delete_account', { token: ada.accessToken });
    expect(byGet.status).toBeGreaterThanOrEqual(400);
    expect(byGet.status).toBeLessThan(500);
    const anon = await server.anonClient().rpc('delete_account');
    expect(anon.error?.code).toBe('42501');
    const service = await server.serviceClient().rpc('delete_account');
    expect(service.error?.code).toBe('42501');
    expect(
      await dbRows(server, 'select 1 from auth.users where id = $1', [ada.userId]),
    ).toHaveLength(1);
  });

  it('refuses a token whose session has ended', async () => {
    const ada = await seededUser('Ada');
    const second = server.anonClient();
    const signedIn = await second.auth.signInWithPassword({
      email: ada.email,
      password: ada.password,
    });
    const staleToken = signedIn.data.session!.access_token;
    expect((await second.auth.signOut({ scope: 'local' })).error).toBeNull();

    const { error } = await clientWith(server, staleToken).rpc('delete_account');
    expect(error).toMatchObject({ code: '42501', hint: 'session_not_found' });
    expect(
      await dbRows(server, 'select 1 from auth.users where id = $1', [ada.userId]),
    ).toHaveLength(1);
  });

  it('needs the second factor (aal2) from a user who has a verified one', async () => {
    const ada = await seededUser('Ada');
    await server.db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, 'phone app', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [randomUUID(), ada.userId],
    );
    const aal1 = await ada.client.rpc('delete_account');
    expect(aal1.error).toMatchObject({ code: '42501', hint: 'insufficient_aal' });
    expect(
      await dbRows(server, 'select 1 from auth.users where id = $1', [ada.userId]),
    ).toHaveLength(1);

    // The same live session once it has passed the second factor.
    const [session] = await dbRows<{ id: string }>(
      server,
      'select id::text as id from auth.sessions where user_id = $1 limit 1',
      [ada.userId],
    );
    const aal2Token = await userToken(server, ada.userId, ada.email, {
      session_id: session!.id,
      aal: 'aal2',
    });
    const aal2 = await clientWith(server, aal2Token).rpc('delete_account');
    expect(aal2.error).toBeNull();
    expect(nonZero(await rowsMentioning(ada.userId))).toEqual([]);
  });
});

describe('PUT /user with the current password required', () => {
  it('refuses a wrong or missing current password and changes nothing', async () => {
    const { client, email, password } = await server.signedInClient();
    const wrong = await client.auth.updateUser({
      password: 'new-password-1',
      current_password: 'not-my-password',
    });
    expect(wrong.error).toBeInstanceOf(AuthApiError);
    expect(wrong.error).toMatchObject({
      status: 400,
      code: 'current_password_invalid',
      message: 'Current password required when setting new password.',
    });
    const missing = await client.auth.updateUser({ password: 'new-password-1' });
    expect(missing.error).toMatchObject({
      status: 400,
      code: 'current_password_required',
      message: 'Current password required when setting new password.',
    });
    const still = await server.anonClient().auth.signInWithPassword({ email, password });
    expect(still.error).toBeNull();
  });

  it('changes it with the right one: other sessions end, this one lives', async () => {
    const { client, email, password } = await server.signedInClient();
    const other = server.anonClient();
    expect((await other.auth.signInWithPassword({ email, password })).error).toBeNull();

    const { error } = await client.auth.updateUser({
      password: 'brand-new-password',
      current_password: password,
    });
    expect(error).toBeNull();

    expect((await other.auth.refreshSession()).error?.code).toBe('refresh_token_not_found');
    const own = await client.auth.refreshSession();
    expect(own.error).toBeNull();
    expect(own.data.session).not.toBeNull();
    expect((await client.auth.getUser()).error).toBeNull();
    const fresh = await server
      .anonClient()
      .auth.signInWithPassword({ email, password: 'brand-new-password' });
    expect(fresh.error).toBeNull();
    const old = await server.anonClient().auth.signInWithPassword({ email, password });
    expect(old.error?.code).toBe('invalid_credentials');
  });

  it('still checks strength first and refuses the same password after the current one', async () => {
    const { client, password } = await server.signedInClient();
    const weak = await client.auth.updateUser({ password: 'abc', current_password: password });
    expect(weak.error?.code).toBe('weak_password');
    const same = await client.auth.updateUser({ password, current_password: password });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
  });

  it('lets a session opened by a recovery link set a password without the old one', async () => {
    const { email } = await server.signedInClient({ password: 'forgotten-password' });
    const reset = await server
      .anonClient()
      .auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:5173/dashboard' });
    expect(reset.error).toBeNull();
    const [mail] = await mailTo(server, email);
    const { fragment } = await followMailLink(mail!.link!);
    const client = server.anonClient();
    await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    const { error } = await client.auth.updateUser({ password: 'remembered-password' });
    expect(error).toBeNull();
    const fresh = await server
      .anonClient()
      .auth.signInWithPassword({ email, password: 'remembered-password' });
    expect(fresh.error).toBeNull();
  });

  it('needs a session that passed the second factor once the user has one (insufficient_aal)', async () => {
    const { client, userId, email, password } = await server.signedInClient();
    await server.db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, 'phone app', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [randomUUID(), userId],
    );
    const refused = await client.auth.updateUser({
      password: 'stolen-then-changed',
      current_password: password,
    });
    expect(refused.error).toMatchObject({
      status: 401,
      code: 'insufficient_aal',
      message: 'AAL2 session is required to update email or password when MFA is enabled.',
    });
    const email2 = await client.auth.updateUser({ email: `other-${email}` });
    expect(email2.error?.code).toBe('insufficient_aal');
    // Metadata alone is no credential change.
    expect((await client.auth.updateUser({ data: { bio: 'Florist' } })).error).toBeNull();
    expect(
      (await server.anonClient().auth.signInWithPassword({ email, password })).error,
    ).toBeNull();

    // The same session once it has passed the second factor.
    await server.db.query(`update auth.sessions set aal = 'aal2' where user_id = $1`, [userId]);
    const allowed = await client.auth.updateUser({
      password: 'changed-with-the-code',
      current_password: password,
    });
    expect(allowed.error).toBeNull();
  });

  it('is on by default from the environment and can be turned off', () => {
    expect(parseEnv({}).requireCurrentPassword).toBe(true);
    expect(parseEnv({ AUTH_REQUIRE_CURRENT_PASSWORD: 'off' }).requireCurrentPassword).toBe(false);
    expect(() => parseEnv({ AUTH_REQUIRE_CURRENT_PASSWORD: 'yes' })).toThrow(
      /AUTH_REQUIRE_CURRENT_PASSWORD/,
    );
  });
});
