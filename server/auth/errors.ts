import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';

/**
 * An error GoTrue would answer with. supabase-js reads `code` only when the response echoes the
 * API version header, and turns `weak_password` into an AuthWeakPasswordError.
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

/** Bad bodies and unexpected failures alike end here, in GoTrue's 2024-01-01 error shape. */
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
  c.header(API_VERSION_HEADER, API_VERSION);
  for (const [name, value] of Object.entries(e.headers)) c.header(name, value);
  return c.json({ code: e.code, message: e.message, ...e.extra }, e.status);
}
