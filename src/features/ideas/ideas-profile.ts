import type { AppDb, OnboardingRecord } from '../../lib/db';
import { getSupabase } from '../../lib/supabase';
import type { BusinessProfileForGeneration } from '../ai';

const PROFILE_TIMEOUT_MS = 5000;

function fromRecord(row: OnboardingRecord): BusinessProfileForGeneration {
  return {
    business_name: row.businessName,
    business_type: row.businessType,
    location: row.location,
    primary_goal: row.primaryGoal,
    target_audience: row.targetAudience,
    posting_frequency: row.postingFrequency,
  };
}

/**
 * The business profile the ideas are generated from: the onboarding answers on this device (the
 * newest, when a leftover row is there too), else the server's. Ideas are generated without it
 * when neither can be read, as posts are (spec §8).
 */
export async function readIdeasProfile(
  db: AppDb,
  userId: string,
): Promise<BusinessProfileForGeneration | null> {
  try {
    const rows = await db.onboardingData.where('userId').equals(userId).toArray();
    const local = rows.sort((a, b) => (b.version ?? -1) - (a.version ?? -1))[0];
    if (local) return fromRecord(local);
  } catch (error) {
    console.warn('The business profile could not be read on this device:', error);
  }
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
    console.warn('Generating ideas without the business profile:', error);
    return null;
  }
}
