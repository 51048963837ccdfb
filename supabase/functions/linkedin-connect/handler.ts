import { saveConnectedAccounts, markWizardCompleted } from '../_shared/accounts.ts';
import { openConnect } from '../_shared/connect-request.ts';
import { loadAppCredentials, markValidation } from '../_shared/credentials.ts';
import type { EnvReader } from '../_shared/env.ts';
import { readEnv } from '../_shared/env.ts';
import { json } from '../_shared/http.ts';
import {
  exchangeCode,
  fetchMember,
  type LinkedInConfig,
  type LinkedInMember,
  type LinkedInToken,
} from '../_shared/linkedin.ts';
import { PlatformError, platformTimeoutMs } from '../_shared/platform-fetch.ts';
import { socialEndpoints } from '../_shared/social-env.ts';
import { adminClient } from '../_shared/supabase-admin.ts';

const FAILED = 'Failed to connect LinkedIn';

/**
 * POST {code, redirect_uri?} with the user's bearer token: exchanges the authorization code,
 * reads the member from userinfo and keeps one account (urn:li:person:{sub}) with its tokens
 * sealed. Answers {account: {id, account_name}}.
 */
export async function handler(req: Request, env: EnvReader = readEnv): Promise<Response> {
  const opened = await openConnect(req, env, '/oauth/linkedin');
  if (opened instanceof Response) return opened;
  const { user, input } = opened;

  try {
    const admin = adminClient(env);
    const creds = await loadAppCredentials(admin, env, user.id, 'linkedin');
    if ('error' in creds) return json({ error: creds.error }, 400);
    const endpoints = socialEndpoints(env);
    const cfg: LinkedInConfig = {
      authUrl: endpoints.linkedinAuthUrl,
      apiUrl: endpoints.linkedinApiUrl,
      timeoutMs: platformTimeoutMs(env),
    };

    // Every platform call comes before the first write, so a refusal stores nothing.
    let token: LinkedInToken;
    let member: LinkedInMember;
    try {
      token = await exchangeCode(
        cfg,
        { clientId: creds.appId, secret: creds.secret },
        input.code,
        input.redirectUri,
      );
      member = await fetchMember(cfg, token.accessToken);
    } catch (e) {
      if (!(e instanceof PlatformError)) throw e;
      if (e.code === 'invalid_client') {
        await markValidation(admin, creds.id, { valid: false, error: e.message });
      }
      return json({ error: e.message }, e.status);
    }

    const [account] = await saveConnectedAccounts(admin, env, user.id, 'linkedin', [
      {
        platformAccountId: member.urn,
        accountName: member.name,
        permissions: member.email
          ? { scopes: token.scopes, email: member.email }
          : { scopes: token.scopes },
        accessToken: token.accessToken,
        refreshToken: token.refreshToken,
        expiresAt: token.expiresAt,
        refreshExpiresAt: token.refreshExpiresAt,
        scopes: token.scopes,
      },
    ]);
    await markValidation(admin, creds.id, { valid: true });
    await markWizardCompleted(admin, user);
    return json({ account });
  } catch (e) {
    // Database or key trouble: the message names the step, never a value.
    console.error(`linkedin-connect failed: ${(e as Error).message}`);
    return json({ error: FAILED }, 500);
  }
}
