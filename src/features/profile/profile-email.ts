import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from '../../lib/supabase';

export type EmailChangeOutcome =
  | { kind: 'sent' }
  /** No connection: the change is not queued, since the account's links must be mailed now. */
  | { kind: 'offline' }
  | { kind: 'failed'; message: string };

function isNetworkError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'AuthRetryableFetchError' || error instanceof TypeError;
}

/**
 * Asks the account to move to a new address. The server mails confirmation links (to the new
 * address and the current one); the email changes once they are followed, and a database trigger
 * then brings user_profiles.email along. The links lead back to `redirectTo`.
 */
export async function requestEmailChange(
  email: string,
  redirectTo: string,
  client?: SupabaseClient,
): Promise<EmailChangeOutcome> {
  try {
    const supabase = client ?? (await getSupabase());
    const { error } = await supabase.auth.updateUser(
      { email: email.trim() },
      { emailRedirectTo: redirectTo },
    );
    if (!error) return { kind: 'sent' };
    if (isNetworkError(error)) return { kind: 'offline' };
    return { kind: 'failed', message: error.message };
  } catch (error) {
    if (isNetworkError(error) || (typeof navigator !== 'undefined' && !navigator.onLine))
      return { kind: 'offline' };
    return { kind: 'failed', message: '' };
  }
}
