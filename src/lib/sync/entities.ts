import type { Table } from 'dexie';
import type {
  AppDb,
  DraftPlatform,
  DraftPostType,
  DraftRecord,
  DraftStatus,
  OnboardingRecord,
  UserProfileRecord,
} from '../db';

/** A row as the server returns it (to_jsonb of the table row). */
export type ServerRow = Record<string, unknown> & {
  id: string;
  version: number;
  deleted_at?: string | null;
};

/** How one server table maps onto a local Dexie table. */
export interface SyncEntity<L extends { id: string; userId: string; version: number | null }> {
  name: string;
  table(db: AppDb): Table<L, string>;
  /** The columns a client may write, in the server's shape. */
  toServer(row: L): Record<string, unknown>;
  fromServer(row: ServerRow): L;
}

function isoOrNull(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? value : new Date(t).toISOString();
}

export const postDraftsEntity: SyncEntity<DraftRecord> = {
  name: 'post_drafts',
  table: (db) => db.drafts,
  toServer: (d) => ({
    content: d.content,
    platforms: d.platforms,
    post_type: d.postType,
    ai_prompt: d.prompt,
    ai_provider: d.aiProvider,
    status: d.status,
    scheduled_for: d.scheduledFor,
    // Only read when the server inserts the row: an offline draft keeps its creation time.
    created_at: d.createdAt,
  }),
  fromServer: (r) => ({
    id: r.id,
    userId: String(r.user_id),
    content: typeof r.content === 'string' ? r.content : '',
    platforms: Array.isArray(r.platforms) ? (r.platforms as DraftPlatform[]) : [],
    postType: (r.post_type as DraftPostType | undefined) ?? 'text',
    prompt: (r.ai_prompt as string | null | undefined) ?? null,
    aiProvider: (r.ai_provider as string | null | undefined) ?? null,
    status: (r.status as DraftStatus | undefined) ?? 'draft',
    scheduledFor: isoOrNull(r.scheduled_for),
    conflictOf: (r.conflict_of as string | null | undefined) ?? null,
    createdAt: isoOrNull(r.created_at) ?? new Date(0).toISOString(),
    updatedAt: isoOrNull(r.updated_at) ?? new Date(0).toISOString(),
    version: Number(r.version),
  }),
};

const text = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : fallback;
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

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

const nonBlank = (value: string | null): value is string => value !== null && value.trim() !== '';

/** The profile's id is the user id. Only non-blank fields are sent (spec §5, Profile). */
export const userProfilesEntity: SyncEntity<UserProfileRecord> = {
  name: 'user_profiles',
  table: (db) => db.userProfiles,
  toServer: (p) => {
    const out: Record<string, unknown> = {};
    const fields: [string, string | null][] = [
      ['email', p.email],
      ['first_name', p.firstName],
      ['last_name', p.lastName],
      ['company', p.company],
      ['bio', p.bio],
      ['avatar_url', p.avatarUrl],
    ];
    for (const [column, value] of fields) if (nonBlank(value)) out[column] = value.trim();
    if (p.socialCredentialsWizardCompleted !== null)
      out.social_credentials_wizard_completed = p.socialCredentialsWizardCompleted;
    return out;
  },
  fromServer: (r) => ({
    id: r.id,
    userId: String(r.user_id ?? r.id),
    email: textOrNull(r.email),
    firstName: textOrNull(r.first_name),
    lastName: textOrNull(r.last_name),
    company: textOrNull(r.company),
    bio: textOrNull(r.bio),
    avatarUrl: textOrNull(r.avatar_url),
    socialCredentialsWizardCompleted:
      typeof r.social_credentials_wizard_completed === 'boolean'
        ? r.social_credentials_wizard_completed
        : null,
    version: Number(r.version),
  }),
};

type AnyEntity = SyncEntity<{ id: string; userId: string; version: number | null }>;

const registry = new Map<string, AnyEntity>([
  [postDraftsEntity.name, postDraftsEntity as unknown as AnyEntity],
  [onboardingDataEntity.name, onboardingDataEntity as unknown as AnyEntity],
  [userProfilesEntity.name, userProfilesEntity as unknown as AnyEntity],
]);

export function syncEntity(name: string): AnyEntity {
  const entity = registry.get(name);
  if (!entity) throw new Error(`Unknown sync entity: ${name}`);
  return entity;
}

export function syncEntityNames(): string[] {
  return [...registry.keys()];
}

export function entityTables(db: AppDb): Table[] {
  return [...registry.values()].map((e) => e.table(db) as unknown as Table);
}
