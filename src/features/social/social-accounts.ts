import { getSupabase } from '../../lib/supabase';
import type { SocialPlatform } from './social-texts';

/** A connected Facebook page or LinkedIn member, as the settings list it. */
export interface SocialAccount {
  id: string;
  platform: SocialPlatform;
  accountName: string;
  /** A Facebook page's category (kept in permissions). */
  category: string | null;
}

function accountFromRow(row: Record<string, unknown>): SocialAccount | null {
  if (row.platform !== 'facebook' && row.platform !== 'linkedin') return null;
  const permissions = (row.permissions ?? {}) as Record<string, unknown>;
  return {
    id: String(row.id),
    platform: row.platform,
    accountName: typeof row.account_name === 'string' ? row.account_name : '',
    category: typeof permissions.category === 'string' ? permissions.category : null,
  };
}

/** The spec's read: the user's active accounts of a platform. */
export async function fetchAccounts(
  userId: string,
  platform: SocialPlatform,
): Promise<SocialAccount[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('social_media_accounts')
    .select('id, platform, account_name, is_active, permissions')
    .eq('user_id', userId)
    .eq('platform', platform)
    .eq('is_active', true);
  if (error) throw error;
  return (data ?? [])
    .map((row) => accountFromRow(row as Record<string, unknown>))
    .filter((a): a is SocialAccount => a !== null)
    .sort((a, b) => a.accountName.localeCompare(b.accountName));
}

/** The spec's disconnect: is_active false by id and user id (the server then forgets the tokens). */
export async function disconnectAccount(userId: string, accountId: string): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('social_media_accounts')
    .update({ is_active: false })
    .eq('id', accountId)
    .eq('user_id', userId)
    .select('id');
  if (error) throw error;
  // No row changed: not this user's account, or already gone.
  if (!data || data.length === 0) throw new Error('The account was not found');
}
