import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { clientWith, dbRows } from './rest-helpers.ts';

// TOTP two-factor authentication through supabase-js's auth.mfa, as against hosted GoTrue.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    signInRateLimit: { max: 10_000, windowMs: 60_000 },
    mfaRateLimit: { max: 10_000, windowMs: 60_000 },
  });
});

afterAll(async () => {
  await server?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function codeFor(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });
}

/** A six-digit code that is none of the ones the server accepts now (±1 step). */
function wrongCode(secret: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((d) => codeFor(secret, Date.now() + d)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

async function accessToken(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('no session');
  return data.session.access_token;
}

async function claims(client: SupabaseClient) {
  return decodeJwt(await accessToken(client)) as {
    aal: string;
    amr: { method: string; timestamp: number }[];
    session_id: string;
  };
}

interface Enrolled {
  client: SupabaseClient;
  userId: string;
  email: string;
  password: string;
  factorId: string;
  secret: string;
}

/** A user who has turned two-factor on: the returned client holds the aal2 session. */
async function enrolledUser(): Promise<Enrolled> {
  const { client, userId, email, password } = await server.signedInClient();
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', issuer: 'Postbloom' });
  if (error || !data) throw new Error(`enroll failed: ${error?.message}`);
  const secret = data.totp.secret;
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: data.id,
    code: codeFor(secret),
  });
  if (verified.error) throw new Error(`verify failed: ${verified.error.message}`);
  return { client, userId, email, password, factorId: data.id, secret };
}

async function signIn(email: string, password: string): Promise<SupabaseClient> {
  const client = server.anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  return client;
}

