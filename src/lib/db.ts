import { Dexie, type EntityTable, type Table } from 'dexie';

import { APP_DB_NAME, setAppDbName } from './db-name';

export { APP_DB_NAME };

export type DraftPlatform = 'facebook' | 'instagram' | 'linkedin' | 'twitter';
export type DraftPostType = 'text' | 'image' | 'carousel';
export type DraftStatus = 'draft' | 'scheduled' | 'published';

/** A draft as the app keeps it: in the drafts slice and, row by row, in IndexedDB. */
export interface DraftRecord {
  /** Client-generated uuid; the server keeps the same id. */
  id: string;
  userId: string;
  content: string;
  platforms: DraftPlatform[];
  postType: DraftPostType;
  prompt: string | null;
  aiProvider: string | null;
  status: DraftStatus;
  scheduledFor: string | null;
  /** Set on a copy that keeps the user's text when their edit lost a sync conflict. */
  conflictOf: string | null;
  createdAt: string;
  updatedAt: string;
  /** The server version this row's edits are based on; null while the server has never had it. */
  version: number | null;
}

/**
 * The user's onboarding answers (public.onboarding_data), one row per user. The id is the server
 * row's id; a row first created on this device takes the user id (see docs/sync-protocol.md).
 */
export interface OnboardingRecord {
  id: string;
  userId: string;
  businessName: string;
  businessType: string;
  location: string;
  primaryGoal: string;
  targetAudience: string;
  postingFrequency: string;
  contentPreferences: string[];
  /** The whole wizard form, as the wizard keeps it (onboarding_data.answers). */
  answers: Record<string, unknown>;
  completedAt: string | null;
  updatedAt: string | null;
  version: number | null;
}

/** The profile fields a user may empty on purpose (Settings → Profile); stored as null. */
export type ClearableProfileField = 'firstName' | 'lastName' | 'company' | 'bio';

/**
 * The user's profile (public.user_profiles, id = the user id). A null field is one this device
 * does not write: only non-blank values are sent, and the server's answer brings the whole row,
 * except the fields in `cleared`, which the user emptied here and which go as explicit nulls.
 */
export interface UserProfileRecord {
  id: string;
  userId: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  bio: string | null;
  avatarUrl: string | null;
  socialCredentialsWizardCompleted: boolean | null;
  version: number | null;
  /** Emptied on this device and not yet stored as null by the server (a pulled row has none). */
  cleared?: ClearableProfileField[];
}

export type ThemePreference = 'light' | 'dark' | 'system';
export type LanguageTag = 'en-US' | 'en-GB' | 'es' | 'fr' | 'de';

/** The user's notification and appearance choices (public.user_preferences, id = the user id). */
export interface UserPreferencesRecord {
  id: string;
  userId: string;
  emailNotifications: boolean;
  pushNotifications: boolean;
  marketingEmails: boolean;
  theme: ThemePreference;
  language: LanguageTag;
  /** An IANA zone; null: the device's own. */
  timeZone: string | null;
  updatedAt: string | null;
  version: number | null;
  /**
   * The preferences changed on this device and not yet confirmed by the server: only these are
   * sent, so two devices changing different preferences both keep their change. Absent: all.
   */
  changed?: PreferenceField[];
}

export type PreferenceField =
  | 'emailNotifications'
  | 'pushNotifications'
  | 'marketingEmails'
  | 'theme'
  | 'language'
  | 'timeZone';

export type ScheduledPostStatus =
  'scheduled' | 'publishing' | 'published' | 'failed' | 'needs_attention' | 'cancelled';
/** How the publish time was chosen on /create: at once, by the user, or by the app's rules. */
export type PublishMode = 'now' | 'schedule' | 'optimal';

/**
 * A post waiting to go out (public.scheduled_posts). `status` is the server's summary of its
 * targets: the device never sends it.
 */
export interface ScheduledPostRecord {
  id: string;
  userId: string;
  content: string;
  platforms: DraftPlatform[];
  /** The connected accounts (pages) chosen at scheduling; empty: the server picks. */
  accountIds: string[];
  scheduledFor: string;
  publishMode: PublishMode;
  /** Which rule picked an AI optimal time, as the user read it. */
  timeRule: string | null;
  /** The draft it was scheduled from. */
  draftId: string | null;
  status: ScheduledPostStatus;
  version: number | null;
  createdAt: string;
  updatedAt: string;
}

