/**
 * What a platform's answer to a publish means for the target (../shared/platform-apis.md,
 * "Publish" and "Errors"). Pure functions: the HTTP clients hand them the status, headers and
 * parsed body, or the error fetch threw. docs/publishing.md, "Publisher".
 */

export type PublishPlatform = 'facebook' | 'linkedin';

export const PLATFORM_NAMES: Record<PublishPlatform, string> = {
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
};

export type Verdict =
  | { kind: 'published'; remoteId: string; permalink: string }
  /** Surely did not happen (rate limit, nothing sent): send again after `delayMs`. */
  | { kind: 'retry'; code: string; message: string; delayMs: number | null }
  /** May have happened: never send again; look for the post, or ask the user. */
  | { kind: 'unknown'; code: string; message: string }
  /** The platform says the same text is already there (LinkedIn names the post). */
  | { kind: 'duplicate'; code: string; message: string; remoteId: string | null }
  /** The token is expired or revoked: the account needs a reconnect. */
  | { kind: 'reconnect'; code: string; message: string }
  | { kind: 'failed'; code: string; message: string };

export interface PlatformAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON, or null when the body was empty or not JSON. */
  body: unknown;
}

const MAX_MESSAGE = 500;
const GRAPH_RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
/** Errors a socket gives before a request could have reached the platform. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Cuts every given secret out of a platform's message and keeps it short. */
export function clean(message: string, secrets: (string | null | undefined)[]): string {
  let out = message;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('[redacted]');
  return out.length > MAX_MESSAGE ? `${out.slice(0, MAX_MESSAGE - 1)}…` : out;
}

export const facebookPermalink = (id: string): string => `https://www.facebook.com/${id}`;
export const linkedinPermalink = (urn: string): string =>
  `https://www.linkedin.com/feed/update/${urn}`;

/** Seconds or an HTTP date in `Retry-After`, as milliseconds from `now`. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The longest `estimated_time_to_regain_access` (minutes) in X-Business-Use-Case-Usage. */
export function businessUseCaseWaitMs(value: string | null): number | null {
  if (!value) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (!isObject(parsed)) return null;
  let minutes: number | null = null;
  for (const entries of Object.values(parsed)) {
    if (!Array.isArray(entries)) continue;
    for (const e of entries) {
      const m = isObject(e) ? Number(e.estimated_time_to_regain_access) : NaN;
      if (Number.isFinite(m) && m >= 0) minutes = Math.max(minutes ?? 0, m);
    }
  }
  return minutes === null ? null : minutes * 60_000;
}

/** What the platform asked us to wait, if it said: the larger of its two hints. */
function platformWaitMs(headers: Headers, now: number): number | null {
  const a = businessUseCaseWaitMs(headers.get('x-business-use-case-usage'));
  const b = retryAfterMs(headers.get('retry-after'), now);
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

const BACKOFF_BASE_MS = 60_000;
const BACKOFF_CAP_MS = 15 * 60_000;

/**
 * When to try a rate-limited or unsent publish again: the platform's own hint, else 60 s doubling
 * with each attempt up to 15 minutes; jittered by up to a fifth so many targets do not return at
 * once.
 */
export function backoffMs(
  attempts: number,
  hintMs: number | null,
  random: () => number = Math.random,
): number {
  const base =
    hintMs !== null
      ? hintMs
      : Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base + base * 0.2 * random());
}

/**
 * A thrown fetch error: surely-not-sent when the connection never opened (refused, no such host),
 * else the request may have reached the platform (timeout, reset mid-answer).
 */
export function classifyNetworkError(error: unknown, platform: PublishPlatform): Verdict {
  const name = PLATFORM_NAMES[platform];
  const e = error as { name?: string; code?: string; cause?: { code?: string; name?: string } };
  if (e?.name === 'TimeoutError') {
    return { kind: 'unknown', code: 'timeout', message: `${name} did not answer in time.` };
  }
  const code = e?.cause?.code ?? e?.code;
  if (code && NOT_SENT_CODES.has(code)) {
    return {
      kind: 'retry',
      code: 'unreachable',
      message: `${name} could not be reached.`,
      delayMs: null,
    };
  }
  return {
    kind: 'unknown',
    code: 'connection_lost',
    message: `The connection to ${name} broke before it answered.`,
  };
}

