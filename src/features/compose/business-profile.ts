import { getSupabase } from '../../lib/supabase';
import type { BusinessProfileForGeneration } from '../ai';

const PROFILE_TIMEOUT_MS = 5000;

/**
 * The onboarding answers that shape a generated post. Generation goes on without them, so any
 * failure (offline, no row yet, slow server) gives null and a warning only.
 */
export async function readBusinessProfile(
  userId: string,
): Promise<BusinessProfileForGeneration | null> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase
      .from('onboarding_data')
      .select('business_name,business_type,location,primary_goal,target_audience,posting_frequency')
      .eq('user_id', userId)
      .abortSignal(AbortSignal.timeout(PROFILE_TIMEOUT_MS))
      .maybeSingle();
    if (error) throw error;
    return (data as BusinessProfileForGeneration | null) ?? null;
  } catch (error) {
    console.warn('Generating without the business profile:', error);
    return null;
  }
}
