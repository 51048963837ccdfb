// The analytics page's data, as the page reads it (docs/analytics.md "The page's numbers").

export type RangeKey = 'last7' | 'last30' | 'last90' | 'custom';
export type MetricKey = 'followers' | 'engagement' | 'shares' | 'comments';

/** Days as YYYY-MM-DD, both inclusive, in the user's zone. */
export interface Period {
  from: string;
  to: string;
}

export interface Periods {
  current: Period;
  /** The same number of days, ending the day before `current.from`. */
  previous: Period;
}

export type MetricLabel = 'Followers' | 'Engagement Rate' | 'Shares' | 'Comments';

export interface MetricCard {
  key: MetricKey;
  label: MetricLabel;
  value: number | null;
  /** The value as the card shows it ("12,340", "4.2%"; "—" when unknown). */
  display: string;
  /** Percent change against the previous period; null when that had nothing to compare. */
  change: number | null;
  /** "+12.5%", "-3.0%", "0.0%"; "—" when change is null. */
  changeDisplay: string;
  trend: 'up' | 'down' | 'flat';
  /** The metric per day of the current period (nulls as 0), for a small trend line. */
  spark: number[];
}

/** One day of the trend chart: the nth day of the current period and the nth of the previous. */
export interface TrendPoint {
  /** The current period's day (YYYY-MM-DD). */
  day: string;
  /** The previous period's day at the same index. */
  previousDay: string;
  current: number | null;
  previous: number | null;
}

export interface PlatformRow {
  platform: string;
  label: string;
  posts: number;
  interactions: number;
  reach: number | null;
  engagementRate: number | null;
}

export type ContentTypeKey = 'image' | 'video' | 'carousel' | 'text';
export type ContentTypeLabel = 'Images' | 'Videos' | 'Carousels' | 'Text only';

export interface ContentTypeRow {
  type: ContentTypeKey;
  label: ContentTypeLabel;
  posts: number;
  /** Whole percent of the period's posts; the four add up to 100 (0 when there are none). */
  percent: number;
}

export type PostMetricStatus = 'ok' | 'unavailable' | 'deleted';

export interface PostRow {
  /** The publish target's id (one row per platform/account a post went to). */
  id: string;
  postId: string;
  content: string;
  platform: string;
  accountName: string | null;
  publishedAt: string;
  /** text, link, image, video or carousel. */
  contentType: string;
  reactions: number | null;
  comments: number | null;
  shares: number | null;
  clicks: number | null;
  reach: number | null;
  views: number | null;
  /** reactions + comments + shares (+ clicks when known); null when none is known. */
  interactions: number | null;
  /** interactions / reach × 100; null without reach. */
  engagementRate: number | null;
  permalink: string | null;
  status: PostMetricStatus;
  collectedAt: string | null;
}

export type InsightId = 'best-time' | 'best-type' | 'best-platform';

export interface Insight {
  id: InsightId;
  title: string;
  text: string;
  /** What the insight rests on ("Based on 12 posts published in the last 90 days."). */
  basis: string;
  /** best-time only: the weekday (0 = Sunday) and hour (0–23) in the user's zone. */
  weekday?: number;
  hour?: number;
}

export type AccountStatusKind =
  'ok' | 'partial' | 'unavailable' | 'rate_limited' | 'reconnect_needed' | 'error';

export interface AccountStatus {
  id: string;
  platform: string;
  accountName: string;
  status: string;
  message: string | null;
  collectedAt: string | null;
}

export interface AnalyticsView {
  /** sample: no connected account or no collected numbers yet. */
  state: 'loading' | 'sample' | 'ready';
  range: RangeKey;
  periods: Periods;
  metric: MetricKey;
  cards: MetricCard[];
  trend: TrendPoint[];
  platforms: PlatformRow[];
  contentTypes: ContentTypeRow[];
  /** Every post of the current period, engagement rate first (unknown rates last). */
  posts: PostRow[];
  totalPosts: number;
  insights: Insight[];
  accounts: AccountStatus[];
  /** The newest collection time of the user's numbers: "Numbers collected {time}". */
  collectedAt: string | null;
  /** A custom range the page refused (the period then falls back to the last 30 days). */
  rangeError?: string | null;
}