export type TargetStatus =
  | 'scheduled'
  | 'publishing'
  | 'published'
  | 'failed'
  | 'needs_attention'
  | 'reminder'
  | 'posted'
  | 'cancelled';

/** One platform (and account) a scheduled post goes to (public.publish_targets, server-written). */
export interface PublishTargetRecord {
  id: string;
  userId: string;
  postId: string;
  platform: DraftPlatform;
  accountId: string | null;
  accountName: string | null;
  /** auto: the server publishes it; manual: the user is reminded to post it themselves. */
  kind: 'auto' | 'manual';
  status: TargetStatus;
  dueAt: string;
  attempts: number;
  /** When a publisher last took it up; once set, the post can no longer be changed. */
  claimedAt: string | null;
  remoteId: string | null;
  permalink: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  publishedAt: string | null;
  /** Always set on a pulled row; nullable as every synced row's (the sync engine's LocalRow). */
  version: number | null;
  updatedAt: string;
}

export type NotificationKind =
  'published' | 'failed' | 'needs_attention' | 'reconnect_needed' | 'reminder';

/** A notice to the user (public.user_notifications); the device only ever sets `readAt`. */
export interface NotificationRecord {
  id: string;
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string | null;
  postId: string | null;
  targetId: string | null;
  readAt: string | null;
  createdAt: string;
  /** Always set on a pulled row; nullable as every synced row's (the sync engine's LocalRow). */
  version: number | null;
  updatedAt: string;
}

export type ContentIdeaType = 'ai-generated' | 'trending' | 'recommended';

/**
 * A content idea of the user (public.content_ideas): one the AI generated for their business, or
 * one of the spec's sample ideas that they saved (`sampleKey` names it). `saved` keeps it for
 * later; a generation's ideas share a `batchId`.
 */
export interface ContentIdeaRecord {
  id: string;
  userId: string;
  title: string;
  description: string;
  type: ContentIdeaType;
  /** How promising the idea is, 0 to 100. */
  score: number;
  saved: boolean;
  savedAt: string | null;
  /** The generation it came from; null for a saved sample idea. */
  batchId: string | null;
  /** The sample idea it is (its id in the dashboard's samples); null for a generated one. */
  sampleKey: string | null;
  createdAt: string;
  updatedAt: string;
  version: number | null;
}

export type AnalyticsAccountStatus =
  'ok' | 'partial' | 'unavailable' | 'rate_limited' | 'reconnect_needed' | 'error';

/** How the collector last fared with one connected account (public.analytics_accounts). */
export interface AnalyticsAccountRecord {
  /** The social account's id. */
  id: string;
  userId: string;
  platform: string;
  accountName: string;
  status: AnalyticsAccountStatus;
  /** A sentence for the user; null when all is well. */
  message: string | null;
  /** Null: unknown. */
  followers: number | null;
  unavailableMetrics: string[];
  /** The last successful collection; null: never. */
  collectedAt: string | null;
  attemptedAt: string | null;
  version: number | null;
  updatedAt: string;
}

/** A page's numbers for one day (public.analytics_daily); null: not available. */
export interface AnalyticsDailyRecord {
  id: string;
  userId: string;
  accountId: string;
  platform: string;
  /** The day the numbers are for (YYYY-MM-DD). */
  day: string;
  followers: number | null;
  follows: number | null;
  views: number | null;
  reach: number | null;
  engagements: number | null;
  version: number | null;
  updatedAt: string;
}

export type AnalyticsContentType = 'text' | 'link' | 'image' | 'video' | 'carousel';
export type AnalyticsPostStatus = 'ok' | 'unavailable' | 'deleted';

/** The numbers of one published target (public.analytics_post_metrics, id = the target's). */
export interface AnalyticsPostMetricRecord {
  id: string;
  userId: string;
  postId: string;
  accountId: string | null;
  platform: string;
  remoteId: string | null;
  permalink: string | null;
  publishedAt: string;
  contentType: AnalyticsContentType | null;
  reactions: number | null;
  comments: number | null;
  shares: number | null;
  clicks: number | null;
  reach: number | null;
  views: number | null;
  status: AnalyticsPostStatus;
  collectedAt: string | null;
  version: number | null;
  updatedAt: string;
}

