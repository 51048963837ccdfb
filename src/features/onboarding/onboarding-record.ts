import type { OnboardingRecord } from '../../lib/db';
import {
  CONTENT_TYPES,
  INDUSTRIES,
  MAIN_AUDIENCES,
  POSTING_FREQUENCIES,
  PRIMARY_GOALS,
  type Option,
} from './onboarding-options';
import {
  DEFAULT_LOCATION,
  DEFAULT_TARGET_AUDIENCE,
  emptyForm,
  normaliseForm,
  toOnboardingRow,
  type OnboardingForm,
  type OnboardingRow,
} from './onboarding-form';

/** The completed wizard as the local row that the outbox sends (mapping of spec §3). */
export function recordFromForm(
  form: OnboardingForm,
  meta: { id: string; userId: string; completedAt: string; version: number | null },
): OnboardingRecord {
  const row = toOnboardingRow(form, meta.completedAt);
  return {
    id: meta.id,
    userId: meta.userId,
    businessName: row.business_name,
    businessType: row.business_type,
    location: row.location,
    primaryGoal: row.primary_goal,
    targetAudience: row.target_audience,
    postingFrequency: row.posting_frequency,
    contentPreferences: row.content_preferences,
    answers: { ...form },
    completedAt: meta.completedAt,
    updatedAt: null,
    version: meta.version,
  };
}

/**
 * The answers of a stored row as the wizard's form. A row written by an older app or over REST may
 * keep some answers only in its columns (its `answers` empty): those fill the fields left empty, so
 * saving the form again does not blank them.
 */
export function formFromRecord(r: OnboardingRecord): OnboardingForm {
  const form = normaliseForm(r.answers);
  const unlessDefault = (value: string, fallback: string) => (value === fallback ? '' : value);
  if (!form.businessName.trim()) form.businessName = r.businessName;
  if (!form.industry) form.industry = r.businessType;
  if (!form.primaryGoal) form.primaryGoal = r.primaryGoal;
  if (!form.audienceLocation) form.audienceLocation = unlessDefault(r.location, DEFAULT_LOCATION);
  if (!form.mainAudience)
    form.mainAudience = unlessDefault(r.targetAudience, DEFAULT_TARGET_AUDIENCE);
  if (!form.postingFrequency) form.postingFrequency = r.postingFrequency;
  if (form.contentTypes.length === 0) form.contentTypes = [...r.contentPreferences];
  return form;
}

/** What the Business Profile summary shows: the saved row as the server (or this device) has it. */
export interface ProfileSummaryRow extends Omit<OnboardingRow, 'completed_at' | 'answers'> {
  completed_at: string | null;
  answers: unknown;
  version: number | null;
}

export function summaryFromRecord(r: OnboardingRecord): ProfileSummaryRow {
  return {
    business_name: r.businessName,
    business_type: r.businessType,
    location: r.location,
    primary_goal: r.primaryGoal,
    target_audience: r.targetAudience,
    posting_frequency: r.postingFrequency,
    content_preferences: r.contentPreferences,
    completed_at: r.completedAt,
    answers: r.answers,
    version: r.version,
  };
}

/** The local row and what waits for it in the outbox. */
export interface LocalOnboardingView {
  row: OnboardingRecord | null;
  /** A write of the row is waiting (pending or being pushed). */
  waiting: boolean;
  /** The last write was refused by the server. */
  refused: boolean;
}

/**
 * Which row the summary shows: this device's row while its write has not been settled (waiting or
 * refused) or when the server gave nothing; otherwise the newer of the two versions.
 */
export function pickSummary(
  server: ProfileSummaryRow | null,
  local: LocalOnboardingView | null,
): ProfileSummaryRow | null {
  const row = local?.row ?? null;
  if (!row) return server;
  if (local!.waiting || local!.refused || !server) return summaryFromRecord(row);
  return (row.version ?? -1) >= (server.version ?? 0) ? summaryFromRecord(row) : server;
}

const known = (options: Option[], v: unknown): string =>
  typeof v === 'string' && options.some((o) => o.id === v) ? v : '';

/**
 * The mapping table of §3 in reverse, for a row saved without `answers` (an older version, another
 * client, the REST API). Defaults the final save filled in go back to blank, and a value the
 * wizard does not offer (a business type label) is left for the user to choose again.
 */
export function formFromColumns(row: Partial<ProfileSummaryRow>): OnboardingForm {
  const text = (v: unknown, fallback: string) =>
    typeof v === 'string' && v.trim() !== fallback ? v.trim() : '';
  const form = emptyForm();
  form.businessName = typeof row.business_name === 'string' ? row.business_name : '';
  form.industry = known(INDUSTRIES, row.business_type);
  form.primaryGoal = known(PRIMARY_GOALS, row.primary_goal);
  form.audienceLocation = text(row.location, DEFAULT_LOCATION);
  form.mainAudience = known(MAIN_AUDIENCES, row.target_audience);
  form.postingFrequency = known(POSTING_FREQUENCIES, row.posting_frequency);
  form.contentTypes = Array.isArray(row.content_preferences)
    ? row.content_preferences.filter((c) => known(CONTENT_TYPES, c) !== '')
    : [];
  return form;
}

/**
 * The answers to pre-fill the wizard with: the row's whole form when it has one, else the form its
 * columns make, else `fallback`.
 */
export function answersForWizard(
  row: Partial<ProfileSummaryRow> | null,
  fallback: OnboardingForm | null,
): OnboardingForm | null {
  if (!row) return fallback;
  const form = normaliseForm(row.answers);
  if (form.businessName.trim() !== '') return form;
  const columns = formFromColumns(row);
  return columns.businessName.trim() !== '' ? columns : fallback;
}