describe('enroll', () => {
  it('answers with the id, a QR code as an SVG data URI, the secret and the otpauth URI', async () => {
    const { client, userId, email } = await server.signedInClient();
    const { data, error } = await client.auth.mfa.enroll({
      factorType: 'totp',
      issuer: 'Postbloom',
      friendlyName: 'Phone',
    });
    expect(error).toBeNull();
    expect(data!.id).toMatch(UUID);
    expect(data!.type).toBe('totp');
    expect(data!.friendly_name).toBe('Phone');
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data!.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(data!.totp.qr_code.endsWith('</svg>')).toBe(true);
    // Unescaped in a data URI, a '#' would cut the image short.
    expect(data!.totp.qr_code).not.toContain('#');
    const uri = new URL(data!.totp.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Postbloom:${email}`);
    expect(uri.searchParams.get('secret')).toBe(data!.totp.secret);
    expect(uri.searchParams.get('issuer')).toBe('Postbloom');

    // Stored as GoTrue stores it, unverified; never shown again.
    const rows = await dbRows<{ status: string; factor_type: string; secret: string }>(
      server,
      `select status::text as status, factor_type::text as factor_type, secret from auth.mfa_factors where user_id = $1`,
      [userId],
    );
    expect(rows).toEqual([
      { status: 'unverified', factor_type: 'totp', secret: data!.totp.secret },
    ]);
    const res = await fetch(`${server.url}/auth/v1/user`, {
      headers: {
        apikey: server.keys.anonKey,
        Authorization: `Bearer ${await accessToken(client)}`,
      },
    });
    const text = await res.text();
    expect(text).not.toContain(data!.totp.secret);
    expect(JSON.parse(text).factors).toEqual([
      expect.objectContaining({
        id: data!.id,
        friendly_name: 'Phone',
        factor_type: 'totp',
        status: 'unverified',
      }),
    ]);
  });

  it('lists the factor as unverified, then verified after a good code', async () => {
    const { client } = await server.signedInClient();
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    let list = await client.auth.mfa.listFactors();
    expect(list.data!.all.map((f) => f.status)).toEqual(['unverified']);
    expect(list.data!.totp).toEqual([]);

    const challenge = await client.auth.mfa.challenge({ factorId: enrolled.data!.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ type: 'totp' });
    expect(challenge.data!.id).toMatch(UUID);
    const now = Math.floor(Date.now() / 1000);
    expect(challenge.data!.expires_at).toBeGreaterThanOrEqual(now + 295);
    expect(challenge.data!.expires_at).toBeLessThanOrEqual(now + 305);

    const verify = await client.auth.mfa.verify({
      factorId: enrolled.data!.id,
      challengeId: challenge.data!.id,
      code: codeFor(enrolled.data!.totp.secret),
    });
    expect(verify.error).toBeNull();
    expect(verify.data).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(verify.data!.refresh_token).toEqual(expect.any(String));
    expect(verify.data!.user.factors).toEqual([
      expect.objectContaining({ id: enrolled.data!.id, status: 'verified', factor_type: 'totp' }),
    ]);
    list = await client.auth.mfa.listFactors();
    expect(list.data!.all.map((f) => f.status)).toEqual(['verified']);
    expect(list.data!.totp.map((f) => f.id)).toEqual([enrolled.data!.id]);
  });

  it('refuses a second factor with the same name, and a new factor from an aal1 session once one is verified', async () => {
    const { client, email, password } = await enrolledUser();
    const sameName = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(sameName.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
    expect(sameName.error!.message).toBe(
      'A factor with the friendly name "" for this user already exists',
    );

    const aal1 = await signIn(email, password);
    const second = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' });
    expect(second.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    expect(second.error!.message).toBe('AAL2 required to enroll a new factor');
  });

  it('caps the factors a user may hold', async () => {
    const { client } = await server.signedInClient();
    for (let i = 0; i < 10; i++) {
      const { error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: `f${i}` });
      expect(error).toBeNull();
    }
    const eleventh = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'f10' });
    expect(eleventh.error).toMatchObject({ status: 422, code: 'too_many_enrolled_mfa_factors' });
    expect(eleventh.error!.message).toBe(
      'Maximum number of verified factors reached, unenroll to continue',
    );
  });

  it('refuses factor types it does not offer', async () => {
    const { client } = await server.signedInClient();
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' });
    const res = await fetch(`${server.url}/auth/v1/factors`, {
      method: 'POST',
      headers: {
        apikey: server.keys.anonKey,
        Authorization: `Bearer ${await accessToken(client)}`,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: JSON.stringify({ factor_type: 'sms' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'validation_failed',
      message: 'factor_type needs to be totp, phone, or webauthn',
    });
  });

  it('removes leftover unverified factors once one is verified', async () => {
    const { client, userId } = await server.signedInClient();
    await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'abandoned' });
    const kept = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'kept' });
    const { error } = await client.auth.mfa.challengeAndVerify({
      factorId: kept.data!.id,
      code: codeFor(kept.data!.totp.secret),
    });
    expect(error).toBeNull();
    const rows = await dbRows<{ id: string }>(
      server,
      'select id::text as id from auth.mfa_factors where user_id = $1',
      [userId],
    );
    expect(rows).toEqual([{ id: kept.data!.id }]);
  });
});

describe('verify', () => {
  it("refuses a wrong code with GoTrue's error, and the session stays aal1", async () => {
    const { client } = await server.signedInClient();
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data, error } = await client.auth.mfa.challengeAndVerify({
      factorId: enrolled.data!.id,
      code: wrongCode(enrolled.data!.totp.secret),
    });
    expect(data).toBeNull();
    expect(error).toMatchObject({
      status: 422,
      code: 'mfa_verification_failed',
      message: 'Invalid TOTP code entered',
    });
    expect((await claims(client)).aal).toBe('aal1');
  });

  it('refuses an empty code and an unknown challenge', async () => {
    const { client } = await server.signedInClient();
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    const empty = await client.auth.mfa.challengeAndVerify({
      factorId: enrolled.data!.id,
      code: '',
    });
    expect(empty.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(empty.error!.message).toBe('Code needs to be non-empty');
    const unknown = await client.auth.mfa.verify({
      factorId: enrolled.data!.id,
      challengeId: '00000000-0000-4000-8000-000000000000',
      code: codeFor(enrolled.data!.totp.secret),
    });
    expect(unknown.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });
    expect(unknown.error!.message).toBe('MFA factor with the provided challenge ID not found');
  });

  it('refuses an expired challenge and deletes it', async () => {
    const { client } = await server.signedInClient();
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    const challenge = await client.auth.mfa.challenge({ factorId: enrolled.data!.id });
    // Five minutes and a second later.
    await server.db.query(
      `update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`,
      [challenge.data!.id],
    );
    const { error } = await client.auth.mfa.verify({
      factorId: enrolled.data!.id,
      challengeId: challenge.data!.id,
      code: codeFor(enrolled.data!.totp.secret),
    });
    expect(error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
    expect(error!.message).toBe(
      `MFA challenge ${challenge.data!.id} has expired, verify against another challenge or create a new challenge.`,
    );
    expect(
      await dbRows(server, 'select 1 from auth.mfa_challenges where id = $1', [challenge.data!.id]),
    ).toEqual([]);
  });

  it('takes a challenge once', async () => {
    const { client } = await server.signedInClient();
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    const challenge = await client.auth.mfa.challenge({ factorId: enrolled.data!.id });
    const params = {
      factorId: enrolled.data!.id,
      challengeId: challenge.data!.id,
      code: codeFor(enrolled.data!.totp.secret),
    };
    expect((await client.auth.mfa.verify(params)).error).toBeNull();
    const again = await client.auth.mfa.verify(params);
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });
  });

  it('holds a factor back after five wrong codes', async () => {
    const { client } = await server.signedInClient();
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    const secret = enrolled.data!.totp.secret;
    for (let i = 0; i < 5; i++) {
      const { error } = await client.auth.mfa.challengeAndVerify({
        factorId: enrolled.data!.id,
        code: wrongCode(secret),
      });
      expect(error).toMatchObject({ code: 'mfa_verification_failed' });
    }
    const { error } = await client.auth.mfa.challengeAndVerify({
      factorId: enrolled.data!.id,
      code: codeFor(secret),
    });
    expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });
});

describe('assurance levels', () => {
  it('raises the session to aal2 with totp first in amr, and a refresh keeps it', async () => {
    const { client } = await server.signedInClient();
    const before = await claims(client);
    expect(before.aal).toBe('aal1');
    expect(before.amr.map((a) => a.method)).toEqual(['password']);
    let level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    await client.auth.mfa.challengeAndVerify({
      factorId: enrolled.data!.id,
      code: codeFor(enrolled.data!.totp.secret),
    });
    const after = await claims(client);
    expect(after.aal).toBe('aal2');
    expect(after.session_id).toBe(before.session_id);
    expect(after.amr.map((a) => a.method)).toEqual(['totp', 'password']);
    level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const afterRefresh = await claims(client);
    expect(afterRefresh.aal).toBe('aal2');
    expect(afterRefresh.amr.map((a) => a.method)).toEqual(['totp', 'password']);
  });

  it('signs a user with a verified factor in at aal1 with aal2 next, until the code', async () => {
    const { email, password, factorId, secret } = await enrolledUser();
    const client = await signIn(email, password);
    expect((await claims(client)).aal).toBe('aal1');
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) });
    expect(error).toBeNull();
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    });
  });

  it("ends the user's other aal1 sessions when a code is verified", async () => {
    const { email, password, factorId, secret } = await enrolledUser();
    const waiting = await accessToken(await signIn(email, password));
    const device = await signIn(email, password);
    await device.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) });
    const res = await fetch(`${server.url}/auth/v1/user`, {
      headers: { apikey: server.keys.anonKey, Authorization: `Bearer ${waiting}` },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-sb-error-code')).toBe('session_not_found');
    expect((await device.auth.getUser()).error).toBeNull();
  });
});

describe('unenroll', () => {
  it('needs aal2 for a verified factor, and then lowers the session to aal1', async () => {
    const { client, email, password, factorId } = await enrolledUser();
    const aal1 = await signIn(email, password);
    const refused = await aal1.auth.mfa.unenroll({ factorId });
    expect(refused.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    expect(refused.error!.message).toBe('AAL2 required to unenroll verified factor');

    const done = await client.auth.mfa.unenroll({ factorId });
    expect(done.error).toBeNull();
    expect(done.data).toEqual({ id: factorId });
    expect((await client.auth.mfa.listFactors()).data!.all).toEqual([]);
    await client.auth.refreshSession();
    const after = await claims(client);
    expect(after.aal).toBe('aal1');
    expect(after.amr.map((a) => a.method)).toEqual(['password']);
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    });
  });

  it('lets an aal1 session remove an unverified factor', async () => {
    const { client } = await server.signedInClient();
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { error } = await client.auth.mfa.unenroll({ factorId: enrolled.data!.id });
    expect(error).toBeNull();
    expect((await client.auth.mfa.listFactors()).data!.all).toEqual([]);
  });
});

describe("another user's factor", () => {
  it('is not found for challenge, verify and unenroll', async () => {
    const owner = await enrolledUser();
    const { client } = await server.signedInClient();
    const challenge = await client.auth.mfa.challenge({ factorId: owner.factorId });
    expect(challenge.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    expect(challenge.error!.message).toBe('Factor not found');
    const verify = await client.auth.mfa.verify({
      factorId: owner.factorId,
      challengeId: '00000000-0000-4000-8000-000000000000',
      code: codeFor(owner.secret),
    });
    expect(verify.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    const unenroll = await client.auth.mfa.unenroll({ factorId: owner.factorId });
    expect(unenroll.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    expect(
      await dbRows(server, 'select 1 from auth.mfa_factors where id = $1', [owner.factorId]),
    ).toHaveLength(1);
  });

  it('a malformed factor id is a 404 too', async () => {
    const { client } = await server.signedInClient();
    const { error } = await client.auth.mfa.challenge({ factorId: 'not-a-uuid' });
    expect(error).toMatchObject({ status: 404, code: 'validation_failed' });
  });
});

describe('routes', () => {
  it('answers 405 with Allow for the wrong method', async () => {
    const res = await fetch(
      `${server.url}/auth/v1/factors/00000000-0000-4000-8000-000000000000/verify`,
      { headers: { apikey: server.keys.anonKey } },
    );
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    const list = await fetch(`${server.url}/auth/v1/factors`, {
      headers: { apikey: server.keys.anonKey },
    });
    expect(list.status).toBe(405);
    expect(list.headers.get('allow')).toBe('POST');
  });

  it('needs a signed-in caller', async () => {
    const res = await fetch(`${server.url}/auth/v1/factors`, {
      method: 'POST',
      headers: { apikey: server.keys.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ factor_type: 'totp' }),
    });
    expect(res.status).toBe(401);
  });
});

describe('row-level security', () => {
  it("keeps an MFA user's rows from an aal1 token and gives them to the aal2 one", async () => {
    const { client: aal2, userId, email, password } = await enrolledUser();
    const seeded = await server
      .serviceClient()
      .from('post_drafts')
      .insert({ user_id: userId, content: 'secret plans' });
    expect(seeded.error).toBeNull();

    const aal1 = await signIn(email, password);
    const read = await aal1.from('post_drafts').select('content');
    expect(read.error).toBeNull();
    expect(read.data).toEqual([]);
    const write = await aal1.from('post_drafts').insert({ user_id: userId, content: 'from aal1' });
    expect(write.status).toBe(403);
    expect(write.error).toMatchObject({ code: '42501' });
    const update = await aal1
      .from('post_drafts')
      .update({ content: 'changed at aal1' })
      .eq('user_id', userId);
    expect(update.error).toBeNull();

    const token = await accessToken(aal1);
    const sync = await clientWith(server, token).rpc('sync_pull', {
      since: {},
      entities: ['post_drafts'],
      max_rows: 100,
    });
    const pulled = (sync.data as { changes?: Record<string, unknown[]> } | null)?.changes;
    expect(pulled?.post_drafts ?? []).toEqual([]);

    const own = await aal2.from('post_drafts').select('content');
    expect(own.data).toEqual([{ content: 'secret plans' }]);
    const ownWrite = await aal2.from('post_drafts').insert({ user_id: userId, content: 'at aal2' });
    expect(ownWrite.error).toBeNull();
  });

  it('leaves users without a verified factor at aal1 as they were', async () => {
    const { client, userId } = await server.signedInClient();
    await client.auth.mfa.enroll({ factorType: 'totp' });
    const write = await client.from('post_drafts').insert({ user_id: userId, content: 'mine' });
    expect(write.error).toBeNull();
    const read = await client.from('post_drafts').select('content');
    expect(read.data).toEqual([{ content: 'mine' }]);
  });
});