export type OutboxOp = 'upsert' | 'delete';
/** pending: waiting to be pushed; inflight: claimed by a push (see leaseUntil); parked: rejected. */
export type OutboxState = 'pending' | 'inflight' | 'parked';

export interface OutboxError {
  kind: 'rejected' | 'auth' | 'retry';
  code: string;
  message: string;
  status: number;
}

export interface OutboxEntry {
  seq?: number;
  mutationId: string;
  userId: string;
  /** The server table the write goes to, e.g. 'post_drafts'. */
  entity: string;
  entityId: string;
  op: OutboxOp;
  /** The row's writable columns in the server's shape (null for a delete). */
  data: Record<string, unknown> | null;
  /** The server version the edit was based on; null when the client believes the row is new. */
  baseVersion: number | null;
  state: OutboxState;
  /** How many times it was handed to a push; above 0 the server may already have it. */
  attempts: number;
  leaseUntil: number;
  error: OutboxError | null;
  createdAt: number;
  /** When it was first handed to a push (this device's clock); a replay is refused past a limit. */
  firstSentAt?: number;
}

export interface KvRow {
  key: string;
  value: string;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export class AppDb extends Dexie {
  kv!: Table<KvRow, string>;
  drafts!: Table<DraftRecord, string>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  meta!: Table<MetaRow, string>;
  onboardingData!: Table<OnboardingRecord, string>;
  userProfiles!: Table<UserProfileRecord, string>;
  userPreferences!: Table<UserPreferencesRecord, string>;
  scheduledPosts!: Table<ScheduledPostRecord, string>;
  publishTargets!: Table<PublishTargetRecord, string>;
  notifications!: Table<NotificationRecord, string>;
  contentIdeas!: Table<ContentIdeaRecord, string>;
  analyticsAccounts!: Table<AnalyticsAccountRecord, string>;
  analyticsDaily!: Table<AnalyticsDailyRecord, string>;
  analyticsPostMetrics!: Table<AnalyticsPostMetricRecord, string>;

  constructor(name: string, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores({
      kv: 'key',
      drafts: 'id, userId, [userId+updatedAt]',
      outbox: '++seq, [entity+entityId], [userId+state], mutationId',
      meta: 'key',
    });
    // AI generated posts and their review decisions (synced since ai_generated_posts).
    this.version(2).stores({ aiPosts: 'id, userId, generatedAt, status' });
    // Synced one-row-per-user tables: onboarding answers and the profile.
    this.version(3).stores({ onboardingData: 'id, userId', userProfiles: 'id, userId' });
    // Synced notification and appearance preferences, one row per user.
    this.version(4).stores({ userPreferences: 'id, userId' });
    // Scheduled posts, their publish targets and the user's notices: synced.
    this.version(5).stores({
      scheduledPosts: 'id, userId, scheduledFor',
      publishTargets: 'id, userId, postId',
      notifications: 'id, userId, createdAt',
    });
    // Content ideas (generated and saved ones): synced.
    this.version(6).stores({ contentIdeas: 'id, userId, createdAt' });
    // Analytics, written by the server's collector: read by period, so indexed by day and time.
    this.version(7).stores({
      analyticsAccounts: 'id, userId',
      analyticsDaily: 'id, userId, [userId+day], accountId',
      analyticsPostMetrics: 'id, userId, [userId+publishedAt], postId',
    });
  }
}

/** A database of the app's schema; tests open one per name, and a reload is a new one over it. */
export function openAppDb(
  name: string = APP_DB_NAME,
  options?: ConstructorParameters<typeof Dexie>[1],
): AppDb {
  return new AppDb(name, options);
}

let appDb: AppDb | undefined;

/** The browser's database, opened on first use. */
export function getAppDb(): AppDb {
  appDb ??= openAppDb();
  return appDb;
}

/** Points the app at another database (tests, and a reload simulated in one process). */
export function setAppDb(db: AppDb | undefined): void {
  appDb = db;
  // The first reads of the saved state open the database by name (kv-read.ts).
  setAppDbName(db?.name ?? APP_DB_NAME);
}
