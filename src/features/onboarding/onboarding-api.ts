import { getSupabase } from '../../lib/supabase';
import type { ProfileSummaryRow } from './onboarding-record';

const FLAG_PREFIX = 'onboarding_completed';

/** The cached result of the check, per user: "true" when complete, absent when not. */
export function cachedCompletion(userId: string): boolean {
  try {
    return localStorage.getItem(`${FLAG_PREFIX}:${userId}`) === 'true';
  } catch {
    return false;
  }
}

export function cacheCompletion(userId: string, complete: boolean): void {
  try {
    // Written only when it changes: every signed-in page confirms it as it opens, and a write to
    // local storage costs more than a read.
    if (cachedCompletion(userId) === complete) return;
    if (complete) localStorage.setItem(`${FLAG_PREFIX}:${userId}`, 'true');
    else localStorage.removeItem(`${FLAG_PREFIX}:${userId}`);
  } catch {
    // Storage unavailable (private mode): the server check still decides.
  }
}

/** Onboarding counts as complete once a row exists for the user. Throws when the check fails. */
export async function fetchOnboardingComplete(userId: string): Promise<boolean> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('onboarding_data')
    .select('id')
    .eq('user_id', userId)
    .limit(1);
  if (error) throw new Error(error.message);
  return (data ?? []).length > 0;
}

/** The user's row on the server (select one by user_id), or null when there is none. */
export async function fetchOnboardingRow(userId: string): Promise<ProfileSummaryRow | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('onboarding_data')
    .select(
      'business_name, business_type, location, primary_goal, target_audience, posting_frequency, content_preferences, completed_at, answers, version',
    )
    .eq('user_id', userId)
    .limit(1);
  if (error) throw new Error(error.message);
  return ((data ?? [])[0] as ProfileSummaryRow | undefined) ?? null;
}
