import { USAGE_STOP, graphGet, overLimit, type GraphFailure, type GraphSession } from './graph.ts';

/**
 * What the collector reads about one Facebook Page: its follower count, its insights per day and
 * its posts' counts and insights (docs/analytics.md, "Collector").
 */

/** Page insights asked for: the metrics a current peer uses, plus the daily follower total. */
export const PAGE_METRICS = [
  'page_total_media_view_unique',
  'page_media_view',
  'page_post_engagements',
  'page_daily_follows',
  'page_follows',
] as const;
export const POST_METRICS = ['post_total_media_view_unique', 'post_clicks'] as const;

const POST_FIELDS =
  'shares,comments.summary(true).limit(0),reactions.summary(true).limit(0),attachments{media_type}';
const postFields = (insights: boolean) =>
  insights ? `${POST_FIELDS},insights.metric(${POST_METRICS.join(',')})` : POST_FIELDS;

/** Graph's longest insights span. */
const MAX_SPAN_DAYS = 90;
/** Later runs read the last stored days again: Graph revises recent days. */
const OVERLAP_DAYS = 3;
const MAX_INSIGHT_PAGES = 12;
export const IDS_PER_BATCH = 50;
const DAY_MS = 86_400_000;

export interface DailyRow {
  day: string;
  followers?: number | null;
  follows?: number | null;
  views?: number | null;
  reach?: number | null;
  engagements?: number | null;
}

export interface PostRow {
  /** The publish target. */
  id: string;
  status: 'ok' | 'unavailable' | 'deleted';
  content_type?: string | null;
  reactions?: number | null;
  comments?: number | null;
  shares?: number | null;
  clicks?: number | null;
  reach?: number | null;
  views?: number | null;
}

export interface PostTarget {
  id: string;
  remote_id: string;
}

export interface PageCollection {
  followers: number | null;
  daily: DailyRow[];
  posts: PostRow[];
  unavailable: string[];
  /** Set when a call failed or usage ran out: what stopped the collection. */
  stop: GraphFailure | null;
}

const DAILY_KEY: Record<(typeof PAGE_METRICS)[number], keyof Omit<DailyRow, 'day'>> = {
  page_total_media_view_unique: 'reach',
  page_media_view: 'views',
  page_post_engagements: 'engagements',
  page_daily_follows: 'follows',
  page_follows: 'followers',
};

