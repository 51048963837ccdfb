import { Grants, bearer, isHttpUrl, redirectWith, type TokenGrant } from './grants';
import { consentPage, errorPage } from './pages';
import {
  FAKE_LINKEDIN_APP,
  type FakeLinkedIn,
  type FakeLinkedInPost,
  type FakeMember,
  type FakeReply,
  type FakeRequest,
} from './types';

/**
 * LinkedIn's OAuth 2.0 (authorization page, token endpoint with a form body) and OpenID userinfo.
 * Token endpoint errors are `{"error","error_description"}`; API errors are
 * `{"status","serviceErrorCode","code","message"}`.
 */

const ACCESS_SECONDS = 5_184_000;
const REFRESH_SECONDS = 31_536_000;

export const DEFAULT_FAKE_MEMBER: FakeMember = {
  sub: 'fakeMember123',
  name: 'Fake LinkedIn Member',
  given_name: 'Fake',
  family_name: 'LinkedIn Member',
  email: 'member@example.com',
};

export const revokedError = () =>
  apiError(
    401,
    65601,
    'REVOKED_ACCESS_TOKEN',
    'The token used in the request has been revoked by the user',
  );
const expiredError = () =>
  apiError(401, 65602, 'EXPIRED_ACCESS_TOKEN', 'The token used in the request has expired');

const tokenError = (status: number, error: string, description: string): FakeReply => ({
  status,
  body: { error, error_description: description },
});

const inputError = (fieldPath: string, code: string, description: string): FakeReply => ({
  status: 422,
  body: {
    errorDetailType: 'com.linkedin.common.error.BadRequest',
    message: `ERROR :: ${fieldPath} :: ${description}`,
    errorDetails: {
      inputErrors: [{ description, input: { inputPath: { fieldPath } }, code }],
    },
    status: 422,
  },
});

const apiError = (
  status: number,
  serviceErrorCode: number,
  code: string,
  message: string,
): FakeReply => ({
  status,
  body: { status, serviceErrorCode, code, message },
});

/** LinkedIn's answer to a repeated text: 422 whose input error names the existing post. */
export function duplicateError(urn: string): FakeReply {
  const description = `Content is a duplicate of ${urn}`;
  return {
    status: 422,
    body: {
      errorDetailType: 'com.linkedin.common.error.BadRequest',
      message: `ERROR :: /commentary :: ${description}`,
      errorDetails: {
        inputErrors: [
          {
            description,
            input: { inputPath: { fieldPath: '/commentary' } },
            code: 'DUPLICATE_POST',
          },
        ],
      },
      status: 422,
    },
  };
}

const VISIBILITIES = ['PUBLIC', 'CONNECTIONS', 'LOGGED_IN'];

