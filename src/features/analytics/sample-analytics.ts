import { CONTENT_TYPE_LABELS, CONTENT_TYPE_ORDER, METRIC_KEYS } from './analytics-labels';
import {
  comparePosts,
  engagementRateOf,
  interactionsOf,
  metricCard,
  platformsOf,
} from './analytics-model';
import { analyticsInsights } from './insights';
import { periodsFor, daysOf } from './period';
import type {
  AnalyticsView,
  ContentTypeKey,
  ContentTypeRow,
  MetricCard,
  MetricKey,
  Period,
  PostRow,
  RangeKey,
} from './types';

// The page before the user has numbers of their own: the spec's sample figures (content types
// 45/25/20/10, 24 posts) and made-up but plausible rest, the same every time for the same day.

const SAMPLE_TOTALS: Record<MetricKey, { value: number; previous: number }> = {
  followers: { value: 12_847, previous: 11_874 },
  engagement: { value: 4.6, previous: 4.2 },
  shares: { value: 1_284, previous: 1_114 },
  comments: { value: 892, previous: 911 },
};

/** The spec's breakdown: images 45 %, videos 25 %, carousels 20 %, text only 10 %. */
const SAMPLE_SHARES: Record<ContentTypeKey, number> = {
  image: 45,
  video: 25,
  carousel: 20,
  text: 10,
};
export const SAMPLE_POST_COUNT = 24;

const SAMPLE_TEXTS = [
  'Behind the scenes: how our team prepares every order by hand.',
  'Five tips to get more out of your morning routine.',
  'New arrivals are here! Which one is your favourite?',
  'Customer story: what Maria built with our starter kit.',
  'Weekend sale: 20% off everything until Sunday night.',
  'Meet the team: say hello to our newest designer.',
  'Quick tutorial: three ways to style our classic tote.',
  'Thank you for 10,000 followers! Here is what is next.',
];

const PLATFORMS = ['facebook', 'instagram', 'linkedin', 'twitter'] as const;

/** A smooth made-up daily line around `base`, with a weekly rhythm. */
function wave(days: number, base: number, swing: number, phase: number): number[] {
  return Array.from({ length: days }, (_, i) => {
    const v = base + swing * Math.sin((i + phase) / 2.2) + (swing / 2) * Math.cos((i + phase) / 5);
    return Math.round(v * 100) / 100;
  });
}

function sampleSeries(key: MetricKey, days: number, previous: boolean): number[] {
  const t = SAMPLE_TOTALS[key];
  const total = previous ? t.previous : t.value;
  switch (key) {
    case 'followers': {
      // Followers grow over the period towards its end value.
      const start = total - Math.round(total * 0.03);
      return Array.from({ length: days }, (_, i) =>
        Math.round(start + ((total - start) * (i + 1)) / days),
      );
    }
    case 'engagement':
      return wave(days, total, 0.6, previous ? 3 : 0);
    default: {
      const perDay = total / days;
      const line = wave(days, perDay, perDay * 0.4, previous ? 2 : 0).map((v) =>
        Math.max(0, Math.round(v)),
      );
      return line;
    }
  }
}

function samplePosts(period: Period): PostRow[] {
  const days = daysOf(period);
  const types: ContentTypeKey[] = [];
  for (const type of CONTENT_TYPE_ORDER)
    for (let i = 0; i < Math.round((SAMPLE_SHARES[type] / 100) * SAMPLE_POST_COUNT); i += 1)
      types.push(type);
  return types.map((type, i) => {
    const day = days[Math.floor((i * days.length) / SAMPLE_POST_COUNT)] ?? period.to;
    const hour = [9, 13, 18, 11, 15][i % 5]!;
    const reach = 1_200 + ((i * 733) % 2_400);
    const reactions = 40 + ((i * 37) % 90);
    const comments = 5 + ((i * 11) % 30);
    const shares = 3 + ((i * 7) % 25);
    const clicks = 10 + ((i * 13) % 40);
    const numbers = { reactions, comments, shares, clicks };
    const interactions = interactionsOf(numbers);
    const platform = PLATFORMS[i % PLATFORMS.length]!;
    return {
      id: `sample-${i + 1}`,
      postId: `sample-post-${i + 1}`,
      content: SAMPLE_TEXTS[i % SAMPLE_TEXTS.length]!,
      platform,
      accountName: 'Sample account',
      publishedAt: `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`,
      contentType: type,
      ...numbers,
      reach,
      views: Math.round(reach * 1.6),
      interactions,
      engagementRate: engagementRateOf(interactions, reach),
      permalink: null,
      status: 'ok' as const,
      collectedAt: null,
    };
  });
}

/**
 * The page's sample view for a range (state 'sample'): the spec's figures. Its best-time insight
 * carries no weekday or hour, so Apply Recommendations never applies made-up numbers.
 */
export function sampleAnalytics(
  range: RangeKey,
  metric: MetricKey,
  today: string,
  custom?: Period,
): AnalyticsView {
  const periods = periodsFor(range, today, custom);
  const days = daysOf(periods.current).length;
  const cards: MetricCard[] = METRIC_KEYS.map((key) => {
    const { value, previous } = SAMPLE_TOTALS[key];
    const change = Math.round(((value - previous) / previous) * 1000) / 10;
    return metricCard(key, value, change, sampleSeries(key, days, false));
  });
  const current = sampleSeries(metric, days, false);
  const previous = sampleSeries(metric, days, true);
  const previousDays = daysOf(periods.previous);
  const trend = daysOf(periods.current).map((day, i) => ({
    day,
    previousDay: previousDays[i] ?? day,
    current: current[i] ?? null,
    previous: previous[i] ?? null,
  }));
  const posts = samplePosts(periods.current).sort(comparePosts);
  const contentTypes: ContentTypeRow[] = CONTENT_TYPE_ORDER.map((type) => ({
    type,
    label: CONTENT_TYPE_LABELS[type],
    posts: posts.filter((p) => p.contentType === type).length,
    percent: SAMPLE_SHARES[type],
  }));
  const insights = analyticsInsights(posts, 'UTC', { range, periods }).map((insight) => {
    const { weekday: _weekday, hour: _hour, ...rest } = insight;
    return { ...rest, basis: 'Sample data: connect an account to see insights from your posts.' };
  });
  return {
    state: 'sample',
    range,
    periods,
    metric,
    cards,
    trend,
    platforms: platformsOf(posts),
    contentTypes,
    posts,
    totalPosts: posts.length,
    insights,
    accounts: [],
    collectedAt: null,
    rangeError: null,
  };
}
