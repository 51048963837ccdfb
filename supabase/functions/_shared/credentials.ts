import type { SupabaseClient } from '@supabase/supabase-js';
import type { EnvReader } from './env.ts';
import { credentialAad, openSecret, sealSecret, secretsKey } from './secret-box.ts';

export type SocialPlatform = 'facebook' | 'linkedin';

const NAMES: Record<SocialPlatform, { name: string; id: string; idKey: string }> = {
  facebook: { name: 'Facebook', id: 'App ID', idKey: 'app_id' },
  linkedin: { name: 'LinkedIn', id: 'Client ID', idKey: 'client_id' },
};

interface IntakeRow {
  user_id: string;
  platform: string;
  secret: string;
  received_at: string;
}

/**
 * Seals the secrets that arrived through a raw table write (waiting in social_secret_intake) into
 * social_credential_secrets: all of them, or one user's. An intake row replaced or forgotten while
 * this ran is left alone (public.seal_social_secret). Returns how many were sealed.
 */
export async function sealPendingSecrets(
  admin: SupabaseClient,
  env: EnvReader,
  userId?: string,
): Promise<number> {
  let query = admin.from('social_secret_intake').select('user_id, platform, secret, received_at');
  if (userId) query = query.eq('user_id', userId);
  const { data, error } = await query.limit(500);
  if (error) throw new Error(`Cannot read pending secrets: ${error.message}`);
  const rows = (data ?? []) as IntakeRow[];
  if (rows.length === 0) return 0;
  const key = secretsKey(env);
  let sealed = 0;
  for (const row of rows) {
    const ciphertext = await sealSecret(row.secret, key, credentialAad(row.user_id, row.platform));
    const res = await admin.rpc('seal_social_secret', {
      p_user_id: row.user_id,
      p_platform: row.platform,
      p_secret: row.secret,
      p_received_at: row.received_at,
      p_ciphertext: ciphertext,
    });
    if (res.error) throw new Error(`Cannot seal a pending secret: ${res.error.message}`);
    if (res.data === true) sealed++;
  }
  return sealed;
}

/** The user's active app credentials with the secret opened, or the spec's message for the UI. */
export async function loadAppCredentials(
  admin: SupabaseClient,
  env: EnvReader,
  userId: string,
  platform: SocialPlatform,
): Promise<
  | { id: string; appId: string; secret: string }
  | { error: string; reason: 'not-found' | 'id-missing' }
> {
  const names = NAMES[platform];
  const notFound = {
    error: `${names.name} credentials not found. Please configure them in Settings.`,
    reason: 'not-found' as const,
  };
  await sealPendingSecrets(admin, env, userId);
  const { data: row, error } = await admin
    .from('user_social_credentials')
    .select('id, platform_credentials')
    .eq('user_id', userId)
    .eq('platform', platform)
    .eq('is_active', true)
    .maybeSingle();
  if (error) throw new Error(`Cannot read ${names.name} credentials: ${error.message}`);
  if (!row) return notFound;
  const creds = (row.platform_credentials ?? {}) as Record<string, unknown>;
  const appId = typeof creds[names.idKey] === 'string' ? (creds[names.idKey] as string).trim() : '';
  if (!appId) {
    return {
      error: `${names.name} ${names.id} not configured. Please check your credentials in Settings.`,
      reason: 'id-missing',
    };
  }
  const { data: stored, error: secretError } = await admin
    .from('social_credential_secrets')
    .select('ciphertext')
    .eq('user_id', userId)
    .eq('platform', platform)
    .maybeSingle();
  if (secretError) throw new Error(`Cannot read ${names.name} credentials: ${secretError.message}`);
  if (!stored) return notFound;
  const secret = await openSecret(
    stored.ciphertext as string,
    secretsKey(env),
    credentialAad(userId, platform),
  );
  return { id: row.id as string, appId, secret };
}

/** Records the outcome of a check of the app credentials (or of a connect that used them). */
export async function markValidation(
  admin: SupabaseClient,
  credentialId: string,
  result: { valid: boolean; error?: string },
): Promise<void> {
  const { error } = await admin
    .from('user_social_credentials')
    .update({
      validation_status: result.valid ? 'valid' : 'invalid',
      validation_error: result.valid ? null : (result.error ?? null),
      last_validated_at: new Date().toISOString(),
    })
    .eq('id', credentialId);
  if (error) throw new Error('Failed to update validation status');
}
