import { instantToWallTime } from '../../lib/intl/zoned-time';
import { CONTENT_TYPE_LABELS, contentGroup, platformLabel } from './analytics-labels';
import { formatDay, RANGE_LABELS, weekdayOf } from './period';
import type { Insight, Periods, PostRow, RangeKey } from './types';

// Insights compare groups of the user's posts (by weekday, hour, content type, platform) on one
// measure: the mean engagement rate when enough posts have a reach, else the mean interactions.
// A group needs MIN_GROUP_POSTS posts to count, and an insight needs MIN_POSTS posts in all, so a
// single lucky post never makes a recommendation.

/** Fewer posts with numbers than this: no insight at all. */
export const MIN_POSTS = 5;
/** A weekday, hour, type or platform with fewer posts than this is not compared. */
export const MIN_GROUP_POSTS = 2;

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export function hourLabel(hour: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12} ${hour < 12 ? 'AM' : 'PM'}`;
}

type Measure = 'rate' | 'interactions';

interface Scored {
  row: PostRow;
  score: number;
}

/** The posts an insight may use, and the measure they are compared on. */
export function scoredPosts(rows: readonly PostRow[]): { measure: Measure; posts: Scored[] } {
  const withNumbers = rows.filter((r) => r.status !== 'unavailable' && r.interactions !== null);
  const withRate = withNumbers.filter((r) => r.engagementRate !== null);
  if (withRate.length >= MIN_POSTS)
    return { measure: 'rate', posts: withRate.map((row) => ({ row, score: row.engagementRate! })) };
  return {
    measure: 'interactions',
    posts: withNumbers.map((row) => ({ row, score: row.interactions! })),
  };
}

export interface Group<K> {
  key: K;
  posts: number;
  mean: number;
}

/**
 * The best group: highest mean; a tie goes to the group with more posts, then to the key that
 * `order` puts first (earlier weekday or hour, or name). Null when no group has enough posts.
 */
export function bestGroup<K>(
  posts: readonly Scored[],
  keyOf: (row: PostRow) => K | null,
  order: (a: K, b: K) => number,
): { best: Group<K>; all: Group<K>[] } | null {
  const groups = new Map<K, { posts: number; total: number }>();
  for (const { row, score } of posts) {
    const key = keyOf(row);
    if (key === null) continue;
    const g = groups.get(key) ?? { posts: 0, total: 0 };
    g.posts += 1;
    g.total += score;
    groups.set(key, g);
  }
  const all = [...groups.entries()]
    .filter(([, g]) => g.posts >= MIN_GROUP_POSTS)
    .map(([key, g]) => ({ key, posts: g.posts, mean: g.total / g.posts }));
  if (all.length === 0) return null;
  // Means within a rounding hair count as equal, so the tie rule decides rather than noise.
  const same = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  const sorted = [...all].sort(
    (a, b) =>
      (same(a.mean, b.mean) ? 0 : b.mean - a.mean) || b.posts - a.posts || order(a.key, b.key),
  );
  return { best: sorted[0]!, all: sorted };
}

function describe(measure: Measure, value: number): string {
  return measure === 'rate'
    ? `${value.toFixed(1)}% average engagement rate`
    : `${value.toFixed(1)} interactions per post on average`;
}

function basisOf(count: number, measure: Measure, span: string): string {
  const posts = count === 1 ? '1 post' : `${count} posts`;
  const by = measure === 'rate' ? 'mean engagement rate' : 'mean interactions (reach unknown)';
  return `Based on ${posts} published ${span}, compared by ${by}.`;
}

export interface InsightContext {
  range: RangeKey;
  periods: Periods;
}

/** "in the last 30 days", or "from Nov 1, 2026 to Nov 10, 2026" for a custom range. */
function spanOf({ range, periods }: InsightContext): string {
  if (range !== 'custom') return `in the ${RANGE_LABELS[range].toLowerCase()}`;
  const { from, to } = periods.current;
  return from === to ? `on ${formatDay(from)}` : `from ${formatDay(from)} to ${formatDay(to)}`;
}

/** Best weekday and hour to post, in the user's zone. */
export function bestTimeInsight(
  rows: readonly PostRow[],
  timeZone: string,
  context: InsightContext,
): Insight | null {
  const { measure, posts } = scoredPosts(rows);
  if (posts.length < MIN_POSTS) return null;
  const walls = new Map<string, { weekday: number; hour: number }>();
  for (const { row } of posts) {
    const wall = instantToWallTime(row.publishedAt, timeZone);
    if (wall)
      walls.set(row.id, { weekday: weekdayOf(wall.date), hour: Number(wall.time.slice(0, 2)) });
  }
  // Monday first: a tie between Sunday and Monday goes to the working week's start.
  const weekOrder = (d: number) => (d + 6) % 7;
  const day = bestGroup(
    posts,
    (r) => walls.get(r.id)?.weekday ?? null,
    (a, b) => weekOrder(a) - weekOrder(b),
  );
  const hour = bestGroup(
    posts,
    (r) => walls.get(r.id)?.hour ?? null,
    (a, b) => a - b,
  );
  if (!day || !hour) return null;
  const weekday = day.best.key;
  const h = hour.best.key;
  return {
    id: 'best-time',
    title: 'Best time to post',
    text:
      `Your posts do best on ${WEEKDAYS[weekday]}s (${describe(measure, day.best.mean)}) ` +
      `and around ${hourLabel(h)} (${describe(measure, hour.best.mean)}).`,
    basis: basisOf(posts.length, measure, spanOf(context)),
    weekday,
    hour: h,
  };
}

/** The content type whose posts do best. */
export function bestTypeInsight(rows: readonly PostRow[], context: InsightContext): Insight | null {
  const { measure, posts } = scoredPosts(rows);
  if (posts.length < MIN_POSTS) return null;
  const result = bestGroup(
    posts,
    (r) => contentGroup(r.contentType),
    (a, b) => CONTENT_TYPE_LABELS[a].localeCompare(CONTENT_TYPE_LABELS[b]),
  );
  if (!result || result.all.length < 2) return null;
  const { best, all } = result;
  const runnerUp = all[1]!;
  const label = CONTENT_TYPE_LABELS[best.key];
  return {
    id: 'best-type',
    title: 'Best post type',
    text:
      `${label} get the most engagement: ${describe(measure, best.mean)}, against ` +
      `${describe(measure, runnerUp.mean)} for ${CONTENT_TYPE_LABELS[runnerUp.key].toLowerCase()}.`,
    basis: basisOf(posts.length, measure, spanOf(context)),
  };
}

/** The platform whose posts do best. */
export function bestPlatformInsight(
  rows: readonly PostRow[],
  context: InsightContext,
): Insight | null {
  const { measure, posts } = scoredPosts(rows);
  if (posts.length < MIN_POSTS) return null;
  const result = bestGroup(
    posts,
    (r) => r.platform,
    (a, b) => a.localeCompare(b),
  );
  if (!result || result.all.length < 2) return null;
  const { best, all } = result;
  const runnerUp = all[1]!;
  return {
    id: 'best-platform',
    title: 'Best platform',
    text:
      `Your ${platformLabel(best.key)} posts get the most engagement: ` +
      `${describe(measure, best.mean)}, against ${describe(measure, runnerUp.mean)} on ` +
      `${platformLabel(runnerUp.key)}.`,
    basis: basisOf(posts.length, measure, spanOf(context)),
  };
}

/** Every insight the posts support, in the page's order; none when there is too little data. */
export function analyticsInsights(
  rows: readonly PostRow[],
  timeZone: string,
  context: InsightContext,
): Insight[] {
  return [
    bestTimeInsight(rows, timeZone, context),
    bestTypeInsight(rows, context),
    bestPlatformInsight(rows, context),
  ].filter((i): i is Insight => i !== null);
}
