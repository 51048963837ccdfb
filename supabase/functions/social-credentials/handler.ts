import type { SupabaseClient } from '@supabase/supabase-js';
import { loadAppCredentials, markValidation, type SocialPlatform } from '../_shared/credentials.ts';
import { readEnv, type EnvReader } from '../_shared/env.ts';
import { json, preflight } from '../_shared/http.ts';
import { credentialAad, sealSecret, secretsKey } from '../_shared/secret-box.ts';
import { socialEndpoints } from '../_shared/social-env.ts';
import { adminClient, requireUser } from '../_shared/supabase-admin.ts';

// Saves a user's Facebook app or LinkedIn app credentials (the secret goes only to the sealed
// store) and checks them where the platform allows it. docs/social-connections.md.

const FIELDS = {
  facebook: { name: 'Facebook', id: 'app_id', secret: 'app_secret' },
  linkedin: { name: 'LinkedIn', id: 'client_id', secret: 'client_secret' },
} as const;

const ROW =
  'id, platform, platform_credentials, is_active, validation_status, validation_error, last_validated_at, created_at';
const MAX_ID = 256;
const MAX_SECRET = 1024;
/** How long the platform gets to answer a credentials check. */
const CHECK_TIMEOUT_MS = 10_000;
const SAVE_FAILED = 'Failed to save credentials. Please try again.';
const NOT_FOUND = 'Credentials not found. Please configure them first.';
const UPDATE_FAILED = 'Failed to update validation status';

type Check =
  | { outcome: 'valid' }
  | { outcome: 'invalid'; message: string }
  | { outcome: 'unreachable'; message: string };

export async function handler(req: Request, env: EnvReader = readEnv): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return json({ error: 'Method not allowed' }, 405);
  const user = await requireUser(req, env);
  if (user instanceof Response) return user;

  let body: Record<string, unknown>;
  try {
    const parsed: unknown = await req.json();
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
    body = parsed as Record<string, unknown>;
  } catch {
    return json({ error: 'The request body must be a JSON object' }, 400);
  }
  const platform = body.platform;
  if (platform !== 'facebook' && platform !== 'linkedin') {
    return json({ error: 'Unknown platform: use facebook or linkedin' }, 400);
  }
  const admin = adminClient(env);
  try {
    if (body.action === 'validate') return await revalidate(admin, env, user.id, platform);
    if (body.action !== undefined) return json({ error: 'Unknown action' }, 400);
    return await save(admin, env, user.id, platform, body);
  } catch (e) {
    // The message names what failed, never a value: no secret reaches the log.
    console.error(`social-credentials (${platform}) failed: ${(e as Error).message}`);
    return json({ error: body.action === 'validate' ? UPDATE_FAILED : SAVE_FAILED }, 500);
  }
}

async function save(
  admin: SupabaseClient,
  env: EnvReader,
  userId: string,
  platform: SocialPlatform,
  body: Record<string, unknown>,
): Promise<Response> {
  const f = FIELDS[platform];
  const id = typeof body[f.id] === 'string' ? (body[f.id] as string).trim() : '';
  const secret = typeof body[f.secret] === 'string' ? (body[f.secret] as string).trim() : '';
  if (!id || !secret) return json({ error: `Please fill in all ${f.name} credentials` }, 400);
  if (id.length > MAX_ID || secret.length > MAX_SECRET) {
    return json({ error: `${f.name} credentials are too long` }, 400);
  }
  // Sealed here, so the plain secret is never written to any table (a client of the spec's raw
  // table upsert goes through the intake instead).
  const ciphertext = await sealSecret(secret, secretsKey(env), credentialAad(userId, platform));
  const { data: rowId, error } = await admin.rpc('save_social_credentials', {
    p_user_id: userId,
    p_platform: platform,
    p_app_id: id,
    p_ciphertext: ciphertext,
  });
  if (error || typeof rowId !== 'string') {
    throw new Error(`saving the row: ${error?.message ?? 'no row'}`);
  }
  if (platform === 'facebook') await applyCheck(admin, rowId, await checkFacebook(env, id, secret));
  return answer(admin, rowId);
}

async function revalidate(
  admin: SupabaseClient,
  env: EnvReader,
  userId: string,
  platform: SocialPlatform,
): Promise<Response> {
  const creds = await loadAppCredentials(admin, env, userId, platform);
  if ('error' in creds) {
    // The credentials service's own words (spec §8) for a check of credentials never saved.
    return json({ error: creds.reason === 'not-found' ? NOT_FOUND : creds.error }, 400);
  }
  // LinkedIn has no app-only check: the status changes when a connect succeeds or fails.
  if (platform === 'facebook') {
    await applyCheck(admin, creds.id, await checkFacebook(env, creds.appId, creds.secret));
  }
  return answer(admin, creds.id);
}

async function applyCheck(admin: SupabaseClient, credentialId: string, check: Check) {
  if (check.outcome === 'unreachable') {
    const { error } = await admin
      .from('user_social_credentials')
      .update({ validation_status: 'pending', validation_error: check.message })
      .eq('id', credentialId);
    if (error) throw new Error('Failed to update validation status');
    return;
  }
  await markValidation(
    admin,
    credentialId,
    check.outcome === 'valid' ? { valid: true } : { valid: false, error: check.message },
  );
}

async function answer(admin: SupabaseClient, credentialId: string): Promise<Response> {
  const { data, error } = await admin
    .from('user_social_credentials')
    .select(ROW)
    .eq('id', credentialId)
    .single();
  if (error || !data) throw new Error(`reading the row back: ${error?.message ?? 'no row'}`);
  return json({ credential: data });
}

/** Asks Graph for an app access token: it answers one only for a matching App ID and secret. */
async function checkFacebook(env: EnvReader, appId: string, secret: string): Promise<Check> {
  const { facebookGraphUrl, facebookGraphVersion } = socialEndpoints(env);
  const url = new URL(`${facebookGraphUrl}/${facebookGraphVersion}/oauth/access_token`);
  url.searchParams.set('client_id', appId);
  url.searchParams.set('client_secret', secret);
  url.searchParams.set('grant_type', 'client_credentials');
  const unreachable: Check = {
    outcome: 'unreachable',
    message:
      'Could not reach Facebook to check these credentials. They are saved; try again later.',
  };
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  } catch {
    return unreachable;
  }
  if (res.status >= 500) {
    await res.body?.cancel();
    return unreachable;
  }
  let payload: unknown = null;
  try {
    payload = await res.json();
  } catch {
    payload = null;
  }
  const p = (payload ?? {}) as { access_token?: unknown; error?: { message?: unknown } };
  if (res.ok && typeof p.access_token === 'string' && p.access_token) return { outcome: 'valid' };
  if (res.status >= 400) {
    const said = typeof p.error?.message === 'string' ? p.error.message : '';
    // A platform message never echoes the secret back, but make sure of it.
    const message =
      said.split(secret).join('…').slice(0, 500) || 'Facebook refused these credentials';
    return { outcome: 'invalid', message };
  }
  return unreachable;
}
