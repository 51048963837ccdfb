import { getSupabase } from '../../lib/supabase';
import type { SocialPlatform } from './social-texts';

/** A connected Facebook page or LinkedIn member, as the settings list it. */
export interface SocialAccount {
  id: string;
  platform: SocialPlatform;
  accountName: string;
  /** A Facebook page's category (kept in permissions). */
  category: string | null;
  /** reconnect_needed: the platform refused its token; its posts wait until it is reconnected. */
  connectionStatus: 'connected' | 'reconnect_needed';
  /** Why it needs reconnecting, as the platform said. */
  connectionError: string | null;
}

function accountFromRow(row: Record<string, unknown>): SocialAccount | null {
  if (row.platform !== 'facebook' && row.platform !== 'linkedin') return null;
  const permissions = (row.permissions ?? {}) as Record<string, unknown>;
  return {
    id: String(row.id),
    platform: row.platform,
    accountName: typeof row.account_name === 'string' ? row.account_name : '',
    category: typeof permissions.category === 'string' ? permissions.category : null,
    connectionStatus:
      row.connection_status === 'reconnect_needed' ? 'reconnect_needed' : 'connected',
    connectionError: typeof row.connection_error === 'string' ? row.connection_error : null,
  };
}

/** An account list as remembered on the device (only the fields above, no tokens). */
export function accountsFromStored(value: unknown): SocialAccount[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((item) => {
      if (typeof item !== 'object' || item === null) return null;
      const a = item as Record<string, unknown>;
      if (typeof a.id !== 'string') return null;
      return accountFromRow({
        id: a.id,
        platform: a.platform,
        account_name: a.accountName,
        permissions: { category: a.category },
        connection_status: a.connectionStatus,
        connection_error: a.connectionError,
      });
    })
    .filter((a): a is SocialAccount => a !== null);
}

/** The spec's read: the user's active accounts of a platform. */
export async function fetchAccounts(
  userId: string,
  platform: SocialPlatform,
): Promise<SocialAccount[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('social_media_accounts')
    .select(
      'id, platform, account_name, is_active, permissions, connection_status, connection_error',
    )
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