const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null;

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day a value is for: Graph's end_time is the end of that day, so one day back. */
export function dayOfEndTime(endTime: string): string | null {
  const ms = Date.parse(endTime.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
  return Number.isFinite(ms) ? utcDay(ms - DAY_MS) : null;
}

/** Graph's attachment media_type as Postbloom's content type. */
export function contentTypeOf(post: Record<string, unknown>): string {
  const data = (post.attachments as { data?: unknown } | undefined)?.data;
  const first = Array.isArray(data) ? (data[0] as { media_type?: unknown } | undefined) : undefined;
  switch (first?.media_type) {
    case 'photo':
      return 'image';
    case 'video':
      return 'video';
    case 'album':
      return 'carousel';
    case 'share':
    case 'link':
      return 'link';
    default:
      return 'text';
  }
}

const rateStop = (): GraphFailure => ({
  kind: 'rate_limited',
  code: null,
  message: USAGE_STOP,
});

/** The ids Graph names in "Some of the aliases you requested do not exist: a,b". */
function missingIds(message: string, asked: string[]): string[] {
  const list = /do not exist:\s*(.+)$/i.exec(message)?.[1] ?? '';
  const named = list.split(/[,\s]+/).filter(Boolean);
  return asked.filter((id) => named.includes(id));
}

export async function collectPage(
  s: GraphSession,
  pageId: string,
  opts: { lastDay: string | null; now: Date; posts: PostTarget[] },
): Promise<PageCollection> {
  const out: PageCollection = {
    followers: null,
    daily: [],
    posts: [],
    unavailable: [],
    stop: null,
  };
  const page = `/${encodeURIComponent(pageId)}`;

  const fields = await graphGet(s, page, { fields: 'followers_count,fan_count' });
  if (!fields.ok) {
    out.stop = fields.failure;
    return out;
  }
  out.followers = num(fields.body.followers_count) ?? num(fields.body.fan_count);
  if (out.followers !== null)
    out.daily.push({ day: utcDay(opts.now.getTime()), followers: out.followers });
  if (overLimit(s)) {
    out.stop = rateStop();
    return out;
  }

  // Insights: from 90 days back on the first run, else from a few days before the last stored one.
  const nowMs = opts.now.getTime();
  const earliest = nowMs - MAX_SPAN_DAYS * DAY_MS;
  const fromLast = opts.lastDay
    ? Date.parse(`${opts.lastDay}T00:00:00Z`) - OVERLAP_DAYS * DAY_MS
    : earliest;
  const since = Math.floor(Math.max(earliest, fromLast) / 1000);
  const until = Math.floor(nowMs / 1000);
  let metrics: string[] = [...PAGE_METRICS];
  const params = (m: string[]) => ({
    metric: m.join(','),
    period: 'day',
    since: String(since),
    until: String(until),
  });

  let first = await graphGet(s, `${page}/insights`, params(metrics));
  if (!first.ok && first.failure.kind === 'invalid') {
    // Graph does not say which metric it refuses: ask for each alone to find the retired ones.
    const kept: string[] = [];
    for (const m of metrics) {
      if (overLimit(s)) break;
      const probe = await graphGet(s, `${page}/insights`, params([m]));
      if (probe.ok) kept.push(m);
      else if (probe.failure.kind === 'invalid') out.unavailable.push(m);
      else {
        out.stop = probe.failure;
        return out;
      }
    }
    if (overLimit(s)) {
      out.stop = rateStop();
      return out;
    }
    metrics = kept;
    first = metrics.length
      ? await graphGet(s, `${page}/insights`, params(metrics))
      : { ok: true, body: { data: [] } };
  }
  if (!first.ok && first.failure.kind === 'denied') {
    // The token may not read insights at all: the page's other numbers still count.
    out.unavailable.push(...metrics);
  } else if (!first.ok) {
    out.stop = first.failure;
    return out;
  } else {
    const byDay = new Map<string, DailyRow>();
    let answer: Record<string, unknown> = first.body;
    for (let pageNo = 0; ; pageNo++) {
      for (const series of Array.isArray(answer.data) ? answer.data : []) {
        const name = (series as { name?: unknown }).name as (typeof PAGE_METRICS)[number];
        const key = DAILY_KEY[name];
        const values = (series as { values?: unknown }).values;
        if (!key || !Array.isArray(values)) continue;
        for (const v of values as { value?: unknown; end_time?: unknown }[]) {
          const day = typeof v.end_time === 'string' ? dayOfEndTime(v.end_time) : null;
          const value = num(v.value);
          if (!day || value === null) continue;
          const row = byDay.get(day) ?? { day };
          row[key] = value;
          byDay.set(day, row);
        }
      }
      const next = (answer.paging as { next?: unknown } | undefined)?.next;
      if (typeof next !== 'string' || pageNo + 1 >= MAX_INSIGHT_PAGES) break;
      // Graph's next window may lie in the future: follow it only while it starts before now.
      const nextSince = Number(new URL(next).searchParams.get('since'));
      if (!Number.isFinite(nextSince) || nextSince >= until) break;
      if (overLimit(s)) {
        out.stop = rateStop();
        break;
      }
      const more = await graphGet(s, next);
      if (!more.ok) {
        out.stop = more.failure;
        break;
      }
      answer = more.body;
    }
    const today = out.daily[0];
    for (const row of byDay.values()) {
      if (today && row.day === today.day)
        Object.assign(today, { ...row, followers: today.followers });
      else out.daily.push(row);
    }
    if (out.stop) return out;
  }

  // Posts, up to 50 ids a request, counts and insights in one go.
  let withInsights = true;
  for (let i = 0; i < opts.posts.length; i += IDS_PER_BATCH) {
    let batch = opts.posts.slice(i, i + IDS_PER_BATCH);
    while (batch.length > 0) {
      if (overLimit(s)) {
        out.stop = rateStop();
        return out;
      }
      const answer = await graphGet(s, '/', {
        ids: batch.map((p) => p.remote_id).join(','),
        fields: postFields(withInsights),
      });
      if (answer.ok) {
        for (const target of batch) {
          const post = answer.body[target.remote_id];
          if (!post || typeof post !== 'object') {
            out.posts.push({ id: target.id, status: 'deleted' });
            continue;
          }
          out.posts.push(postRow(target.id, post as Record<string, unknown>, withInsights));
        }
        break;
      }
      const f = answer.failure;
      const gone =
        f.kind === 'missing' || (f.kind === 'invalid' && /do(es)? not exist/i.test(f.message))
          ? missingIds(
              f.message,
              batch.map((p) => p.remote_id),
            )
          : [];
      if (gone.length > 0) {
        for (const t of batch.filter((p) => gone.includes(p.remote_id))) {
          out.posts.push({ id: t.id, status: 'deleted' });
        }
        batch = batch.filter((p) => !gone.includes(p.remote_id));
        continue;
      }
      if (f.kind === 'missing' || f.kind === 'invalid') {
        if (withInsights) {
          // A retired post metric: the counts still come without insights.
          withInsights = false;
          out.unavailable.push(...POST_METRICS);
          continue;
        }
        // Graph did not name the missing post: ask for each alone.
        if (batch.length > 1) {
          for (const t of batch) {
            const single = await graphGet(s, '/', { ids: t.remote_id, fields: postFields(false) });
            if (single.ok && single.body[t.remote_id]) {
              out.posts.push(
                postRow(t.id, single.body[t.remote_id] as Record<string, unknown>, false),
              );
            } else if (single.ok || ['missing', 'invalid'].includes(single.failure.kind)) {
              out.posts.push({ id: t.id, status: 'deleted' });
            } else {
              out.stop = single.failure;
              return out;
            }
          }
        } else {
          out.posts.push({ id: batch[0]!.id, status: 'deleted' });
        }
        break;
      }
      out.stop = f;
      return out;
    }
  }
  return out;
}

function postRow(id: string, post: Record<string, unknown>, withInsights: boolean): PostRow {
  const summary = (v: unknown) =>
    num((v as { summary?: { total_count?: unknown } } | undefined)?.summary?.total_count);
  const row: PostRow = {
    id,
    status: 'ok',
    content_type: contentTypeOf(post),
    reactions: summary(post.reactions),
    comments: summary(post.comments),
    // Graph leaves `shares` out when nobody shared.
    shares: num((post.shares as { count?: unknown } | undefined)?.count) ?? 0,
    clicks: null,
    reach: null,
    views: null,
  };
  if (withInsights) {
    const data = (post.insights as { data?: unknown } | undefined)?.data;
    for (const series of Array.isArray(data) ? data : []) {
      const name = (series as { name?: unknown }).name;
      const values = (series as { values?: unknown }).values;
      const value = Array.isArray(values) ? num((values[0] as { value?: unknown })?.value) : null;
      if (name === 'post_total_media_view_unique') row.reach = value;
      if (name === 'post_clicks') row.clicks = value;
    }
  }
  return row;
}
