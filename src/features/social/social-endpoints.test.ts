import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SOCIAL_ENDPOINTS,
  facebookDialogUrl,
  linkedinAuthorizationUrl,
  loadSocialEndpoints,
  parseSocialEndpoints,
} from './social-endpoints';

const answer = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('social endpoints', () => {
  it('takes /local/config’s social field over the build-time values, field by field', async () => {
    const { endpoints, fromServer } = await loadSocialEndpoints({
      configUrl: 'http://app.test/local/config',
      fetch: answer({
        url: 'http://api.test',
        anonKey: 'k',
        social: { facebookDialogUrl: 'http://127.0.0.1:9000/', linkedinAuthUrl: 'javascript:x' },
      }),
      env: { VITE_LINKEDIN_AUTH_URL: 'https://li.example', VITE_FACEBOOK_GRAPH_VERSION: 'v25.0' },
    });
    expect(fromServer).toBe(true);
    expect(endpoints).toEqual({
      facebookDialogUrl: 'http://127.0.0.1:9000',
      facebookGraphVersion: 'v25.0',
      linkedinAuthUrl: 'https://li.example',
    });
  });

  it('falls back to the defaults when there is no config and no build-time value', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    const result = await loadSocialEndpoints({ configUrl: '/x', fetch: failing, env: {} });
    expect(result).toEqual({ endpoints: DEFAULT_SOCIAL_ENDPOINTS, fromServer: false });
    const notFound = await loadSocialEndpoints({
      configUrl: '/x',
      fetch: answer({}, 404),
      env: {},
    });
    expect(notFound.endpoints).toEqual(DEFAULT_SOCIAL_ENDPOINTS);
  });

  it('ignores a malformed version', () => {
    expect(parseSocialEndpoints({ facebookGraphVersion: '24' })).toEqual({});
    expect(parseSocialEndpoints({ facebookGraphVersion: 'v24.0' })).toEqual({
      facebookGraphVersion: 'v24.0',
    });
  });

  it('builds the dialogs’ URLs with code, scopes, redirect and state', () => {
    const params = {
      clientId: '123',
      redirectUri: 'http://localhost:5173/oauth/facebook',
      state: 's1',
    };
    const fb = new URL(facebookDialogUrl(DEFAULT_SOCIAL_ENDPOINTS, params));
    expect(fb.origin + fb.pathname).toBe('https://www.facebook.com/v24.0/dialog/oauth');
    expect(Object.fromEntries(fb.searchParams)).toEqual({
      client_id: '123',
      redirect_uri: 'http://localhost:5173/oauth/facebook',
      state: 's1',
      response_type: 'code',
      scope: 'pages_show_list,pages_read_engagement,pages_manage_posts',
    });
    const li = linkedinAuthorizationUrl(DEFAULT_SOCIAL_ENDPOINTS, {
      ...params,
      redirectUri: 'http://localhost:5173/oauth/linkedin',
    });
    expect(li).toContain('https://www.linkedin.com/oauth/v2/authorization?response_type=code');
    expect(li).toContain('&scope=openid%20profile%20email%20w_member_social');
    expect(Object.fromEntries(new URL(li).searchParams)).toMatchObject({
      client_id: '123',
      redirect_uri: 'http://localhost:5173/oauth/linkedin',
      state: 's1',
    });
  });
});
