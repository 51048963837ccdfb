/**
 * Calls to Facebook and LinkedIn from the connect functions: every request has a deadline, and a
 * failure becomes a PlatformError whose message may be shown to the user (provider refusals pass
 * the platform's own words on, with any secret or token we sent cut out).
 */

import type { EnvReader } from './env.ts';

export const PLATFORM_TIMEOUT_MS = 10_000;

/** SOCIAL_PLATFORM_TIMEOUT_MS: how long one call to Facebook or LinkedIn may take (default 10 s). */
export function platformTimeoutMs(env: EnvReader): number {
  const n = Number(env('SOCIAL_PLATFORM_TIMEOUT_MS'));
  return Number.isInteger(n) && n >= 100 && n <= 120_000 ? n : PLATFORM_TIMEOUT_MS;
}

export class PlatformError extends Error {
  constructor(
    /** 400: the platform refused what we sent; 502: it could not be reached or failed itself. */
    readonly status: 400 | 502,
    message: string,
    /** The platform's error code, when it gave one (Graph `code`, LinkedIn `error`). */
    readonly code?: string | number,
    readonly subcode?: number,
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}

export interface PlatformReply {
  status: number;
  /** The parsed JSON body, or null when the body was empty or not JSON. */
  body: unknown;
}

export interface FetchOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  /** The platform's name for the messages of an unreachable or broken platform. */
  platform: string;
}

/** One request with a deadline; network failures and timeouts become a 502 PlatformError. */
export async function platformFetch(url: URL, opts: FetchOptions): Promise<PlatformReply> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? 'GET',
      headers: { Accept: 'application/json', ...opts.headers },
      body: opts.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(opts.timeoutMs ?? PLATFORM_TIMEOUT_MS),
    });
  } catch (e) {
    const timedOut = (e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError';
    throw new PlatformError(
      502,
      timedOut
        ? `${opts.platform} did not answer in time. Please try again.`
        : `${opts.platform} could not be reached. Please try again.`,
    );
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new PlatformError(502, `${opts.platform} did not answer in time. Please try again.`);
  }
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  return { status: res.status, body };
}

/** The platform failed on its side (5xx) or answered something that is not its API's shape. */
export function unavailable(platform: string, status?: number): PlatformError {
  return new PlatformError(
    502,
    status && status >= 500
      ? `${platform} is not available right now (HTTP ${status}). Please try again later.`
      : `${platform} gave an unexpected answer. Please try again later.`,
  );
}

/** Cuts every given secret (a code, a token, an app secret) out of a text meant for the user. */
export function redact(text: string, secrets: (string | null | undefined)[]): string {
  let out = text;
  for (const s of secrets) {
    if (s && s.length >= 4) out = out.split(s).join('[redacted]');
  }
  return out;
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const nonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** `expires_in` seconds from now as an ISO time, or null when absent or not a positive number. */
export function expiresAt(expiresIn: unknown, now = Date.now()): string | null {
  const n = typeof expiresIn === 'string' ? Number(expiresIn) : expiresIn;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return null;
  return new Date(now + n * 1000).toISOString();
}
