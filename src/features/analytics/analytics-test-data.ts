// Rows as the collector writes them and the app pulls them, for the analytics unit tests.
import type {
  AnalyticsAccountRecord,
  AnalyticsDailyRecord,
  AnalyticsPostMetricRecord,
  ScheduledPostRecord,
} from '../../lib/db';

const STAMP = '2026-11-25T01:00:00.000Z';

export function accountRow(over: Partial<AnalyticsAccountRecord> = {}): AnalyticsAccountRecord {
  return {
    id: 'acc-fb',
    userId: 'user-1',
    platform: 'facebook',
    accountName: 'Corner Shop',
    status: 'ok',
    message: null,
    followers: 1200,
    unavailableMetrics: [],
    collectedAt: STAMP,
    attemptedAt: STAMP,
    version: 1,
    updatedAt: STAMP,
    ...over,
  };
}

export function dailyRow(
  over: Partial<AnalyticsDailyRecord> & { day: string },
): AnalyticsDailyRecord {
  return {
    id: `${over.accountId ?? 'acc-fb'}:${over.day}`,
    userId: 'user-1',
    accountId: 'acc-fb',
    platform: 'facebook',
    followers: null,
    follows: null,
    views: null,
    reach: null,
    engagements: null,
    version: 1,
    updatedAt: STAMP,
    ...over,
  };
}

export function postRow(
  over: Partial<AnalyticsPostMetricRecord> & { id: string; publishedAt: string },
): AnalyticsPostMetricRecord {
  return {
    userId: 'user-1',
    postId: `post-${over.id}`,
    accountId: 'acc-fb',
    platform: 'facebook',
    remoteId: `remote-${over.id}`,
    permalink: `https://www.facebook.com/1/posts/${over.id}`,
    contentType: 'image',
    reactions: null,
    comments: null,
    shares: null,
    clicks: null,
    reach: null,
    views: null,
    status: 'ok',
    collectedAt: STAMP,
    version: 1,
    updatedAt: STAMP,
    ...over,
  };
}

export function scheduledRow(id: string, content: string, userId = 'user-1'): ScheduledPostRecord {
  return {
    id,
    userId,
    content,
    platforms: ['facebook'],
    accountIds: [],
    scheduledFor: STAMP,
    publishMode: 'now',
    timeRule: null,
    draftId: null,
    status: 'published',
    version: 1,
    createdAt: STAMP,
    updatedAt: STAMP,
  };
}
