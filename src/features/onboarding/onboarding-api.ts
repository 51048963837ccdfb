import { getSupabase } from '../../lib/supabase';
import { toOnboardingRow, type OnboardingForm, type OnboardingRow } from './onboarding-form';

export interface OnboardingUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** A save the server answered with an error (as opposed to one that never reached it). */
export class OnboardingSaveError extends Error {
  constructor(
    message: string,
    readonly offline: boolean,
  ) {
    super(message);
    this.name = 'OnboardingSaveError';
  }
}

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

export type StoredOnboarding = Omit<OnboardingRow, 'answers'> & { answers: unknown };

export async function fetchOnboardingRow(userId: string): Promise<StoredOnboarding | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('onboarding_data')
    .select(
      'business_name, business_type, location, primary_goal, target_audience, posting_frequency, content_preferences, completed_at, answers',
    )
    .eq('user_id', userId)
    .limit(1);
  if (error) throw new Error(error.message);
  return ((data ?? [])[0] as StoredOnboarding | undefined) ?? null;
}

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The final save: the user's single onboarding row and the profile, both upserts. */
export async function saveOnboarding(user: OnboardingUser, form: OnboardingForm): Promise<void> {
  const supabase = await getSupabase();
  const row = toOnboardingRow(form, new Date().toISOString());
  const saved = await supabase
    .from('onboarding_data')
    .upsert({ ...row, user_id: user.id }, { onConflict: 'user_id' });
  if (saved.error) {
    const offline = saved.status === 0 || !saved.error.code;
    console.error('Failed to save onboarding data', saved.error);
    throw new OnboardingSaveError(saved.error.message, offline);
  }
  if (user.email.trim() === '') return;
  const profile = await supabase.from('user_profiles').upsert(
    {
      id: user.id,
      email: user.email,
      first_name: blankToNull(user.firstName),
      last_name: blankToNull(user.lastName),
    },
    { onConflict: 'id' },
  );
  // The onboarding row is what completion means; a profile failure is logged only (§8).
  if (profile.error) console.error('Failed to save user profile', profile.error);
}
