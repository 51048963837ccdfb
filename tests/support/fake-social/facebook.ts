import { Grants, bearer, isHttpUrl, randomId, redirectWith, type TokenGrant } from './grants';
import { RETIRED_METRICS, pageInsights, postsByIds, usageHeaders } from './insights';
import { fakeFanCount, fakeFollowers } from './metrics';
import { consentPage, errorPage } from './pages';
import {
  FAKE_FACEBOOK_APP,
  FAKE_FACEBOOK_VERSION,
  type FakeFacebook,
  type FakeFacebookPost,
  type FakePage,
  type FakePageInput,
  type FakeReply,
  type FakeRequest,
} from './types';

/**
 * Facebook Login's dialog and the Graph calls Postbloom makes, with Graph's error shape:
 * `{"error":{"message","type":"OAuthException","code","error_subcode"?,"fbtrace_id"}}`.
 */

const ALL_TASKS = ['MANAGE', 'CREATE_CONTENT', 'MODERATE', 'ADVERTISE', 'ANALYZE'];
const SHORT_LIVED_SECONDS = 5183;
const LONG_LIVED_SECONDS = 5_183_944;
const PAGE_FIELDS = [
  'id',
  'name',
  'access_token',
  'category',
  'category_list',
  'tasks',
  'followers_count',
  'fan_count',
];
const DEFAULT_PAGE_FIELDS = ['id', 'name', 'access_token', 'category', 'category_list', 'tasks'];

export const DEFAULT_FAKE_PAGES: Omit<FakePageInput, 'access_token'>[] = [
  { id: '101000000000001', name: 'Bloom Bakery', category: 'Bakery' },
  { id: '101000000000002', name: 'Bloom Florist', category: 'Florist' },
  { id: '101000000000003', name: 'Bloom Coffee Bar', category: 'Coffee shop' },
];

export function graphError(
  code: number,
  message: string,
  opts: {
    subcode?: number;
    status?: number;
    /** More of Graph's fields: is_transient, error_user_title, error_user_msg. */
    extra?: Record<string, unknown>;
    headers?: Record<string, string>;
  } = {},
): FakeReply {
  const error: Record<string, unknown> = { message, type: 'OAuthException', code };
  if (opts.subcode !== undefined) error.error_subcode = opts.subcode;
  Object.assign(error, opts.extra);
  error.fbtrace_id = randomId(9);
  const headers: Record<string, string> = { ...opts.headers };
  if (code === 190 || code === 102) {
    headers['WWW-Authenticate'] =
      `OAuth "Facebook Platform" "invalid_token" "${message.replace(/"/g, "'")}"`;
  }
  return { status: opts.status ?? 400, headers, body: { error } };
}

const ok = (body: unknown): FakeReply => ({ status: 200, body });

function pickFields(obj: Record<string, unknown>, fields: string[]) {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (obj[f] !== undefined && obj[f] !== null) out[f] = obj[f];
  return out;
}

function parseFields(raw: string | undefined, fallback: string[]): string[] {
  if (!raw) return fallback;
  const fields = raw
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  return fields.includes('id') ? fields : ['id', ...fields];
}

const POST_FIELDS = ['id', 'message', 'created_time', 'permalink_url'];
const DEFAULT_POST_FIELDS = ['id', 'message', 'created_time'];
const NOT_PAGE_TOKEN =
  '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission';

/** Graph's timestamps: `2026-11-24T20:31:17+0000`. */
export const graphTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');

const cursorOf = (id: string) => Buffer.from(id).toString('base64url');
const idOfCursor = (cursor: string) => Buffer.from(cursor, 'base64url').toString();

