import {
  PlatformError,
  expiresAt,
  isObject,
  nonEmptyString,
  platformFetch,
  redact,
  unavailable,
} from './platform-fetch.ts';

/** LinkedIn's token exchange and OpenID userinfo (../shared/platform-apis.md, "LinkedIn"). */

export interface LinkedInConfig {
  /** LINKEDIN_AUTH_URL, no trailing slash. */
  authUrl: string;
  /** LINKEDIN_API_URL, no trailing slash. */
  apiUrl: string;
  timeoutMs?: number;
}

export interface LinkedInToken {
  accessToken: string;
  expiresAt: string | null;
  /** Only LinkedIn's approved partners get one. */
  refreshToken: string | null;
  refreshExpiresAt: string | null;
  scopes: string[];
}

export interface LinkedInMember {
  /** `urn:li:person:{sub}`, the author of the member's posts. */
  urn: string;
  name: string;
  email: string | null;
}

const PLATFORM = 'LinkedIn';

/** LinkedIn has answered `scope` both comma- and space-separated. */
export function parseScopes(scope: unknown): string[] {
  if (typeof scope !== 'string') return [];
  return [...new Set(scope.split(/[\s,]+/).filter(Boolean))];
}

function failure(status: number, body: unknown, secrets: string[]): PlatformError {
  if (status >= 500 || status === 0) return unavailable(PLATFORM, status);
  if (!isObject(body)) return unavailable(PLATFORM, status);
  // The token endpoint answers `{error, error_description}`, the API `{status, serviceErrorCode, message}`.
  const text = nonEmptyString(body.error_description)
    ? body.error_description
    : nonEmptyString(body.message)
      ? body.message
      : nonEmptyString(body.error)
        ? body.error
        : 'Failed to connect LinkedIn';
  const code = nonEmptyString(body.error)
    ? body.error
    : typeof body.serviceErrorCode === 'number'
      ? body.serviceErrorCode
      : undefined;
  return new PlatformError(400, redact(text, secrets).slice(0, 500), code);
}

/** The authorization code → an access token (and a refresh token for approved partners). */
export async function exchangeCode(
  cfg: LinkedInConfig,
  app: { clientId: string; secret: string },
  code: string,
  redirectUri: string,
): Promise<LinkedInToken> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: app.clientId,
    client_secret: app.secret,
  });
  const reply = await platformFetch(new URL(`${cfg.authUrl}/oauth/v2/accessToken`), {
    platform: PLATFORM,
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    timeoutMs: cfg.timeoutMs,
  });
  if (reply.status !== 200) throw failure(reply.status, reply.body, [app.secret, code]);
  const body = reply.body;
  if (!isObject(body) || !nonEmptyString(body.access_token)) throw unavailable(PLATFORM);
  const refresh = nonEmptyString(body.refresh_token) ? body.refresh_token : null;
  return {
    accessToken: body.access_token,
    expiresAt: expiresAt(body.expires_in),
    refreshToken: refresh,
    refreshExpiresAt: refresh ? expiresAt(body.refresh_token_expires_in) : null,
    scopes: parseScopes(body.scope),
  };
}

/** The signed-in member, from OpenID userinfo. */
export async function fetchMember(
  cfg: LinkedInConfig,
  accessToken: string,
): Promise<LinkedInMember> {
  const reply = await platformFetch(new URL(`${cfg.apiUrl}/v2/userinfo`), {
    platform: PLATFORM,
    headers: { Authorization: `Bearer ${accessToken}` },
    timeoutMs: cfg.timeoutMs,
  });
  if (reply.status !== 200) throw failure(reply.status, reply.body, [accessToken]);
  const body = reply.body;
  if (!isObject(body) || !nonEmptyString(body.sub)) throw unavailable(PLATFORM);
  const given = typeof body.given_name === 'string' ? body.given_name : '';
  const family = typeof body.family_name === 'string' ? body.family_name : '';
  const name =
    (typeof body.name === 'string' && body.name.trim()) ||
    `${given} ${family}`.trim() ||
    'LinkedIn member';
  return {
    urn: `urn:li:person:${body.sub}`,
    name,
    email: nonEmptyString(body.email) ? body.email : null,
  };
}
