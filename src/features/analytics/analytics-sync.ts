import type {
  AnalyticsAccountRecord,
  AnalyticsAccountStatus,
  AnalyticsContentType,
  AnalyticsDailyRecord,
  AnalyticsPostMetricRecord,
  AnalyticsPostStatus,
} from '../../lib/db';
import type { SyncEntity } from '../../lib/sync/entities';
import { isoOrNull, strings, text, textOrNull } from '../../lib/sync/mapping';

const EPOCH = new Date(0).toISOString();

const ACCOUNT_STATUSES: readonly AnalyticsAccountStatus[] = [
  'ok',
  'partial',
  'unavailable',
  'rate_limited',
  'reconnect_needed',
  'error',
];
const CONTENT_TYPES: readonly AnalyticsContentType[] = [
  'text',
  'link',
  'image',
  'video',
  'carousel',
];
const POST_STATUSES: readonly AnalyticsPostStatus[] = ['ok', 'unavailable', 'deleted'];

/** A count from the server; null stays null (not available), anything unreadable too. */
export function countOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** A date column (YYYY-MM-DD); a timestamp's date part when the server sends one. */
function day(value: unknown): string {
  return text(value).slice(0, 10);
}

function refuseWrite(): never {
  throw new Error('Analytics are written by the server.');
}

// The three analytics tables are written by the collector only: the app pulls them and never
// queues a write for them (their apply functions refuse client writes).

export const analyticsAccountsEntity: SyncEntity<AnalyticsAccountRecord> = {
  name: 'analytics_accounts',
  table: (db) => db.analyticsAccounts,
  toServer: refuseWrite,
  fromServer: (r) => ({
    id: r.id,
    userId: String(r.user_id),
    platform: text(r.platform),
    accountName: text(r.account_name),
    status: oneOf(r.status, ACCOUNT_STATUSES, 'error'),
    message: textOrNull(r.message),
    followers: countOrNull(r.followers),
    unavailableMetrics: strings(r.unavailable_metrics),
    collectedAt: isoOrNull(r.collected_at),
    attemptedAt: isoOrNull(r.attempted_at),
    version: Number(r.version),
    updatedAt: isoOrNull(r.updated_at) ?? EPOCH,
  }),
};

export const analyticsDailyEntity: SyncEntity<AnalyticsDailyRecord> = {
  name: 'analytics_daily',
  table: (db) => db.analyticsDaily,
  toServer: refuseWrite,
  fromServer: (r) => ({
    id: r.id,
    userId: String(r.user_id),
    accountId: text(r.account_id),
    platform: text(r.platform),
    day: day(r.day),
    followers: countOrNull(r.followers),
    follows: countOrNull(r.follows),
    views: countOrNull(r.views),
    reach: countOrNull(r.reach),
    engagements: countOrNull(r.engagements),
    version: Number(r.version),
    updatedAt: isoOrNull(r.updated_at) ?? EPOCH,
  }),
};

export const analyticsPostMetricsEntity: SyncEntity<AnalyticsPostMetricRecord> = {
  name: 'analytics_post_metrics',
  table: (db) => db.analyticsPostMetrics,
  toServer: refuseWrite,
  fromServer: (r) => ({
    id: r.id,
    userId: String(r.user_id),
    postId: text(r.post_id),
    accountId: textOrNull(r.account_id),
    platform: text(r.platform),
    remoteId: textOrNull(r.remote_id),
    permalink: textOrNull(r.permalink),
    publishedAt: isoOrNull(r.published_at) ?? EPOCH,
    contentType: CONTENT_TYPES.includes(r.content_type as AnalyticsContentType)
      ? (r.content_type as AnalyticsContentType)
      : null,
    reactions: countOrNull(r.reactions),
    comments: countOrNull(r.comments),
    shares: countOrNull(r.shares),
    clicks: countOrNull(r.clicks),
    reach: countOrNull(r.reach),
    views: countOrNull(r.views),
    status: oneOf(r.status, POST_STATUSES, 'ok'),
    collectedAt: isoOrNull(r.collected_at),
    version: Number(r.version),
    updatedAt: isoOrNull(r.updated_at) ?? EPOCH,
  }),
};