export function createLinkedIn(deps: {
  failNext: (path: string, status: number, body: unknown) => void;
  /** The first share number; shares count up from it (a seed makes urns repeatable). */
  firstShareNumber: bigint;
}) {
  const live = new Set<string>();
  const grants = new Grants(live, 30 * 60_000);
  let shareNumber = deps.firstShareNumber;

  const li: FakeLinkedIn = {
    apps: new Map(),
    member: { ...DEFAULT_FAKE_MEMBER },
    scopeSeparator: ',',
    refreshToken: false,
    failNext: deps.failNext,
    issueCode: (
      clientId,
      redirectUri,
      scopes = ['openid', 'profile', 'email', 'w_member_social'],
    ) => grants.issueCode(clientId, redirectUri, scopes),
    tokens: live,
    expire: (token) => grants.expire(token),
    posts: [],
    duplicates: [],
  };

  function reset() {
    grants.clear();
    li.apps.clear();
    li.apps.set(FAKE_LINKEDIN_APP.id, FAKE_LINKEDIN_APP.secret);
    li.member = { ...DEFAULT_FAKE_MEMBER };
    li.scopeSeparator = ',';
    li.refreshToken = false;
    li.posts.length = 0;
    li.duplicates.length = 0;
    shareNumber = deps.firstShareNumber;
  }
  reset();

  function authorization(req: FakeRequest): FakeReply {
    const p = req.method === 'POST' ? req.form : req.query;
    const clientId = p.client_id ?? '';
    if (!li.apps.has(clientId)) {
      return {
        status: 400,
        body: errorPage(
          'LinkedIn',
          'Invalid request',
          'The passed in client_id is invalid "' + clientId + '"',
        ),
      };
    }
    const redirectUri = p.redirect_uri ?? '';
    if (!isHttpUrl(redirectUri)) {
      return {
        status: 400,
        body: errorPage(
          'LinkedIn',
          'Invalid request',
          'The redirect_uri does not match the registered value',
        ),
      };
    }
    const state = p.state;
    const withState = (params: Record<string, string>) =>
      state === undefined ? params : { ...params, state };
    if (p.response_type !== 'code') {
      const target = redirectWith(
        redirectUri,
        withState({ error: 'invalid_request', error_description: 'Unsupported response_type' }),
      );
      return { status: 302, headers: { Location: target } };
    }
    const scopes = (p.scope ?? '').split(/[\s,]+/).filter(Boolean);
    if (req.method === 'POST') {
      const target =
        p.decision === 'continue'
          ? redirectWith(
              redirectUri,
              withState({ code: grants.issueCode(clientId, redirectUri, scopes) }),
            )
          : redirectWith(
              redirectUri,
              withState({
                error: 'user_cancelled_authorize',
                error_description: 'The user cancelled the authorization',
              }),
            );
      return { status: 302, headers: { Location: target } };
    }
    const fields: Record<string, string> = {
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
    };
    if (p.scope !== undefined) fields.scope = p.scope;
    if (state !== undefined) fields.state = state;
    return {
      status: 200,
      body: consentPage({
        platform: 'LinkedIn',
        appId: clientId,
        scopes,
        action: '/oauth/v2/authorization',
        fields,
        details: [li.member.name],
      }),
    };
  }

  function grantTokens(
    clientId: string,
    scopes: string[],
    refreshToken?: string,
    memberSub = li.member.sub,
  ): FakeReply {
    const access = grants.mint('AQVfake', {
      kind: 'user',
      appId: clientId,
      scopes,
      expiresAt: Date.now() + ACCESS_SECONDS * 1000,
      memberSub,
    });
    const body: Record<string, unknown> = {
      access_token: access,
      expires_in: ACCESS_SECONDS,
      scope: scopes.join(li.scopeSeparator),
      token_type: 'Bearer',
    };
    if (li.refreshToken) {
      const refresh =
        refreshToken ??
        grants.mint('AQXfakerefresh', {
          kind: 'refresh',
          appId: clientId,
          scopes,
          expiresAt: Date.now() + REFRESH_SECONDS * 1000,
          memberSub,
        });
      const expiresAt = grants.tokens.get(refresh)?.expiresAt ?? Date.now();
      body.refresh_token = refresh;
      body.refresh_token_expires_in = Math.max(0, Math.floor((expiresAt - Date.now()) / 1000));
    }
    return { status: 200, body };
  }

  function accessToken(req: FakeRequest): FakeReply {
    if (req.method !== 'POST') {
      return tokenError(405, 'invalid_request', 'The token endpoint only accepts POST');
    }
    const type = String(req.headers['content-type'] ?? '');
    if (!type.startsWith('application/x-www-form-urlencoded')) {
      return tokenError(
        400,
        'invalid_request',
        'Content-Type must be application/x-www-form-urlencoded',
      );
    }
    const p = req.form;
    const missing = (name: string) =>
      tokenError(400, 'invalid_request', `A required parameter "${name}" is missing`);
    if (!p.grant_type) return missing('grant_type');
    if (p.grant_type !== 'authorization_code' && p.grant_type !== 'refresh_token') {
      return tokenError(
        400,
        'unsupported_grant_type',
        `The grant_type "${p.grant_type}" is not supported`,
      );
    }
    if (!p.client_id) return missing('client_id');
    if (!p.client_secret) return missing('client_secret');
    if (li.apps.get(p.client_id) !== p.client_secret) {
      return tokenError(401, 'invalid_client', 'Client authentication failed');
    }

    if (p.grant_type === 'refresh_token') {
      if (!p.refresh_token) return missing('refresh_token');
      const result = grants.check(p.refresh_token);
      if (!result.ok || result.grant.kind !== 'refresh' || result.grant.appId !== p.client_id) {
        return tokenError(
          400,
          'invalid_request',
          'The provided authorization grant or refresh token is invalid, expired or revoked',
        );
      }
      return grantTokens(p.client_id, result.grant.scopes, p.refresh_token, result.grant.memberSub);
    }

    if (!p.code) return missing('code');
    if (p.redirect_uri === undefined) return missing('redirect_uri');
    const code = grants.codes.get(p.code);
    if (
      !code ||
      code.used ||
      code.expiresAt <= Date.now() ||
      code.clientId !== p.client_id ||
      code.redirectUri !== p.redirect_uri
    ) {
      return tokenError(
        400,
        'invalid_request',
        'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists',
      );
    }
    code.used = true;
    return grantTokens(p.client_id, code.scopes);
  }

  /** A member's bearer token, or LinkedIn's 401 (65600 invalid, 65601 revoked, 65602 expired). */
  function authenticate(req: FakeRequest): TokenGrant | FakeReply {
    const token = bearer(req.headers.authorization);
    if (!token) return apiError(401, 65600, 'INVALID_ACCESS_TOKEN', 'Empty oauth2 access token');
    const result = grants.check(token);
    if (!result.ok || result.grant.kind !== 'user') {
      if (result.ok || result.why === 'unknown') {
        return apiError(401, 65600, 'INVALID_ACCESS_TOKEN', 'Invalid access token');
      }
      return result.why === 'revoked' ? revokedError() : expiredError();
    }
    return result.grant;
  }

  function userinfo(req: FakeRequest): FakeReply {
    const grant = authenticate(req);
    if ('status' in grant) return grant;
    const scopes = grant.scopes;
    if (!scopes.includes('openid')) {
      return apiError(
        403,
        100,
        'ACCESS_DENIED',
        'Not enough permissions to access: userinfo.GET.NO_VERSION',
      );
    }
    const m = li.member;
    const body: Record<string, unknown> = { sub: m.sub };
    if (scopes.includes('profile')) {
      Object.assign(body, {
        name: m.name,
        given_name: m.given_name,
        family_name: m.family_name,
        locale: { country: 'US', language: 'en' },
      });
      if (m.picture) body.picture = m.picture;
    }
    if (scopes.includes('email')) Object.assign(body, { email: m.email, email_verified: true });
    return { status: 200, body };
  }

  function store(author: string, commentary: string, created = Date.now()): FakeLinkedInPost {
    const post: FakeLinkedInPost = {
      urn: `urn:li:share:${shareNumber++}`,
      author,
      commentary,
      created,
    };
    li.posts.push(post);
    return post;
  }

  const findPost = (author: string, commentary: string) =>
    li.posts.find((p) => p.author === author && p.commentary === commentary);

  /** `POST /rest/posts`: 201 with an empty body and the urn in `x-restli-id`. */
  function publish(req: FakeRequest): FakeReply {
    const grant = authenticate(req);
    if ('status' in grant) return grant;
    const version = req.version ?? '';
    if (!version) {
      return apiError(
        400,
        0,
        'VERSION_MISSING',
        'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
      );
    }
    const ym = /^(\d{4})(\d{2})(\.\d{2})?$/.exec(version);
    if (!ym || Number(ym[2]) < 1 || Number(ym[2]) > 12) {
      return apiError(400, 0, 'INVALID_VERSION', `Invalid version format: ${version}`);
    }
    const protocol = req.headers['x-restli-protocol-version'];
    if (protocol !== '2.0.0') {
      return apiError(
        400,
        0,
        'ILLEGAL_ARGUMENT',
        'This endpoint needs the header X-Restli-Protocol-Version: 2.0.0',
      );
    }
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return apiError(400, 0, 'ILLEGAL_ARGUMENT', 'The request body must be JSON');
    }
    if (!grant.scopes.includes('w_member_social')) {
      return apiError(
        403,
        100,
        'ACCESS_DENIED',
        `Not enough permissions to access: partnerApiPostsExternal.CREATE.${version}`,
      );
    }
    const b = req.form;
    const missing = ['author', 'commentary', 'visibility', 'distribution', 'lifecycleState'].find(
      (f) => b[f] === undefined,
    );
    if (missing)
      return inputError(
        `/${missing}`,
        'MISSING_FIELD',
        'field is required but not found and has no default value',
      );
    if (!VISIBILITIES.includes(b.visibility!)) {
      return inputError('/visibility', 'INVALID_VALUE', `"${b.visibility}" is not an enum symbol`);
    }
    if (b.lifecycleState !== 'PUBLISHED' && b.lifecycleState !== 'DRAFT') {
      return inputError(
        '/lifecycleState',
        'INVALID_VALUE',
        `"${b.lifecycleState}" is not an enum symbol`,
      );
    }
    if (b.author !== `urn:li:person:${grant.memberSub}`) {
      return apiError(
        403,
        100,
        'ACCESS_DENIED',
        `Not enough permissions to access: partnerApiPostsExternal.CREATE.${version}`,
      );
    }
    const commentary = b.commentary!;
    if (!commentary.trim()) {
      return inputError('/commentary', 'INVALID_VALUE', 'commentary must not be empty');
    }
    const existing = findPost(b.author, commentary);
    if (existing) {
      li.duplicates.push({ author: b.author, commentary, urn: existing.urn, at: Date.now() });
      return duplicateError(existing.urn);
    }
    const post = store(b.author, commentary);
    return { status: 201, headers: { 'x-restli-id': post.urn } };
  }

  function handle(req: FakeRequest): FakeReply {
    if (req.path === '/rest/posts' && req.method === 'POST') return publish(req);
    if (req.path === '/oauth/v2/authorization' && (req.method === 'GET' || req.method === 'POST')) {
      return authorization(req);
    }
    if (req.path === '/oauth/v2/accessToken') return accessToken(req);
    if (req.path === '/v2/userinfo' && req.method === 'GET') return userinfo(req);
    return apiError(404, 0, 'NOT_FOUND', `No virtual resource found`);
  }

  return { api: li, grants, handle, reset, store, findPost };
}
