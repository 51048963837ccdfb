export type OAuthProvider = 'facebook' | 'linkedin';

/** Where the connect flows keep the state value they sent, to compare on the way back. */
export const LINKEDIN_OAUTH_STATE_KEY = 'linkedin_oauth_state';
export const FACEBOOK_OAUTH_STATE_KEY = 'facebook_oauth_state';

export const OAUTH_STATE_KEYS: Record<OAuthProvider, string> = {
  facebook: FACEBOOK_OAUTH_STATE_KEY,
  linkedin: LINKEDIN_OAUTH_STATE_KEY,
};

export type OAuthCallbackMessage =
  | { type: `${OAuthProvider}-oauth-success`; code: string }
  | { type: `${OAuthProvider}-oauth-error`; error: string };

export const oauthMessages = {
  invalidState: 'Invalid state',
  missingCode: 'No authorization code was returned',
} as const;

/**
 * Turns the provider's redirect (query string) into the message the callback page posts to the
 * window that opened it. The state must match the stored one, or the redirect may be forged.
 */
export function readOAuthCallback(
  provider: OAuthProvider,
  search: string,
  storedState: string | null = null,
): OAuthCallbackMessage {
  const params = new URLSearchParams(search);
  const fail = (error: string): OAuthCallbackMessage => ({
    type: `${provider}-oauth-error`,
    error,
  });
  const providerError = params.get('error');
  if (providerError) return fail(params.get('error_description') || providerError);
  const state = params.get('state');
  if (!state || !storedState || state !== storedState) return fail(oauthMessages.invalidState);
  const code = params.get('code');
  if (!code) return fail(oauthMessages.missingCode);
  return { type: `${provider}-oauth-success`, code };
}