/** Graph's answer to `POST /{page}/feed`. */
export function classifyFacebookPublish(
  answer: PlatformAnswer,
  secrets: (string | null | undefined)[],
  now = Date.now(),
): Verdict {
  const { status, body, headers } = answer;
  if (status >= 200 && status < 300) {
    const id = isObject(body) ? text(body.id) : null;
    if (!id) {
      return {
        kind: 'unknown',
        code: 'no_id',
        message: 'Facebook accepted the post without naming it.',
      };
    }
    const permalink = isObject(body) ? text(body.permalink_url) : null;
    return { kind: 'published', remoteId: id, permalink: permalink ?? facebookPermalink(id) };
  }
  const error = isObject(body) && isObject(body.error) ? body.error : null;
  const code = error && typeof error.code === 'number' ? error.code : null;
  const said = error ? text(error.message) : null;
  const message = clean(said ?? `Facebook answered HTTP ${status}.`, secrets);
  if (status === 429 || (code !== null && isRateLimitCode(code))) {
    return {
      kind: 'retry',
      code: 'rate_limited',
      message,
      delayMs: platformWaitMs(headers, now),
    };
  }
  // Graph has answered 500 code 2 and still created the post: a 5xx, or an "unknown"/"service"
  // error whatever its status, is an outcome we cannot know.
  if (status >= 500 || code === 1 || code === 2) {
    return { kind: 'unknown', code: 'platform_error', message };
  }
  if (code === 190) {
    return {
      kind: 'reconnect',
      code: 'reconnect_needed',
      message: 'Reconnect Facebook: the connection expired or was revoked.',
    };
  }
  if (code === 506 || (code === 368 && /already posted|duplicate/i.test(said ?? ''))) {
    return { kind: 'duplicate', code: 'duplicate', message, remoteId: null };
  }
  return { kind: 'failed', code: code !== null ? `facebook_${code}` : `http_${status}`, message };
}

function isRateLimitCode(code: number): boolean {
  return GRAPH_RATE_LIMIT_CODES.has(code) || (code >= 80000 && code <= 80014);
}

const URN = /urn:li:(?:share|ugcPost):[A-Za-z0-9_-]+/;

/** LinkedIn's answer to `POST /rest/posts`. */
export function classifyLinkedInPublish(
  answer: PlatformAnswer,
  secrets: (string | null | undefined)[],
  now = Date.now(),
): Verdict {
  const { status, body, headers } = answer;
  if (status >= 200 && status < 300) {
    const urn = text(headers.get('x-restli-id')) ?? (isObject(body) ? text(body.id) : null);
    if (!urn) {
      return {
        kind: 'unknown',
        code: 'no_id',
        message: 'LinkedIn accepted the post without naming it.',
      };
    }
    return { kind: 'published', remoteId: urn, permalink: linkedinPermalink(urn) };
  }
  const said = isObject(body) ? text(body.message) : null;
  const message = clean(said ?? `LinkedIn answered HTTP ${status}.`, secrets);
  if (status === 429) {
    return {
      kind: 'retry',
      code: 'rate_limited',
      message,
      delayMs: retryAfterMs(headers.get('retry-after'), now),
    };
  }
  if (status >= 500) return { kind: 'unknown', code: 'platform_error', message };
  if (status === 401) {
    return {
      kind: 'reconnect',
      code: 'reconnect_needed',
      message: 'Reconnect LinkedIn: the connection expired or was revoked.',
    };
  }
  if (status === 422 && isDuplicate(body)) {
    const urn = URN.exec(said ?? '')?.[0] ?? null;
    return { kind: 'duplicate', code: 'duplicate', message, remoteId: urn };
  }
  return { kind: 'failed', code: `http_${status}`, message };
}

function isDuplicate(body: unknown): boolean {
  if (!isObject(body)) return false;
  if (/duplicate/i.test(text(body.message) ?? '')) return true;
  const details = isObject(body.errorDetails) ? body.errorDetails : null;
  const inputs = details && Array.isArray(details.inputErrors) ? details.inputErrors : [];
  return inputs.some((e) => isObject(e) && e.code === 'DUPLICATE_POST');
}
