import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';

/**
 * An error GoTrue would answer with. supabase-js reads `code` from the 2024-01-01 shape only when
 * the response echoes the API version header, else `error_code`, and turns `weak_password` into
 * an AuthWeakPasswordError.
 */
export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const unauthorized = (code: string, message: string) => new AuthError(401, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);

export const invalidCredentials = () =>
  badRequest('invalid_credentials', 'Invalid login credentials');

export function weakPassword(minLength: number): AuthError {
  return new AuthError(
    422,
    'weak_password',
    `Password should be at least ${minLength} characters.`,
    {
      weak_password: { reasons: ['length'] },
    },
  );
}

export function rateLimited(retryAfterMs: number): AuthError {
  return new AuthError(
    429,
    'over_request_rate_limit',
    'Request rate limit reached',
    {},
    { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  );
}

/** GoTrue's answer to a second mail within its minimum interval, as a sentence the app can show. */
export function emailRateLimited(waitSeconds: number): AuthError {
  const unit = waitSeconds === 1 ? 'second' : 'seconds';
  return new AuthError(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${waitSeconds} ${unit}.`,
    {},
    { 'Retry-After': String(waitSeconds) },
  );
}

/** The request body limit, answered in auth's shape: GoTrue has no code of its own for it. */
export function bodyTooLarge(maxBytes: number): AuthError {
  return new AuthError(
    413,
    'validation_failed',
    `Request body too large: the limit is ${maxBytes} bytes`,
    {},
    // The unread rest of the body makes the socket unusable; tell the client not to reuse it.
    { Connection: 'close' },
  );
}

/**
 * GoTrue's reading of the version header: a date on or after 2024-01-01 selects that version;
 * no header, an earlier date or anything unreadable selects the initial one.
 */
function wantsApiVersion(header: string | undefined): boolean {
  if (!header || !/^\d{4}-\d{2}-\d{2}$/.test(header)) return false;
  const date = new Date(`${header}T00:00:00Z`);
  // Date rolls 2024-02-30 over into March where Go's parser refuses it.
  const real = !Number.isNaN(date.getTime()) && date.toISOString().startsWith(header);
  return real && header >= API_VERSION;
}

/**
 * Bad bodies and unexpected failures alike end here, in the shape GoTrue gives the caller's API
 * version: `{code, message}` with the version echoed for 2024-01-01, else the legacy
 * `{code: <status>, error_code, msg}`, which supabase-js reads as well.
 */
export function errorResponse(c: Context, err: unknown): Response {
  const e =
    err instanceof AuthError
      ? err
      : new AuthError(
          500,
          'unexpected_failure',
          'Unexpected failure, please check server logs for more information',
        );
  if (!(err instanceof AuthError))
    console.error('auth: unexpected failure:', err instanceof Error ? err.message : String(err));
  for (const [name, value] of Object.entries(e.headers)) c.header(name, value);
  c.header('x-sb-error-code', e.code);
  if (wantsApiVersion(c.req.header(API_VERSION_HEADER))) {
    c.header(API_VERSION_HEADER, API_VERSION);
    return c.json({ code: e.code, message: e.message, ...e.extra }, e.status);
  }
  return c.json({ code: e.status, error_code: e.code, msg: e.message, ...e.extra }, e.status);
}
