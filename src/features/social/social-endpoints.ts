/** Where the browser sends the user to log in: settings, so tests and self-hosters can point them elsewhere. */
export interface SocialEndpoints {
  facebookDialogUrl: string;
  facebookGraphVersion: string;
  linkedinAuthUrl: string;
}

export const DEFAULT_SOCIAL_ENDPOINTS: SocialEndpoints = {
  facebookDialogUrl: 'https://www.facebook.com',
  // The spec's v19.0 is retired; the server uses the same default.
  facebookGraphVersion: 'v24.0',
  linkedinAuthUrl: 'https://www.linkedin.com',
};

export interface SocialEndpointSources {
  env: {
    VITE_FACEBOOK_DIALOG_URL?: string;
    VITE_FACEBOOK_GRAPH_VERSION?: string;
    VITE_LINKEDIN_AUTH_URL?: string;
  };
  /** The app server's /local/config, whose `social` field wins over the build-time values. */
  configUrl: string;
  fetch: typeof fetch;
}

const CONFIG_FETCH_TIMEOUT_MS = 5000;

function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  } catch {
    return undefined;
  }
  return value.trim().replace(/\/+$/, '');
}

function graphVersion(value: unknown): string | undefined {
  return typeof value === 'string' && /^v\d+\.\d+$/.test(value.trim()) ? value.trim() : undefined;
}

/** The valid fields of a `social` object; anything malformed is left to the next source. */
export function parseSocialEndpoints(value: unknown): Partial<SocialEndpoints> {
  if (typeof value !== 'object' || value === null) return {};
  const v = value as Record<string, unknown>;
  const parsed: Partial<SocialEndpoints> = {
    facebookDialogUrl: httpUrl(v.facebookDialogUrl),
    facebookGraphVersion: graphVersion(v.facebookGraphVersion),
    linkedinAuthUrl: httpUrl(v.linkedinAuthUrl),
  };
  return Object.fromEntries(
    Object.entries(parsed).filter(([, field]) => field !== undefined),
  ) as Partial<SocialEndpoints>;
}

function defaultSources(): SocialEndpointSources {
  return {
    env: import.meta.env as SocialEndpointSources['env'],
    configUrl: '/local/config',
    fetch: globalThis.fetch.bind(globalThis),
  };
}

async function fetchServerEndpoints(
  sources: SocialEndpointSources,
): Promise<Partial<SocialEndpoints> | null> {
  try {
    const response = await sources.fetch(sources.configUrl, {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
      signal: AbortSignal.timeout(CONFIG_FETCH_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { social?: unknown } | null;
    return parseSocialEndpoints(body?.social);
  } catch {
    // Hosted deployments have no /local/config: the build-time values apply.
    return null;
  }
}

/** Field by field: the server's `social` config, else VITE_ values, else the platforms' own URLs. */
export async function loadSocialEndpoints(
  overrides: Partial<SocialEndpointSources> = {},
): Promise<{ endpoints: SocialEndpoints; fromServer: boolean }> {
  const sources = { ...defaultSources(), ...overrides };
  const server = await fetchServerEndpoints(sources);
  const env = parseSocialEndpoints({
    facebookDialogUrl: sources.env.VITE_FACEBOOK_DIALOG_URL,
    facebookGraphVersion: sources.env.VITE_FACEBOOK_GRAPH_VERSION,
    linkedinAuthUrl: sources.env.VITE_LINKEDIN_AUTH_URL,
  });
  return {
    endpoints: { ...DEFAULT_SOCIAL_ENDPOINTS, ...env, ...(server ?? {}) },
    fromServer: server !== null,
  };
}

let cached: Promise<SocialEndpoints> | undefined;

/** The endpoints, read once per page load (again after a failed read of the server's config). */
export function getSocialEndpoints(): Promise<SocialEndpoints> {
  if (cached) return cached;
  const loading = loadSocialEndpoints().then(({ endpoints, fromServer }) => {
    if (!fromServer) cached = undefined;
    return endpoints;
  });
  cached = loading;
  return loading;
}

/** Forgets the endpoints read (tests that start their own servers). */
export function resetSocialEndpoints(): void {
  cached = undefined;
}

export const FACEBOOK_SCOPES = 'pages_show_list,pages_read_engagement,pages_manage_posts';
export const LINKEDIN_SCOPES = ['openid', 'profile', 'email', 'w_member_social'];

export interface DialogParams {
  clientId: string;
  redirectUri: string;
  state: string;
}

export function facebookDialogUrl(endpoints: SocialEndpoints, p: DialogParams): string {
  const e = encodeURIComponent;
  return (
    `${endpoints.facebookDialogUrl}/${endpoints.facebookGraphVersion}/dialog/oauth` +
    `?client_id=${e(p.clientId)}&redirect_uri=${e(p.redirectUri)}&state=${e(p.state)}` +
    `&response_type=code&scope=${FACEBOOK_SCOPES}`
  );
}

export function linkedinAuthorizationUrl(endpoints: SocialEndpoints, p: DialogParams): string {
  const e = encodeURIComponent;
  return (
    `${endpoints.linkedinAuthUrl}/oauth/v2/authorization?response_type=code` +
    `&client_id=${e(p.clientId)}&redirect_uri=${e(p.redirectUri)}&state=${e(p.state)}` +
    `&scope=${LINKEDIN_SCOPES.map(e).join('%20')}`
  );
}
