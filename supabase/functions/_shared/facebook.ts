import {
  PlatformError,
  expiresAt,
  isObject,
  nonEmptyString,
  platformFetch,
  redact,
  unavailable,
} from './platform-fetch.ts';

/** The Graph API calls of connecting Facebook Pages (../shared/platform-apis.md, "Login"). */

export interface GraphConfig {
  /** FACEBOOK_GRAPH_URL, no trailing slash. */
  graphUrl: string;
  /** FACEBOOK_GRAPH_VERSION, e.g. v24.0. */
  version: string;
  timeoutMs?: number;
}

export interface UserToken {
  accessToken: string;
  /** ISO time, or null when Graph gave no expires_in (long-lived tokens sometimes have none). */
  expiresAt: string | null;
}

export interface GraphPage {
  id: string;
  name: string;
  category: string | null;
  tasks: string[];
  /** null: the user did not grant this page in the dialog; it cannot be published to. */
  accessToken: string | null;
}

export interface PageListing {
  pages: GraphPage[];
  /** True when the listing was cut short: too many pages of results, or a next link elsewhere. */
  truncated: boolean;
}

/** /me/accounts answers at most 100 pages at once; 20 requests cover 2,000 Pages. */
export const MAX_PAGE_REQUESTS = 20;
const PAGE_FIELDS = 'id,name,access_token,category,tasks';
const PLATFORM = 'Facebook';

function graphUrl(cfg: GraphConfig, path: string, params: Record<string, string>): URL {
  const url = new URL(`${cfg.graphUrl}/${cfg.version}${path}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url;
}

/** Graph's `{error: {message, code, error_subcode}}` as a PlatformError (4xx: 400, 5xx: 502). */
function graphFailure(status: number, body: unknown, secrets: (string | null)[]): PlatformError {
  if (status >= 500 || status === 0) return unavailable(PLATFORM, status);
  const error = isObject(body) && isObject(body.error) ? body.error : null;
  if (!error) return status >= 400 ? unavailable(PLATFORM, status) : unavailable(PLATFORM);
  const message = nonEmptyString(error.message)
    ? redact(error.message, secrets).slice(0, 500)
    : 'Failed to connect Facebook';
  const code = typeof error.code === 'number' ? error.code : undefined;
  const subcode = typeof error.error_subcode === 'number' ? error.error_subcode : undefined;
  return new PlatformError(400, message, code, subcode);
}

async function graphGet(
  cfg: GraphConfig,
  url: URL,
  secrets: (string | null)[],
): Promise<Record<string, unknown>> {
  const reply = await platformFetch(url, { platform: PLATFORM, timeoutMs: cfg.timeoutMs });
  if (reply.status !== 200) throw graphFailure(reply.status, reply.body, secrets);
  if (!isObject(reply.body)) throw unavailable(PLATFORM);
  return reply.body;
}

function userToken(body: Record<string, unknown>): UserToken {
  if (!nonEmptyString(body.access_token)) throw unavailable(PLATFORM);
  return { accessToken: body.access_token, expiresAt: expiresAt(body.expires_in) };
}

/** The dialog's code → a short-lived user token. redirect_uri must be the dialog's, byte for byte. */
export async function exchangeCode(
  cfg: GraphConfig,
  app: { appId: string; secret: string },
  code: string,
  redirectUri: string,
): Promise<UserToken> {
  const url = graphUrl(cfg, '/oauth/access_token', {
    client_id: app.appId,
    redirect_uri: redirectUri,
    client_secret: app.secret,
    code,
  });
  return userToken(await graphGet(cfg, url, [app.secret, code]));
}

/** A short-lived user token → a long-lived one (about 60 days). */
export async function exchangeForLongLived(
  cfg: GraphConfig,
  app: { appId: string; secret: string },
  shortLived: string,
): Promise<UserToken> {
  const url = graphUrl(cfg, '/oauth/access_token', {
    grant_type: 'fb_exchange_token',
    client_id: app.appId,
    client_secret: app.secret,
    fb_exchange_token: shortLived,
  });
  return userToken(await graphGet(cfg, url, [app.secret, shortLived]));
}

function parsePage(raw: unknown): GraphPage | null {
  if (!isObject(raw) || !nonEmptyString(raw.id)) return null;
  const id = raw.id;
  return {
    id,
    name: nonEmptyString(raw.name) ? raw.name : id,
    category: nonEmptyString(raw.category) ? raw.category : null,
    tasks: Array.isArray(raw.tasks)
      ? raw.tasks.filter((t): t is string => typeof t === 'string')
      : [],
    accessToken: nonEmptyString(raw.access_token) ? raw.access_token : null,
  };
}

/**
 * Every Page the user manages, following `paging.next`. A next link is followed only while it
 * stays on the configured Graph origin (the answer must not send the server elsewhere),
 * and at most MAX_PAGE_REQUESTS requests are made.
 */
export async function listPages(
  cfg: GraphConfig,
  userAccessToken: string,
  maxRequests = MAX_PAGE_REQUESTS,
): Promise<PageListing> {
  const first = graphUrl(cfg, '/me/accounts', {
    fields: PAGE_FIELDS,
    limit: '100',
    access_token: userAccessToken,
  });
  const origin = first.origin;
  const pages: GraphPage[] = [];
  const seen = new Set<string>();
  let url: URL | null = first;
  let requests = 0;
  let truncated = false;
  while (url) {
    if (requests >= maxRequests) {
      truncated = true;
      break;
    }
    requests += 1;
    const body = await graphGet(cfg, url, [userAccessToken]);
    if (!Array.isArray(body.data)) throw unavailable(PLATFORM);
    for (const raw of body.data) {
      const page = parsePage(raw);
      if (page && !seen.has(page.id)) {
        seen.add(page.id);
        pages.push(page);
      }
    }
    const next = isObject(body.paging) ? body.paging.next : undefined;
    url = null;
    if (nonEmptyString(next)) {
      let candidate: URL | null = null;
      try {
        candidate = new URL(next);
      } catch {
        candidate = null;
      }
      // Graph writes the user's numeric id in place of `me`: only the origin and the edge are fixed.
      if (candidate && candidate.origin === origin && /\/accounts\/?$/.test(candidate.pathname)) {
        if (!candidate.searchParams.has('access_token')) {
          candidate.searchParams.set('access_token', userAccessToken);
        }
        url = candidate;
      } else {
        truncated = true;
      }
    }
  }
  return { pages, truncated };
}
