import type { FakeFacebook, FakeReply, FakeRequest } from './types';
import { fakeMediaType, fakePageDay, fakePostNumbers, fakeUtcDay } from './metrics';

/**
 * The Graph reads of the metrics collector: `/{page-id}/insights` and `GET /?ids=…&fields=…` with
 * field expansion, answered from the numbers in metrics.ts, in Graph's shapes
 * (../shared/platform-apis.md, "Insights").
 */

type GraphError = (code: number, message: string, opts?: { subcode?: number }) => FakeReply;

/** Metrics Graph retired in 2024–2025: asking for one is an error, as on Graph. */
export const RETIRED_METRICS = [
  'page_engaged_users',
  'page_consumptions',
  'page_impressions',
  'page_impressions_unique',
  'page_fans',
  'post_engaged_users',
  'post_impressions',
  'post_impressions_unique',
];

const PAGE_METRICS: Record<string, keyof ReturnType<typeof fakePageDay>> = {
  page_total_media_view_unique: 'reach',
  page_media_view: 'views',
  page_post_engagements: 'engagements',
  page_daily_follows: 'follows',
  page_follows: 'followers',
};
const POST_METRICS = ['post_total_media_view_unique', 'post_clicks'] as const;
const INVALID_METRIC = '(#100) The value must be a valid insights metric';
const DAY_MS = 86_400_000;
const MAX_SPAN_S = 90 * 86_400;

