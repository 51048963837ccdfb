import { saveConnectedAccounts, markWizardCompleted } from '../_shared/accounts.ts';
import { openConnect } from '../_shared/connect-request.ts';
import { loadAppCredentials, markValidation } from '../_shared/credentials.ts';
import type { EnvReader } from '../_shared/env.ts';
import { readEnv } from '../_shared/env.ts';
import {
  exchangeCode,
  exchangeForLongLived,
  listPages,
  type GraphConfig,
  type PageListing,
} from '../_shared/facebook.ts';
import { json } from '../_shared/http.ts';
import { PlatformError, platformTimeoutMs } from '../_shared/platform-fetch.ts';
import { socialEndpoints } from '../_shared/social-env.ts';
import { adminClient } from '../_shared/supabase-admin.ts';

const FAILED = 'Failed to connect Facebook';
const NO_PAGES =
  'No Facebook Page was shared with this app. Connect again and select at least one Page.';

/** Graph's refusals of the App ID / App Secret pair itself, as opposed to the code or token. */
function rejectsApp(e: PlatformError): boolean {
  return e.code === 101 || (e.code === 1 && /client secret/i.test(e.message));
}

/**
 * POST {code, redirect_uri?} with the user's bearer token: exchanges the dialog's code, lists the
 * Pages the user granted and keeps one account (with its own Page token, sealed) per Page.
 * Answers {pages_count, accounts: [{id, account_name}], skipped_pages}.
 */
export async function handler(req: Request, env: EnvReader = readEnv): Promise<Response> {
  const opened = await openConnect(req, env, '/oauth/facebook');
  if (opened instanceof Response) return opened;
  const { user, input } = opened;

  try {
    const admin = adminClient(env);
    const creds = await loadAppCredentials(admin, env, user.id, 'facebook');
    if ('error' in creds) return json({ error: creds.error }, 400);
    const endpoints = socialEndpoints(env);
    const graph: GraphConfig = {
      graphUrl: endpoints.facebookGraphUrl,
      version: endpoints.facebookGraphVersion,
      timeoutMs: platformTimeoutMs(env),
    };
    const app = { appId: creds.appId, secret: creds.secret };

    // Every platform call comes before the first write, so a refusal stores nothing.
    let listing: PageListing;
    try {
      const short = await exchangeCode(graph, app, input.code, input.redirectUri);
      const long = await exchangeForLongLived(graph, app, short.accessToken);
      listing = await listPages(graph, long.accessToken);
    } catch (e) {
      if (!(e instanceof PlatformError)) throw e;
      if (rejectsApp(e)) await markValidation(admin, creds.id, { valid: false, error: e.message });
      return json({ error: e.message }, e.status);
    }
    if (listing.truncated) {
      console.warn('facebook-connect: the Page listing was cut short (too long or off-origin)');
    }

    // A Page listed without its own token was not granted in the dialog: publishing with the user
    // token instead fails with (#200), so it is not connected, and the answer says so.
    const skipped = listing.pages
      .filter((p) => !p.accessToken)
      .map((p) => ({ platform_account_id: p.id, account_name: p.name }));
    if (skipped.length > 0) {
      console.warn(`facebook-connect: ${skipped.length} Page(s) came without a Page token`);
    }
    const granted = listing.pages.filter((p) => p.accessToken);
    if (granted.length === 0) return json({ error: NO_PAGES, skipped_pages: skipped }, 400);

    const accounts = await saveConnectedAccounts(
      admin,
      env,
      user.id,
      'facebook',
      granted.map((p) => ({
        platformAccountId: p.id,
        accountName: p.name,
        permissions: { category: p.category, tasks: p.tasks },
        accessToken: p.accessToken as string,
        // Page tokens taken with a long-lived user token do not expire on a timer.
        expiresAt: null,
        scopes: [],
      })),
    );
    await markValidation(admin, creds.id, { valid: true });
    await markWizardCompleted(admin, user);
    return json({ pages_count: accounts.length, accounts, skipped_pages: skipped });
  } catch (e) {
    // Database or key trouble: the message names the step, never a value.
    console.error(`facebook-connect failed: ${(e as Error).message}`);
    return json({ error: FAILED }, 500);
  }
}
