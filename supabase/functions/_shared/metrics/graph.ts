import { send, type SendOptions } from '../publish/http.ts';

/**
 * Graph reads for the metrics collector: every request counted, its usage headers read, and a
 * failure sorted into what the collector does about it (../shared/platform-apis.md, "Errors").
 */

/** Above this share (percent) of any usage budget the collector stops calling for this run. */
export const USAGE_LIMIT_PERCENT = 90;

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
const isRateLimitCode = (code: number) =>
  RATE_LIMIT_CODES.has(code) || (code >= 80000 && code <= 80014);

export interface GraphSession {
  graphUrl: string;
  version: string;
  token: string;
  send: SendOptions;
  /** Requests made with this session (counted before sending: a timeout counts too). */
  requests: number;
  /** The highest usage percentage any answer reported (null: none reported). */
  usage: number | null;
  /** The highest X-App-Usage percentage: the app's budget, shared by all its Pages. */
  appUsage: number | null;
}

export type GraphFailureKind =
  /** Rate limited: by an error code, an HTTP 429, or usage above the limit. */
  | 'rate_limited'
  /** Code 190: the token is dead, the account must be reconnected. */
  | 'reconnect'
  /** Code 100: an invalid parameter (also a retired metric, or a missing object). */
  | 'invalid'
  /** Code 803: some of the ids asked for do not exist. */
  | 'missing'
  /** A permission the token lacks (10, 200–299). */
  | 'denied'
  /** 5xx, a timeout, an unreachable host or an answer that is not Graph's. */
  | 'error';

export interface GraphFailure {
  kind: GraphFailureKind;
  code: number | null;
  /** Graph's message (never holds our token: it is cut out). */
  message: string;
}

export type GraphAnswer =
  { ok: true; body: Record<string, unknown> } | { ok: false; failure: GraphFailure };

/** The highest of the percentages in X-App-Usage and X-Business-Use-Case-Usage, or null. */
export function usagePercent(headers: Headers, only?: 'app'): number | null {
  let top: number | null = null;
  const take = (v: unknown) => {
    if (!v || typeof v !== 'object') return;
    for (const key of ['call_count', 'total_cputime', 'total_time']) {
      const n = (v as Record<string, unknown>)[key];
      if (typeof n === 'number' && Number.isFinite(n)) top = Math.max(top ?? 0, n);
    }
  };
  const parse = (raw: string | null): unknown => {
    if (!raw) return null;
    try {
      return JSON.parse(raw);
    } catch {
      return null;
    }
  };
  take(parse(headers.get('x-app-usage')));
  if (only === 'app') return top;
  const buc = parse(headers.get('x-business-use-case-usage'));
  if (buc && typeof buc === 'object') {
    for (const list of Object.values(buc as Record<string, unknown>)) {
      if (Array.isArray(list)) list.forEach(take);
    }
  }
  return top;
}

function classify(status: number, body: unknown): GraphFailure {
  const error =
    body && typeof body === 'object' ? (body as { error?: Record<string, unknown> }).error : null;
  const code = typeof error?.code === 'number' ? error.code : null;
  const message = typeof error?.message === 'string' ? error.message : `HTTP ${status}`;
  if (status === 429 || (code !== null && isRateLimitCode(code))) {
    return { kind: 'rate_limited', code, message };
  }
  if (code === 190 || code === 102) return { kind: 'reconnect', code, message };
  if (status >= 500 || code === null || code === 1 || code === 2) {
    return { kind: 'error', code, message };
  }
  if (code === 803) return { kind: 'missing', code, message };
  if (code === 100) return { kind: 'invalid', code, message };
  if (code === 10 || (code >= 200 && code <= 299)) return { kind: 'denied', code, message };
  return { kind: 'error', code, message };
}

const cut = (text: string, token: string) => (token ? text.split(token).join('[redacted]') : text);

/** A GET against Graph (`path` with or without the version; an absolute `paging.next` as is). */
export async function graphGet(
  s: GraphSession,
  pathOrUrl: string,
  params: Record<string, string> = {},
): Promise<GraphAnswer> {
  const url = /^https?:\/\//.test(pathOrUrl)
    ? new URL(pathOrUrl)
    : new URL(`${s.graphUrl}/${s.version}${pathOrUrl}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  // Paging links carry the token already; the one sent is always the session's own.
  url.searchParams.set('access_token', s.token);
  s.requests++;
  let answer;
  try {
    answer = await send(url, { method: 'GET', headers: { Accept: 'application/json' } }, s.send);
  } catch (e) {
    if ((e as Error).name === 'PublisherStopped') throw e;
    const timedOut = (e as Error).name === 'TimeoutError';
    return {
      ok: false,
      failure: {
        kind: 'error',
        code: null,
        message: timedOut ? 'Facebook did not answer in time' : 'Facebook could not be reached',
      },
    };
  }
  if (answer.headers) {
    const usage = usagePercent(answer.headers);
    if (usage !== null) s.usage = Math.max(s.usage ?? 0, usage);
    const app = usagePercent(answer.headers, 'app');
    if (app !== null) s.appUsage = Math.max(s.appUsage ?? 0, app);
  }
  const body = answer.body;
  if (answer.status === 200 && body && typeof body === 'object' && !Array.isArray(body)) {
    return { ok: true, body: body as Record<string, unknown> };
  }
  const failure = classify(answer.status, body);
  return { ok: false, failure: { ...failure, message: cut(failure.message, s.token) } };
}

/** Whether the answers so far ask the collector to stop calling (usage above the limit). */
export const overLimit = (s: GraphSession) => (s.usage ?? 0) > USAGE_LIMIT_PERCENT;

/**
 * Whether what stopped this Page stops the app's other Pages too: the app's own budget
 * (X-App-Usage, code 4) or the user's (code 17, an HTTP 429 without a code). Page and business
 * use case limits (32, 613, 80000–80014, X-Business-Use-Case-Usage) hold for one Page only.
 */
export const appLimited = (s: GraphSession, stop: GraphFailure | null) =>
  (s.appUsage ?? 0) > USAGE_LIMIT_PERCENT ||
  (stop?.kind === 'rate_limited' &&
    (stop.code === 4 || stop.code === 17 || stop.code === null) &&
    stop.message !== USAGE_STOP);

/** The message of a stop because usage crossed the limit (not an error Graph gave). */
export const USAGE_STOP = 'usage above the limit';
