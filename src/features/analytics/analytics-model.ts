import type {
  AnalyticsAccountRecord,
  AnalyticsDailyRecord,
  AnalyticsPostMetricRecord,
  AppDb,
} from '../../lib/db';
import {
  CONTENT_TYPE_LABELS,
  CONTENT_TYPE_ORDER,
  contentGroup,
  METRIC_KEYS,
  METRIC_LABELS,
  platformLabel,
} from './analytics-labels';
import { analyticsInsights } from './insights';
import { daysOf, periodInstants, periodsFor } from './period';
import { zonedDayReader } from '../../lib/intl/zoned-time';
import type {
  AccountStatus,
  AnalyticsView,
  ContentTypeKey,
  ContentTypeRow,
  MetricCard,
  MetricKey,
  Period,
  Periods,
  PlatformRow,
  PostRow,
  RangeKey,
  TrendPoint,
} from './types';

// The page's numbers (docs/analytics.md "The page's numbers"), worked out from the rows the
// collector wrote and the app pulled. Everything here is one pass over the rows, grouped by day
// index or key, so two years of daily rows and thousands of posts stay fast.

/** reactions + comments + shares (+ clicks when known); null when none of them is known. */
export function interactionsOf(p: {
  reactions: number | null;
  comments: number | null;
  shares: number | null;
  clicks: number | null;
}): number | null {
  const known = [p.reactions, p.comments, p.shares, p.clicks].filter(
    (v): v is number => v !== null,
  );
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
}

/** interactions / reach × 100; null without reach. */
export function engagementRateOf(interactions: number | null, reach: number | null): number | null {
  if (interactions === null || reach === null || reach <= 0) return null;
  return (interactions / reach) * 100;
}

