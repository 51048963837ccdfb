import { getSupabase } from '../../lib/supabase';
import { functionErrorText } from './function-error';
import type { SocialPlatform } from './social-texts';

export type ValidationStatus = 'pending' | 'valid' | 'invalid';

/** A platform's app credentials as the UI shows them: never the secret, only whether one is saved. */
export interface SocialCredential {
  id: string;
  platform: SocialPlatform;
  /** Facebook's App ID or LinkedIn's Client ID. */
  appId: string;
  /** A secret is saved for this id (the server alone holds it). */
  configured: boolean;
  isActive: boolean;
  validationStatus: ValidationStatus;
  validationError: string | null;
  lastValidatedAt: string | null;
  createdAt: string;
}

export const CREDENTIAL_COLUMNS =
  'id, platform, platform_credentials, is_active, validation_status, validation_error, last_validated_at, created_at';

const STATUSES: readonly ValidationStatus[] = ['pending', 'valid', 'invalid'];

/**
 * Picks the shown fields out of a row: the id key by name, and nothing else from
 * platform_credentials, so a secret in a row written before the server took secrets out of it
 * cannot reach the state.
 */
export function credentialFromRow(row: Record<string, unknown>): SocialCredential | null {
  const platform = row.platform;
  if (platform !== 'facebook' && platform !== 'linkedin') return null;
  const pc = (row.platform_credentials ?? {}) as Record<string, unknown>;
  const idValue = platform === 'facebook' ? pc.app_id : pc.client_id;
  const appId = typeof idValue === 'string' ? idValue : '';
  const secretKey = platform === 'facebook' ? 'app_secret' : 'client_secret';
  const configured =
    typeof pc.configured === 'boolean'
      ? pc.configured
      : Boolean(appId) && typeof pc[secretKey] === 'string' && pc[secretKey] !== '';
  const status = row.validation_status as ValidationStatus;
  return {
    id: String(row.id),
    platform,
    appId,
    configured,
    isActive: row.is_active !== false,
    validationStatus: STATUSES.includes(status) ? status : 'pending',
    validationError: typeof row.validation_error === 'string' ? row.validation_error : null,
    lastValidatedAt: typeof row.last_validated_at === 'string' ? row.last_validated_at : null,
    createdAt: typeof row.created_at === 'string' ? row.created_at : '',
  };
}

/** The spec's read: all active credentials of the user, newest first. */
export async function fetchCredentials(userId: string): Promise<SocialCredential[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('user_social_credentials')
    .select(CREDENTIAL_COLUMNS)
    .eq('user_id', userId)
    .eq('is_active', true)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return (data ?? [])
    .map((row) => credentialFromRow(row as Record<string, unknown>))
    .filter((c): c is SocialCredential => c !== null);
}

export class CredentialsRequestError extends Error {
  constructor(readonly serverText: string | null) {
    super(serverText ?? 'The credentials request failed');
  }
}

/**
 * Sends the pair to the server, which seals the secret and validates the pair where the platform
 * allows it; the answer is the row without the secret.
 */
export async function postCredentials(
  platform: SocialPlatform,
  appId: string,
  secret: string,
): Promise<SocialCredential> {
  const supabase = await getSupabase();
  const body =
    platform === 'facebook'
      ? { platform, app_id: appId, app_secret: secret }
      : { platform, client_id: appId, client_secret: secret };
  const { data, error } = await supabase.functions.invoke<{ credential?: unknown }>(
    'social-credentials',
    { body },
  );
  if (error) throw new CredentialsRequestError(await functionErrorText(error));
  const credential =
    data?.credential && typeof data.credential === 'object'
      ? credentialFromRow(data.credential as Record<string, unknown>)
      : null;
  if (!credential) throw new CredentialsRequestError(null);
  return credential;
}

/** The spec's soft delete: the row stays, inactive (the server forgets the secret with it). */
export async function deactivateCredentials(
  userId: string,
  platform: SocialPlatform,
): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('user_social_credentials')
    .update({ is_active: false })
    .eq('user_id', userId)
    .eq('platform', platform);
  if (error) throw error;
}
