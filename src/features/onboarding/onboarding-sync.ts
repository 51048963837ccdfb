import type { OnboardingRecord } from '../../lib/db';
import type { SyncEntity } from '../../lib/sync/entities';
import { isoOrNull, strings, text } from '../../lib/sync/mapping';

/**
 * One row per user. The server applies a push to the caller's row whatever id it names, and
 * answers with the row's real id (docs/sync-protocol.md, "One row per user").
 */
export const onboardingDataEntity: SyncEntity<OnboardingRecord> = {
  name: 'onboarding_data',
  table: (db) => db.onboardingData,
  toServer: (o) => ({
    business_name: o.businessName,
    business_type: o.businessType,
    location: o.location,
    primary_goal: o.primaryGoal,
    target_audience: o.targetAudience,
    posting_frequency: o.postingFrequency,
    content_preferences: o.contentPreferences,
    answers: o.answers,
    completed_at: o.completedAt,
  }),
  fromServer: (r) => ({
    id: r.id,
    userId: String(r.user_id),
    businessName: text(r.business_name),
    businessType: text(r.business_type),
    location: text(r.location),
    primaryGoal: text(r.primary_goal),
    targetAudience: text(r.target_audience),
    postingFrequency: text(r.posting_frequency),
    contentPreferences: strings(r.content_preferences),
    answers:
      typeof r.answers === 'object' && r.answers !== null && !Array.isArray(r.answers)
        ? (r.answers as Record<string, unknown>)
        : {},
    completedAt: isoOrNull(r.completed_at),
    updatedAt: isoOrNull(r.updated_at),
    version: Number(r.version),
  }),
};