/** Percent change from `previous` to `current`; null when there is nothing to compare with. */
export function changeOf(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return ((current - previous) / previous) * 100;
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

export const UNKNOWN = '—';

export function formatMetric(key: MetricKey, value: number | null): string {
  if (value === null) return UNKNOWN;
  return key === 'engagement' ? `${oneDecimal.format(value)}%` : integer.format(value);
}

export function formatChange(change: number | null): string {
  if (change === null) return UNKNOWN;
  const rounded = Math.round(change * 10) / 10;
  if (rounded === 0) return '0.0%';
  return `${rounded > 0 ? '+' : '-'}${oneDecimal.format(Math.abs(rounded))}%`;
}

/** One summary card: the figure, its change against the previous period, and its daily line. */
export function metricCard(
  key: MetricKey,
  value: number | null,
  change: number | null,
  spark: number[],
): MetricCard {
  return {
    key,
    label: METRIC_LABELS[key],
    value,
    display: formatMetric(key, value),
    change,
    changeDisplay: formatChange(change),
    trend: trendOf(change),
    spark,
  };
}

export function trendOf(change: number | null): 'up' | 'down' | 'flat' {
  if (change === null) return 'flat';
  const rounded = Math.round(change * 10) / 10;
  return rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
}

/** What the page reads from the device for one pair of periods. */
export interface AnalyticsData {
  accounts: AnalyticsAccountRecord[];
  /** Daily rows of both periods (any order). */
  daily: AnalyticsDailyRecord[];
  /** Post rows published in either period (any order). */
  posts: AnalyticsPostMetricRecord[];
  /** The scheduled post's text by post id. */
  contents: ReadonlyMap<string, string>;
  /** An account's name by publish target id, for posts whose account has no analytics row. */
  targetAccounts: ReadonlyMap<string, string | null>;
}

/** The rows of the user for `periods`, read through the indexes (never a whole table). */
export async function loadAnalyticsData(
  db: AppDb,
  userId: string,
  periods: Periods,
  timeZone: string,
): Promise<AnalyticsData> {
  return db.transaction(
    'r',
    [
      db.analyticsAccounts,
      db.analyticsDaily,
      db.analyticsPostMetrics,
      db.scheduledPosts,
      db.publishTargets,
    ],
    async () => {
      const from = periodInstants(periods.previous, timeZone).start;
      const to = periodInstants(periods.current, timeZone).end;
      const [accounts, daily, posts] = await Promise.all([
        db.analyticsAccounts.where('userId').equals(userId).toArray(),
        db.analyticsDaily
          .where('[userId+day]')
          .between([userId, periods.previous.from], [userId, periods.current.to], true, true)
          .toArray(),
        db.analyticsPostMetrics
          .where('[userId+publishedAt]')
          .between([userId, from], [userId, to], true, false)
          .toArray(),
      ]);
      const postIds = [...new Set(posts.map((p) => p.postId))];
      const [scheduled, targets] = await Promise.all([
        db.scheduledPosts.bulkGet(postIds),
        db.publishTargets.bulkGet(posts.map((p) => p.id)),
      ]);
      const contents = new Map<string, string>();
      for (const s of scheduled) if (s && s.userId === userId) contents.set(s.id, s.content);
      const targetAccounts = new Map<string, string | null>();
      for (const t of targets)
        if (t && t.userId === userId) targetAccounts.set(t.id, t.accountName);
      return { accounts, daily, posts, contents, targetAccounts };
    },
  );
}

/** A post's row as the tables show it. */
export function postRowOf(
  p: AnalyticsPostMetricRecord,
  content: string,
  accountName: string | null,
): PostRow {
  const interactions = interactionsOf(p);
  return {
    id: p.id,
    postId: p.postId,
    content,
    platform: p.platform,
    accountName,
    publishedAt: p.publishedAt,
    contentType: p.contentType ?? 'text',
    reactions: p.reactions,
    comments: p.comments,
    shares: p.shares,
    clicks: p.clicks,
    reach: p.reach,
    views: p.views,
    interactions,
    engagementRate: engagementRateOf(interactions, p.reach),
    permalink: p.permalink,
    status: p.status,
    collectedAt: p.collectedAt,
  };
}

/** Engagement rate first, unknown rates last; then interactions, then the newest. */
export function comparePosts(a: PostRow, b: PostRow): number {
  const ra = a.engagementRate ?? -1;
  const rb = b.engagementRate ?? -1;
  if (ra !== rb) return rb - ra;
  const ia = a.interactions ?? -1;
  const ib = b.interactions ?? -1;
  if (ia !== ib) return ib - ia;
  return a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : 0;
}

interface DaySums {
  engagements: number;
  reach: number;
  hasEngagements: boolean;
  hasReach: boolean;
}

/** Per-day numbers of one period, by day index. */
interface PeriodSeries {
  days: string[];
  /** Followers across accounts (each account's last known value carried forward). */
  followers: (number | null)[];
  pageRate: (number | null)[];
  postRate: (number | null)[];
  shares: number[];
  comments: number[];
  /** The period's totals. */
  pageEngagements: number;
  pageReach: number;
  postInteractions: number;
  postReach: number;
  sharesKnown: boolean;
  commentsKnown: boolean;
  postCount: number;
  followersAtEnd: number | null;
}

function seriesOf(
  period: Period,
  daily: readonly AnalyticsDailyRecord[],
  posts: readonly { row: PostRow; day: string }[],
  accounts: readonly AnalyticsAccountRecord[],
  followersFallback: boolean,
): PeriodSeries {
  const days = daysOf(period);
  const index = new Map(days.map((d, i) => [d, i]));
  const n = days.length;
  const sums: DaySums[] = days.map(() => ({
    engagements: 0,
    reach: 0,
    hasEngagements: false,
    hasReach: false,
  }));
  // Followers: each account's value per day index, then carried forward across gaps.
  const followersByAccount = new Map<string, (number | null)[]>();
  // The last value before the period starts, so a gap at its start carries it in.
  const before = new Map<string, { day: string; value: number }>();
  for (const row of daily) {
    const i = index.get(row.day);
    if (row.followers !== null) {
      if (i === undefined) {
        if (row.day < period.from) {
          const seen = before.get(row.accountId);
          if (!seen || seen.day < row.day)
            before.set(row.accountId, { day: row.day, value: row.followers });
        }
      } else {
        let values = followersByAccount.get(row.accountId);
        if (!values) followersByAccount.set(row.accountId, (values = new Array(n).fill(null)));
        values[i] = row.followers;
      }
    }
    if (i === undefined) continue;
    const s = sums[i]!;
    if (row.engagements !== null) {
      s.engagements += row.engagements;
      s.hasEngagements = true;
    }
    if (row.reach !== null) {
      s.reach += row.reach;
      s.hasReach = true;
    }
  }
  const followers: (number | null)[] = new Array(n).fill(null);
  const accountIds = new Set([...followersByAccount.keys(), ...before.keys()]);
  let followersAtEnd: number | null = null;
  for (const id of accountIds) {
    const values = followersByAccount.get(id) ?? new Array<number | null>(n).fill(null);
    let last: number | null = before.get(id)?.value ?? null;
    for (let i = 0; i < n; i += 1) {
      if (values[i] !== null) last = values[i]!;
      if (last !== null) followers[i] = (followers[i] ?? 0) + last;
    }
    if (last !== null) followersAtEnd = (followersAtEnd ?? 0) + last;
  }
  if (followersFallback) {
    // Accounts without any daily followers in reach: their current count stands in.
    for (const a of accounts) {
      if (accountIds.has(a.id) || a.followers === null) continue;
      followersAtEnd = (followersAtEnd ?? 0) + a.followers;
    }
  }

  const shares = new Array<number>(n).fill(0);
  const comments = new Array<number>(n).fill(0);
  const postInteractionsByDay = new Array<number>(n).fill(0);
  const postReachByDay = new Array<number>(n).fill(0);
  let postInteractions = 0;
  let postReach = 0;
  let sharesKnown = false;
  let commentsKnown = false;
  let postCount = 0;
  for (const { row, day } of posts) {
    const i = index.get(day);
    if (i === undefined) continue;
    postCount += 1;
    if (row.shares !== null) {
      shares[i]! += row.shares;
      sharesKnown = true;
    }
    if (row.comments !== null) {
      comments[i]! += row.comments;
      commentsKnown = true;
    }
    if (row.interactions !== null && row.reach !== null && row.reach > 0) {
      postInteractions += row.interactions;
      postReach += row.reach;
      postInteractionsByDay[i]! += row.interactions;
      postReachByDay[i]! += row.reach;
    }
  }

  let pageEngagements = 0;
  let pageReach = 0;
  const pageRate = sums.map((s) => {
    if (!s.hasEngagements || !s.hasReach || s.reach <= 0) return null;
    pageEngagements += s.engagements;
    pageReach += s.reach;
    return (s.engagements / s.reach) * 100;
  });
  const postRate = postReachByDay.map((r, i) =>
    r > 0 ? (postInteractionsByDay[i]! / r) * 100 : null,
  );
  return {
    days,
    followers,
    pageRate,
    postRate,
    shares,
    comments,
    pageEngagements,
    pageReach,
    postInteractions,
    postReach,
    sharesKnown,
    commentsKnown,
    postCount,
    followersAtEnd,
  };
}

/** The page's engagement rate: page numbers when the period has them, else the posts'. */
function engagementOf(s: PeriodSeries, usePage: boolean): number | null {
  if (usePage) return s.pageReach > 0 ? (s.pageEngagements / s.pageReach) * 100 : null;
  return s.postReach > 0 ? (s.postInteractions / s.postReach) * 100 : null;
}

function valueOf(key: MetricKey, s: PeriodSeries, usePage: boolean): number | null {
  switch (key) {
    case 'followers':
      return s.followersAtEnd;
    case 'engagement':
      return engagementOf(s, usePage);
    case 'shares':
      // No posts at all: truly none; posts without the number (LinkedIn): unknown.
      return s.sharesKnown ? s.shares.reduce((a, b) => a + b, 0) : s.postCount === 0 ? 0 : null;
    case 'comments':
      return s.commentsKnown ? s.comments.reduce((a, b) => a + b, 0) : s.postCount === 0 ? 0 : null;
  }
}

function dailyOf(key: MetricKey, s: PeriodSeries, usePage: boolean): (number | null)[] {
  switch (key) {
    case 'followers':
      return s.followers;
    case 'engagement':
      return usePage ? s.pageRate : s.postRate;
    case 'shares':
      return s.shares;
    case 'comments':
      return s.comments;
  }
}

/** Whole percents that add up to 100 (largest remainders), 0 each when there is nothing. */
export function percentsOf(counts: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((c) => (c / total) * 100);
  const out = exact.map(Math.floor);
  let left = 100 - out.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, r: e - Math.floor(e) }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

export function contentTypesOf(rows: readonly PostRow[]): ContentTypeRow[] {
  const counts = new Map<ContentTypeKey, number>();
  for (const r of rows) {
    const g = contentGroup(r.contentType);
    if (g) counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  const posts = CONTENT_TYPE_ORDER.map((t) => counts.get(t) ?? 0);
  const percents = percentsOf(posts);
  return CONTENT_TYPE_ORDER.map((type, i) => ({
    type,
    label: CONTENT_TYPE_LABELS[type],
    posts: posts[i]!,
    percent: percents[i]!,
  }));
}

export function platformsOf(rows: readonly PostRow[]): PlatformRow[] {
  const groups = new Map<
    string,
    { posts: number; interactions: number; reach: number | null; rateI: number; rateR: number }
  >();
  for (const r of rows) {
    let g = groups.get(r.platform);
    if (!g)
      groups.set(r.platform, (g = { posts: 0, interactions: 0, reach: null, rateI: 0, rateR: 0 }));
    g.posts += 1;
    g.interactions += r.interactions ?? 0;
    if (r.reach !== null) g.reach = (g.reach ?? 0) + r.reach;
    if (r.reach !== null && r.reach > 0 && r.interactions !== null) {
      g.rateI += r.interactions;
      g.rateR += r.reach;
    }
  }
  return [...groups.entries()]
    .map(([platform, g]) => ({
      platform,
      label: platformLabel(platform),
      posts: g.posts,
      interactions: g.interactions,
      reach: g.reach,
      engagementRate: g.rateR > 0 ? (g.rateI / g.rateR) * 100 : null,
    }))
    .sort((a, b) => b.interactions - a.interactions || a.label.localeCompare(b.label));
}

export function accountStatusesOf(accounts: readonly AnalyticsAccountRecord[]): AccountStatus[] {
  return [...accounts]
    .sort(
      (a, b) => a.platform.localeCompare(b.platform) || a.accountName.localeCompare(b.accountName),
    )
    .map((a) => ({
      id: a.id,
      platform: a.platform,
      accountName: a.accountName,
      status: a.status,
      message: a.message,
      collectedAt: a.collectedAt,
    }));
}

/** The newest time any of the user's numbers were collected. */
export function newestCollectedAt(accounts: readonly AnalyticsAccountRecord[]): string | null {
  let newest: string | null = null;
  for (const a of accounts)
    if (a.collectedAt && (!newest || a.collectedAt > newest)) newest = a.collectedAt;
  return newest;
}

/** Whether the user has numbers of their own: a connected account the collector has read. */
export function hasOwnNumbers(data: Pick<AnalyticsData, 'accounts' | 'posts'>): boolean {
  return (
    data.accounts.some((a) => a.collectedAt !== null) ||
    data.posts.some((p) => p.collectedAt !== null)
  );
}

export interface BuildInput {
  range: RangeKey;
  metric: MetricKey;
  periods: Periods;
  timeZone: string;
  data: AnalyticsData;
  rangeError?: string | null;
}

/** The page's view of the user's own numbers. */
export function buildAnalyticsView({
  range,
  metric,
  periods,
  timeZone,
  data,
  rangeError = null,
}: BuildInput): AnalyticsView {
  const names = new Map(data.accounts.map((a) => [a.id, a.accountName]));
  const dated: { row: PostRow; day: string }[] = [];
  const dayOf = zonedDayReader(timeZone);
  for (const p of data.posts) {
    const day = dayOf(Date.parse(p.publishedAt));
    if (!day) continue;
    const accountName =
      (p.accountId ? names.get(p.accountId) : undefined) ?? data.targetAccounts.get(p.id) ?? null;
    dated.push({ row: postRowOf(p, data.contents.get(p.postId) ?? '', accountName), day });
  }
  const inCurrent = (d: string) => d >= periods.current.from && d <= periods.current.to;
  const inPrevious = (d: string) => d >= periods.previous.from && d <= periods.previous.to;
  const currentPosts = dated.filter((d) => inCurrent(d.day));
  const previousPosts = dated.filter((d) => inPrevious(d.day));

  const current = seriesOf(periods.current, data.daily, currentPosts, data.accounts, true);
  const previous = seriesOf(periods.previous, data.daily, previousPosts, data.accounts, false);
  // Page numbers when the current period has them; the previous period is read the same way.
  const usePage = current.pageReach > 0;

  const cards: MetricCard[] = METRIC_KEYS.map((key) => {
    const value = valueOf(key, current, usePage);
    const change = changeOf(value, valueOf(key, previous, usePage));
    return metricCard(
      key,
      value,
      change,
      dailyOf(key, current, usePage).map((v) => v ?? 0),
    );
  });

  const cur = dailyOf(metric, current, usePage);
  const prev = dailyOf(metric, previous, usePage);
  const trend: TrendPoint[] = current.days.map((day, i) => ({
    day,
    previousDay: previous.days[i] ?? day,
    current: cur[i] ?? null,
    previous: prev[i] ?? null,
  }));

  const posts = currentPosts.map((d) => d.row).sort(comparePosts);
  return {
    state: 'ready',
    range,
    periods,
    metric,
    cards,
    trend,
    platforms: platformsOf(posts),
    contentTypes: contentTypesOf(posts),
    posts,
    totalPosts: posts.length,
    insights: analyticsInsights(posts, timeZone, { range, periods }),
    accounts: accountStatusesOf(data.accounts),
    collectedAt: newestCollectedAt(data.accounts),
    rangeError,
  };
}

/** The view while the device is still being read. */
export function loadingView(
  range: RangeKey,
  metric: MetricKey,
  today: string,
  custom?: Period,
): AnalyticsView {
  return {
    state: 'loading',
    range,
    periods: periodsFor(range, today, custom),
    metric,
    cards: [],
    trend: [],
    platforms: [],
    contentTypes: [],
    posts: [],
    totalPosts: 0,
    insights: [],
    accounts: [],
    collectedAt: null,
    rangeError: null,
  };
}