export function createFacebook(deps: {
  origin: () => string;
  failNext: (path: string, status: number, body: unknown) => void;
  /** The first post number; posts count up from it (a seed makes ids repeatable). */
  firstPostNumber: number;
}) {
  const live = new Set<string>();
  const grants = new Grants(live, 10 * 60_000);
  let postNumber = deps.firstPostNumber;

  const fb: FakeFacebook = {
    version: FAKE_FACEBOOK_VERSION,
    apps: new Map(),
    pages: [],
    pageSize: 2,
    longLivedExpiresIn: LONG_LIVED_SECONDS,
    user: { id: '10000000000000001', name: 'Fake Facebook User' },
    failNext: deps.failNext,
    issueCode: (appId, redirectUri, scopes = ['pages_show_list']) =>
      grants.issueCode(appId, redirectUri, scopes),
    tokens: live,
    expire: (token) => grants.expire(token),
    setPages(pages) {
      fb.pages = pages.map((p, i) => {
        const id = p.id ?? String(102000000000000 + i + 1);
        return {
          id,
          name: p.name,
          category: p.category ?? 'Local business',
          tasks: p.tasks ?? [...ALL_TASKS],
          access_token:
            p.access_token === null
              ? null
              : grants.mint(
                  'EAAfakepage',
                  {
                    kind: 'page',
                    appId: '',
                    scopes: [],
                    expiresAt: null,
                    pageId: id,
                  },
                  p.access_token ?? undefined,
                ),
        };
      });
      return fb.pages;
    },
    posts: [],
    usage: { app: 0, page: 0 },
    retiredMetrics: new Set(RETIRED_METRICS),
    insightsWindowDays: 30,
  };

  function reset() {
    grants.clear();
    fb.version = FAKE_FACEBOOK_VERSION;
    fb.apps.clear();
    fb.apps.set(FAKE_FACEBOOK_APP.id, FAKE_FACEBOOK_APP.secret);
    fb.pageSize = 2;
    fb.longLivedExpiresIn = LONG_LIVED_SECONDS;
    fb.user = { id: '10000000000000001', name: 'Fake Facebook User' };
    fb.setPages(DEFAULT_FAKE_PAGES);
    fb.posts.length = 0;
    fb.usage = { app: 0, page: 0 };
    fb.retiredMetrics = new Set(RETIRED_METRICS);
    fb.insightsWindowDays = 30;
    postNumber = deps.firstPostNumber;
  }
  reset();

  /** A page token a test put into `pages` by hand counts as issued the first time it is used. */
  function checkToken(token: string) {
    const result = grants.check(token);
    if (!result.ok && result.why === 'unknown') {
      const page = fb.pages.find((p) => p.access_token === token);
      if (page) {
        grants.mint(
          '',
          { kind: 'page', appId: '', scopes: [], expiresAt: null, pageId: page.id },
          token,
        );
        return grants.check(token);
      }
      // `{app-id}|{app-secret}` works as an app token, as on Graph.
      const [appId, secret] = token.split('|');
      if (appId && secret && fb.apps.get(appId) === secret) {
        return {
          ok: true as const,
          grant: { kind: 'app', appId, scopes: [], expiresAt: null } as TokenGrant,
        };
      }
    }
    return result;
  }

  function tokenError(why: 'unknown' | 'revoked' | 'expired'): FakeReply {
    if (why === 'expired') {
      const now = new Date().toUTCString();
      return graphError(
        190,
        `Error validating access token: Session has expired on ${now}. The current time is ${now}.`,
        {
          subcode: 463,
        },
      );
    }
    if (why === 'revoked') {
      return graphError(
        190,
        'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
        { subcode: 460 },
      );
    }
    return graphError(190, 'Invalid OAuth access token - Cannot parse access token');
  }

  function authenticate(req: FakeRequest): { grant: TokenGrant; token: string } | FakeReply {
    const token =
      req.query.access_token ?? req.form.access_token ?? bearer(req.headers.authorization);
    if (!token) return graphError(104, 'An access token is required to request this resource.');
    const result = checkToken(token);
    if (!result.ok) return tokenError(result.why);
    return { grant: result.grant, token };
  }

  function dialog(req: FakeRequest): FakeReply {
    const p = req.method === 'POST' ? req.form : req.query;
    const appId = p.client_id ?? '';
    if (!fb.apps.has(appId)) {
      return {
        status: 400,
        body: errorPage(
          'Facebook',
          'Invalid App ID',
          'The provided app ID does not look like a valid app ID.',
        ),
      };
    }
    const redirectUri = p.redirect_uri ?? '';
    if (!isHttpUrl(redirectUri)) {
      return {
        status: 400,
        body: errorPage(
          'Facebook',
          'URL Blocked',
          "This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.",
        ),
      };
    }
    if ((p.response_type ?? 'code') !== 'code') {
      return {
        status: 400,
        body: errorPage('Facebook', 'Error', 'This fake only answers response_type=code.'),
      };
    }
    const scopes = (p.scope ?? '').split(/[,\s]+/).filter(Boolean);
    const state = p.state;
    const withState = (params: Record<string, string>) =>
      state === undefined ? params : { ...params, state };

    if (req.method === 'POST') {
      const target =
        p.decision === 'continue'
          ? redirectWith(
              redirectUri,
              withState({ code: grants.issueCode(appId, redirectUri, scopes) }),
              '#_=_',
            )
          : redirectWith(
              redirectUri,
              withState({
                error: 'access_denied',
                error_code: '200',
                error_description: 'Permissions error',
                error_reason: 'user_denied',
              }),
              '#_=_',
            );
      return { status: 302, headers: { Location: target }, body: undefined };
    }
    const fields: Record<string, string> = {
      client_id: appId,
      redirect_uri: redirectUri,
      response_type: 'code',
    };
    if (p.scope !== undefined) fields.scope = p.scope;
    if (state !== undefined) fields.state = state;
    return {
      status: 200,
      body: consentPage({
        platform: 'Facebook',
        appId,
        scopes,
        action: req.version ? `/${req.version}/dialog/oauth` : '/dialog/oauth',
        fields,
        details: fb.pages.map((pg) => pg.name),
      }),
    };
  }

  function accessToken(req: FakeRequest): FakeReply {
    const p = { ...req.query, ...req.form };
    if (!p.client_id) return graphError(100, 'Missing client_id parameter.');
    const secret = fb.apps.get(p.client_id);
    if (secret === undefined)
      return graphError(101, 'Error validating application. Invalid application ID.');
    if (!p.client_secret) return graphError(100, 'Missing client_secret parameter.');
    if (p.client_secret !== secret) return graphError(1, 'Error validating client secret.');

    if (p.grant_type === 'client_credentials') {
      const token = grants.mint(`${p.client_id}|`, {
        kind: 'app',
        appId: p.client_id,
        scopes: [],
        expiresAt: null,
      });
      return ok({ access_token: token, token_type: 'bearer' });
    }

    if (p.grant_type === 'fb_exchange_token') {
      if (!p.fb_exchange_token) return graphError(100, 'Missing fb_exchange_token parameter.');
      const result = checkToken(p.fb_exchange_token);
      if (!result.ok) return tokenError(result.why);
      if (result.grant.kind !== 'user' || result.grant.appId !== p.client_id) {
        return graphError(190, 'Invalid OAuth access token - Cannot parse access token');
      }
      const expiresIn = fb.longLivedExpiresIn;
      const token = grants.mint('EAAfakelong', {
        kind: 'user',
        appId: p.client_id,
        scopes: result.grant.scopes,
        expiresAt: expiresIn === null ? null : Date.now() + expiresIn * 1000,
      });
      return ok(
        expiresIn === null
          ? { access_token: token, token_type: 'bearer' }
          : { access_token: token, token_type: 'bearer', expires_in: expiresIn },
      );
    }

    if (p.grant_type !== undefined && p.grant_type !== 'authorization_code') {
      return graphError(100, `Unsupported grant_type: ${p.grant_type}`);
    }
    if (p.redirect_uri === undefined) return graphError(100, 'Missing redirect_uri parameter.');
    if (!p.code) return graphError(100, 'Missing code parameter.');
    const code = grants.codes.get(p.code);
    if (!code) return graphError(100, 'Invalid verification code format.');
    if (code.used)
      return graphError(100, 'This authorization code has been used.', { subcode: 36009 });
    if (code.expiresAt <= Date.now()) {
      return graphError(100, 'This authorization code has expired.', { subcode: 36007 });
    }
    if (code.clientId !== p.client_id)
      return graphError(100, 'Error validating verification code.');
    if (code.redirectUri !== p.redirect_uri) {
      return graphError(
        100,
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        { subcode: 36008 },
      );
    }
    code.used = true;
    const token = grants.mint('EAAfakeshort', {
      kind: 'user',
      appId: p.client_id,
      scopes: code.scopes,
      expiresAt: Date.now() + SHORT_LIVED_SECONDS * 1000,
    });
    return ok({ access_token: token, token_type: 'bearer', expires_in: SHORT_LIVED_SECONDS });
  }

  function pageObject(p: FakePage): Record<string, unknown> {
    return {
      id: p.id,
      name: p.name,
      access_token: p.access_token,
      category: p.category,
      category_list: [{ id: '2200', name: p.category }],
      tasks: p.tasks,
      followers_count: fakeFollowers(p.id),
      fan_count: fakeFanCount(p.id),
    };
  }

  function accounts(req: FakeRequest, auth: { grant: TokenGrant; token: string }): FakeReply {
    if (auth.grant.kind === 'app') {
      return graphError(
        2500,
        'An active access token must be used to query information about the current user.',
      );
    }
    if (auth.grant.kind === 'page') {
      return graphError(
        100,
        '(#100) Tried accessing nonexisting field (accounts) on node type (Page)',
      );
    }
    const fields = parseFields(req.query.fields, DEFAULT_PAGE_FIELDS);
    const unknown = fields.find((f) => !PAGE_FIELDS.includes(f));
    if (unknown)
      return graphError(
        100,
        `(#100) Tried accessing nonexisting field (${unknown}) on node type (Page)`,
      );
    const requested = Number(req.query.limit ?? 25);
    if (!Number.isInteger(requested) || requested < 1)
      return graphError(100, '(#100) The parameter limit must be a positive integer');
    const size = Math.min(requested, 100, fb.pageSize);

    let start = 0;
    if (req.query.after || req.query.before) {
      const id = idOfCursor(req.query.after ?? req.query.before ?? '');
      const at = fb.pages.findIndex((p) => p.id === id);
      if (at < 0) return graphError(100, '(#100) The cursor is not valid');
      start = req.query.after ? at + 1 : Math.max(0, at - size);
    }
    const slice = fb.pages.slice(start, start + size);
    const body: Record<string, unknown> = {
      data: slice.map((p) => pickFields(pageObject(p), fields)),
    };
    if (slice.length > 0) {
      const first = slice[0]!;
      const last = slice[slice.length - 1]!;
      const paging: Record<string, unknown> = {
        cursors: { before: cursorOf(first.id), after: cursorOf(last.id) },
      };
      const link = (cursor: Record<string, string>) => {
        const path = req.version ? `/${req.version}/me/accounts` : '/me/accounts';
        const params = new URLSearchParams({
          access_token: auth.token,
          fields: fields.join(','),
          limit: String(requested),
          ...cursor,
        });
        return `${deps.origin()}${path}?${params}`;
      };
      if (start + size < fb.pages.length) paging.next = link({ after: cursorOf(last.id) });
      if (start > 0) paging.previous = link({ before: cursorOf(first.id) });
      body.paging = paging;
    }
    return ok(body);
  }

  function me(req: FakeRequest, auth: { grant: TokenGrant }): FakeReply {
    if (auth.grant.kind === 'app') {
      return graphError(
        2500,
        'An active access token must be used to query information about the current user.',
      );
    }
    if (auth.grant.kind === 'page') {
      const page = fb.pages.find((p) => p.id === auth.grant.pageId);
      if (!page) return tokenError('revoked');
      return ok(pickFields(pageObject(page), parseFields(req.query.fields, ['id', 'name'])));
    }
    return ok(pickFields(fb.user, parseFields(req.query.fields, ['id', 'name'])));
  }

  function node(req: FakeRequest, id: string): FakeReply {
    const page = fb.pages.find((p) => p.id === id);
    if (!page) {
      return graphError(
        100,
        `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
        { subcode: 33 },
      );
    }
    const fields = parseFields(req.query.fields, ['id', 'name']);
    const unknown = fields.find((f) => !PAGE_FIELDS.includes(f));
    if (unknown)
      return graphError(
        100,
        `(#100) Tried accessing nonexisting field (${unknown}) on node type (Page)`,
      );
    return ok(pickFields(pageObject(page), fields));
  }

  function debugToken(req: FakeRequest, auth: { grant: TokenGrant }): FakeReply {
    if (auth.grant.kind !== 'app') {
      return graphError(
        100,
        '(#100) You must provide an app access token, or a user access token that is an owner or developer of the app',
      );
    }
    const input = req.query.input_token;
    if (!input) return graphError(100, "(#100) The parameter 'input_token' is required");
    const result = checkToken(input);
    if (!result.ok) {
      return ok({
        data: {
          error: {
            code: 190,
            message:
              result.why === 'expired' ? 'Session has expired.' : 'Invalid OAuth access token.',
            subcode: result.why === 'expired' ? 463 : result.why === 'revoked' ? 460 : undefined,
          },
          is_valid: false,
          scopes: [],
        },
      });
    }
    const g = result.grant;
    const data: Record<string, unknown> = {
      app_id: g.appId || auth.grant.appId,
      type: g.kind === 'page' ? 'PAGE' : g.kind === 'app' ? 'APP' : 'USER',
      application: `Fake app ${g.appId || auth.grant.appId}`,
      expires_at: g.expiresAt === null ? 0 : Math.floor(g.expiresAt / 1000),
      is_valid: true,
      scopes: g.scopes,
    };
    if (g.kind === 'user') data.user_id = fb.user.id;
    if (g.kind === 'page') data.profile_id = g.pageId;
    return ok({ data });
  }

  /** The page a page token belongs to, or the refusal Graph gives when it is not that page's. */
  function pageOfToken(pageId: string, grant: TokenGrant): FakePage | FakeReply {
    const page = fb.pages.find((p) => p.id === pageId);
    if (!page) {
      return graphError(
        100,
        `Unsupported post request. Object with ID '${pageId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
        { subcode: 33 },
      );
    }
    if (grant.kind !== 'page' || grant.pageId !== pageId) return graphError(200, NOT_PAGE_TOKEN);
    return page;
  }

  function store(pageId: string, message: string, created = Date.now()): FakeFacebookPost {
    const n = String(postNumber++);
    const post: FakeFacebookPost = {
      id: `${pageId}_${n}`,
      pageId,
      message,
      created_time: graphTime(created),
      permalink_url: `https://www.facebook.com/${pageId}/posts/${n}`,
    };
    fb.posts.push(post);
    return post;
  }

  function publish(req: FakeRequest, pageId: string, auth: { grant: TokenGrant }): FakeReply {
    const page = pageOfToken(pageId, auth.grant);
    if ('status' in page) return page;
    const p = { ...req.query, ...req.form };
    if (p.published !== undefined && p.published !== 'true') {
      return graphError(100, '(#100) This fake only publishes at once (published=true)');
    }
    const message = p.message ?? '';
    if (!message.trim() && !p.link) return graphError(100, '(#100) Missing message or attachment');
    const fields = parseFields(p.fields, ['id']);
    const unknown = fields.find((f) => !POST_FIELDS.includes(f));
    if (unknown)
      return graphError(
        100,
        `(#100) Tried accessing nonexisting field (${unknown}) on node type (Post)`,
      );
    const post = store(page.id, message);
    return ok(pickFields({ ...post }, fields));
  }

  /** `/{page-id}/published_posts` (page token only) and `/{page-id}/posts`, newest first. */
  function listPosts(
    req: FakeRequest,
    pageId: string,
    edge: 'posts' | 'published_posts',
    auth: { grant: TokenGrant; token: string },
  ): FakeReply {
    const userAllowed = edge === 'posts' && auth.grant.kind === 'user';
    if (!userAllowed) {
      const page = pageOfToken(pageId, auth.grant);
      if ('status' in page) {
        return (page.body as { error: { code: number } }).error.code === 200
          ? graphError(190, '(#190) This method must be called with a Page Access Token')
          : page;
      }
    } else if (!fb.pages.some((p) => p.id === pageId)) {
      return graphError(100, `Object with ID '${pageId}' does not exist`, { subcode: 33 });
    }
    const fields = parseFields(req.query.fields, DEFAULT_POST_FIELDS);
    const unknown = fields.find((f) => !POST_FIELDS.includes(f));
    if (unknown)
      return graphError(
        100,
        `(#100) Tried accessing nonexisting field (${unknown}) on node type (PagePost)`,
      );
    const requested = Number(req.query.limit ?? 25);
    if (!Number.isInteger(requested) || requested < 1)
      return graphError(100, '(#100) The parameter limit must be a positive integer');
    const size = Math.min(requested, 100);
    const all = fb.posts.filter((p) => p.pageId === pageId).reverse();
    let start = 0;
    if (req.query.after) {
      const at = all.findIndex((p) => p.id === idOfCursor(req.query.after!));
      if (at < 0) return graphError(100, '(#100) The cursor is not valid');
      start = at + 1;
    }
    const slice = all.slice(start, start + size);
    const body: Record<string, unknown> = {
      data: slice.map((p) => pickFields({ ...p }, fields)),
    };
    if (slice.length > 0) {
      const last = slice[slice.length - 1]!;
      const paging: Record<string, unknown> = {
        cursors: { before: cursorOf(slice[0]!.id), after: cursorOf(last.id) },
      };
      if (start + size < all.length) {
        const path = `${req.version ? `/${req.version}` : ''}/${pageId}/${edge}`;
        const params = new URLSearchParams({
          access_token: auth.token,
          fields: fields.join(','),
          limit: String(requested),
          after: cursorOf(last.id),
        });
        paging.next = `${deps.origin()}${path}?${params}`;
      }
      body.paging = paging;
    }
    return ok(body);
  }

  /** Graph's usage headers on every answer to a token (a page token's also name its page). */
  function handle(req: FakeRequest): FakeReply {
    const reply = route(req);
    const token =
      req.query.access_token ?? req.form.access_token ?? bearer(req.headers.authorization);
    const result = token ? checkToken(token) : null;
    if (!result?.ok) return reply;
    const pageId = result.grant.kind === 'page' ? (result.grant.pageId ?? null) : null;
    return { ...reply, headers: { ...usageHeaders(fb, pageId), ...reply.headers } };
  }

  function route(req: FakeRequest): FakeReply {
    if (req.path === '/dialog/oauth' && (req.method === 'GET' || req.method === 'POST'))
      return dialog(req);
    if (req.path === '/oauth/access_token' && (req.method === 'GET' || req.method === 'POST')) {
      return accessToken(req);
    }
    const feed = /^\/(\d+)\/feed$/.exec(req.path);
    if (feed && req.method === 'POST') {
      const auth = authenticate(req);
      if ('status' in auth) return auth;
      return publish(req, feed[1]!, auth);
    }
    if (req.method !== 'GET')
      return graphError(100, `Unsupported ${req.method.toLowerCase()} request.`);
    const auth = authenticate(req);
    if ('status' in auth) return auth;
    const list = /^\/(\d+)\/(posts|published_posts)$/.exec(req.path);
    if (list) return listPosts(req, list[1]!, list[2] as 'posts' | 'published_posts', auth);
    if (req.path === '/me/accounts') return accounts(req, auth);
    if (req.path === '/me') return me(req, auth);
    if (req.path === '/debug_token') return debugToken(req, auth);
    if (req.path === '/' && req.query.ids !== undefined) return postsByIds(fb, req, graphError);
    const insights = /^\/(\d+)\/insights$/.exec(req.path);
    if (insights) {
      const page = pageOfToken(insights[1]!, auth.grant);
      if ('status' in page) {
        return (page.body as { error: { code: number } }).error.code === 200
          ? graphError(190, '(#190) This method must be called with a Page Access Token')
          : page;
      }
      return pageInsights(fb, req, page.id, auth.token, deps.origin(), graphError);
    }
    const m = /^\/(\d+)$/.exec(req.path);
    if (m) return node(req, m[1]!);
    return graphError(2500, `Unknown path components: ${req.path}`);
  }

  return { api: fb, grants, handle, reset, store };
}
