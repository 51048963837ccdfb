import type { SupabaseClient } from '@supabase/supabase-js';
import type { EnvReader } from './env.ts';
import type { SocialPlatform } from './credentials.ts';
import { storeAccountTokens } from './tokens.ts';

/** A platform account a connect found, with the tokens to keep for it (sealed on the way in). */
export interface ConnectedAccountInput {
  platformAccountId: string;
  accountName: string;
  permissions: Record<string, unknown>;
  accessToken: string;
  refreshToken?: string | null;
  expiresAt?: string | null;
  refreshExpiresAt?: string | null;
  scopes: string[];
}

/** What a connect answers about an account: never a token. */
export interface ConnectedAccount {
  id: string;
  account_name: string;
}

/**
 * Upserts one social_media_accounts row per account on (user_id, platform, platform_account_id),
 * so a reconnect updates the rows (active and connected again, new name and permissions) instead
 * of adding more, then stores each account's tokens sealed. Answers in the order given.
 */
export async function saveConnectedAccounts(
  admin: SupabaseClient,
  env: EnvReader,
  userId: string,
  platform: SocialPlatform,
  accounts: ConnectedAccountInput[],
): Promise<ConnectedAccount[]> {
  if (accounts.length === 0) return [];
  const { data, error } = await admin
    .from('social_media_accounts')
    .upsert(
      accounts.map((a) => ({
        user_id: userId,
        platform,
        platform_account_id: a.platformAccountId,
        account_name: a.accountName,
        is_active: true,
        permissions: a.permissions,
        // A reconnect is what a dead token asks for: the account publishes again.
        connection_status: 'connected',
        connection_error: null,
      })),
      { onConflict: 'user_id,platform,platform_account_id' },
    )
    .select('id, account_name, platform_account_id');
  if (error) throw new Error(`Cannot save the connected accounts: ${error.message}`);
  const byPlatformId = new Map(
    ((data ?? []) as { id: string; account_name: string; platform_account_id: string }[]).map(
      (row) => [row.platform_account_id, row],
    ),
  );
  const saved: ConnectedAccount[] = [];
  for (const a of accounts) {
    const row = byPlatformId.get(a.platformAccountId);
    if (!row) throw new Error('Cannot save the connected accounts: a row is missing');
    await storeAccountTokens(admin, env, {
      accountId: row.id,
      userId,
      accessToken: a.accessToken,
      refreshToken: a.refreshToken ?? null,
      expiresAt: a.expiresAt ?? null,
      refreshExpiresAt: a.refreshExpiresAt ?? null,
      scopes: a.scopes,
    });
    saved.push({ id: row.id, account_name: row.account_name });
  }
  return saved;
}

/**
 * Sets user_profiles.social_credentials_wizard_completed (spec §3, §4) once credentials are saved
 * and an account connected. A plain update moves the row's version and sync txid (its triggers),
 * so the app's next sync pull brings the flag to every device. A user without a profile row yet
 * gets one holding their email and the flag; without an email there is nothing valid to insert.
 */
export async function markWizardCompleted(
  admin: SupabaseClient,
  user: { id: string; email: string | null },
): Promise<void> {
  const { data, error } = await admin
    .from('user_profiles')
    .select('id, social_credentials_wizard_completed')
    .eq('id', user.id)
    .limit(1);
  if (error) throw new Error(`Cannot read the profile: ${error.message}`);
  const row = (data ?? [])[0] as { social_credentials_wizard_completed: boolean } | undefined;
  if (row?.social_credentials_wizard_completed) return;
  if (!row) {
    if (!user.email) return;
    const inserted = await admin
      .from('user_profiles')
      .upsert(
        { id: user.id, email: user.email, social_credentials_wizard_completed: true },
        { onConflict: 'id', ignoreDuplicates: true },
      )
      .select('id');
    if (inserted.error) throw new Error(`Cannot save the profile: ${inserted.error.message}`);
    // Another write made the row first: fall through and update it.
    if ((inserted.data ?? []).length > 0) return;
  }
  const updated = await admin
    .from('user_profiles')
    .update({ social_credentials_wizard_completed: true })
    .eq('id', user.id)
    .eq('social_credentials_wizard_completed', false);
  if (updated.error) throw new Error(`Cannot save the profile: ${updated.error.message}`);
}