/** `since`/`until`: unix seconds or a date Graph would parse. */
function parseTime(raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return null;
  if (/^\d+$/.test(raw)) return Number(raw);
  const ms = Date.parse(raw);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

const endTime = (day: string) =>
  new Date(Date.parse(`${day}T08:00:00Z`) + DAY_MS).toISOString().replace(/\.\d{3}Z$/, '+0000');

/** `/{page-id}/insights?metric=a,b&period=day&since&until`, at most `insightsWindowDays` a page. */
export function pageInsights(
  fb: FakeFacebook,
  req: FakeRequest,
  pageId: string,
  token: string,
  origin: string,
  graphError: GraphError,
): FakeReply {
  const metrics = (req.query.metric ?? '').split(',').filter(Boolean);
  if (metrics.length === 0) return graphError(100, '(#100) The parameter metric is required');
  if (metrics.some((m) => fb.retiredMetrics.has(m) || !(m in PAGE_METRICS))) {
    return graphError(100, INVALID_METRIC);
  }
  const period = req.query.period ?? 'day';
  if (period !== 'day') return graphError(100, '(#100) This fake answers period=day only');
  const nowS = Math.floor(Date.now() / 1000);
  const until = parseTime(req.query.until) ?? nowS;
  const since = parseTime(req.query.since) ?? until - 2 * 86_400;
  if (until - since > MAX_SPAN_S) {
    return graphError(
      100,
      '(#100) There cannot be more than 90 days (7776000 s) between since and until',
    );
  }
  const window = fb.insightsWindowDays * 86_400;
  const end = Math.min(until, since + window);
  // Complete days only: a day is there from the day after it.
  const today = fakeUtcDay();
  const days: string[] = [];
  for (let d = fakeUtcDay(since * 1000); d < fakeUtcDay(end * 1000) && d < today;) {
    days.push(d);
    d = fakeUtcDay(Date.parse(`${d}T00:00:00Z`) + DAY_MS);
  }
  const link = (s: number, u: number) => {
    const path = `${req.version ? `/${req.version}` : ''}/${pageId}/insights`;
    const params = new URLSearchParams({
      access_token: token,
      metric: metrics.join(','),
      period,
      since: String(s),
      until: String(u),
    });
    return `${origin}${path}?${params}`;
  };
  return {
    status: 200,
    headers: {},
    body: {
      data: metrics.map((name) => ({
        name,
        period: 'day',
        values: days.map((day) => ({
          value: fakePageDay(pageId, day)[PAGE_METRICS[name]!],
          end_time: endTime(day),
        })),
        title: name,
        description: `The fake's ${name}`,
        id: `${pageId}/insights/${name}/day`,
      })),
      // Like Graph, the next window is offered even when it lies in the future.
      paging: {
        previous: link(since - (end - since), since),
        next: link(end, end + (end - since)),
      },
    },
  };
}

/** Splits a fields list at top-level commas: `a,b{c,d},e.metric(f,g)` → 3 fields. */
export function splitFields(raw: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of raw) {
    if (ch === '{' || ch === '(') depth++;
    if (ch === '}' || ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** `GET /?ids=a,b&fields=…`: each post's counts, attachments and insights, keyed by id. */
export function postsByIds(fb: FakeFacebook, req: FakeRequest, graphError: GraphError): FakeReply {
  const ids = (req.query.ids ?? '').split(',').filter(Boolean);
  if (ids.length === 0) return graphError(100, '(#100) The parameter ids is required');
  if (ids.length > 50) return graphError(100, '(#100) Too many IDs. Maximum: 50.');
  const missing = ids.filter((id) => !fb.posts.some((p) => p.id === id));
  if (missing.length > 0) {
    return graphError(
      803,
      `(#803) Some of the aliases you requested do not exist: ${missing.join(',')}`,
    );
  }
  const fields = splitFields(req.query.fields ?? 'id');
  const body: Record<string, unknown> = {};
  for (const id of ids) {
    const post = fb.posts.find((p) => p.id === id)!;
    const n = fakePostNumbers(id);
    const out: Record<string, unknown> = { id };
    for (const field of fields) {
      const name = /^[a-z_]+/.exec(field)?.[0] ?? '';
      if (name === 'id') continue;
      if (name === 'message' || name === 'created_time' || name === 'permalink_url') {
        out[name] = post[name];
      } else if (name === 'shares') {
        if (n.shares > 0) out.shares = { count: n.shares };
      } else if (name === 'comments') {
        out.comments = {
          data: [],
          summary: { order: 'ranked', total_count: n.comments, can_comment: true },
        };
      } else if (name === 'reactions') {
        out.reactions = {
          data: [],
          summary: { total_count: n.reactions, viewer_reaction: 'NONE' },
        };
      } else if (name === 'attachments') {
        const media = fakeMediaType(id);
        if (media) out.attachments = { data: [{ media_type: media }] };
      } else if (name === 'insights') {
        const asked = /\.metric\(([^)]*)\)/.exec(field)?.[1]?.split(',').filter(Boolean) ?? [
          ...POST_METRICS,
        ];
        if (
          asked.some(
            (m) => fb.retiredMetrics.has(m) || !(POST_METRICS as readonly string[]).includes(m),
          )
        ) {
          return graphError(100, INVALID_METRIC);
        }
        out.insights = {
          data: asked.map((m) => ({
            name: m,
            period: 'lifetime',
            values: [{ value: m === 'post_clicks' ? n.clicks : n.reach }],
            title: m,
            description: `The fake's ${m}`,
            id: `${id}/insights/${m}/lifetime`,
          })),
        };
      } else {
        return graphError(
          100,
          `(#100) Tried accessing nonexisting field (${name}) on node type (Post)`,
        );
      }
    }
    body[id] = out;
  }
  return { status: 200, headers: {}, body };
}

/** Graph's usage headers for an answer to a page's token (`fb.usage`, percent). */
export function usageHeaders(fb: FakeFacebook, pageId: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    'X-App-Usage': JSON.stringify({
      call_count: fb.usage.app,
      total_cputime: Math.floor(fb.usage.app / 2),
      total_time: Math.floor(fb.usage.app / 2),
    }),
  };
  if (pageId) {
    const page = fb.usage.pages?.[pageId] ?? fb.usage.page;
    headers['X-Business-Use-Case-Usage'] = JSON.stringify({
      [pageId]: [
        {
          type: 'pages',
          call_count: page,
          total_cputime: Math.floor(page / 2),
          total_time: Math.floor(page / 2),
          estimated_time_to_regain_access: page > 100 ? 5 : 0,
        },
      ],
    });
  }
  return headers;
}
