import type { SupabaseClient } from '@supabase/supabase-js';
import type { EnvReader } from './env.ts';
import { openSecret, sealSecret, secretsKey, tokenAad } from './secret-box.ts';

export interface AccountTokensInput {
  accountId: string;
  userId: string;
  accessToken: string;
  refreshToken?: string | null;
  expiresAt?: string | null;
  refreshExpiresAt?: string | null;
  scopes: string[];
}

export interface AccountTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: string | null;
  scopes: string[];
}

/** Seals and stores a connected account's tokens, replacing any earlier ones. */
export async function storeAccountTokens(
  admin: SupabaseClient,
  env: EnvReader,
  input: AccountTokensInput,
): Promise<void> {
  const key = secretsKey(env);
  const { error } = await admin.from('social_account_tokens').upsert(
    {
      account_id: input.accountId,
      user_id: input.userId,
      access_token: await sealSecret(input.accessToken, key, tokenAad(input.accountId, 'access')),
      refresh_token: input.refreshToken
        ? await sealSecret(input.refreshToken, key, tokenAad(input.accountId, 'refresh'))
        : null,
      expires_at: input.expiresAt ?? null,
      refresh_expires_at: input.refreshExpiresAt ?? null,
      scopes: input.scopes,
      updated_at: new Date().toISOString(),
    },
    { onConflict: 'account_id' },
  );
  if (error) throw new Error(`Cannot store the account's tokens: ${error.message}`);
}

/** A connected account's tokens, opened; null when it has none (never connected, or disconnected). */
export async function readAccountTokens(
  admin: SupabaseClient,
  env: EnvReader,
  accountId: string,
): Promise<AccountTokens | null> {
  const { data, error } = await admin
    .from('social_account_tokens')
    .select('access_token, refresh_token, expires_at, scopes')
    .eq('account_id', accountId)
    .maybeSingle();
  if (error) throw new Error(`Cannot read the account's tokens: ${error.message}`);
  if (!data) return null;
  const key = secretsKey(env);
  return {
    accessToken: await openSecret(data.access_token as string, key, tokenAad(accountId, 'access')),
    refreshToken: data.refresh_token
      ? await openSecret(data.refresh_token as string, key, tokenAad(accountId, 'refresh'))
      : null,
    expiresAt: (data.expires_at as string | null) ?? null,
    scopes: (data.scopes as string[] | null) ?? [],
  };
}
