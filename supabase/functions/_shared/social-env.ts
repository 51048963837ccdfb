import type { EnvReader } from './env.ts';

export interface SocialEndpoints {
  facebookDialogUrl: string;
  facebookGraphUrl: string;
  facebookGraphVersion: string;
  linkedinAuthUrl: string;
  linkedinApiUrl: string;
  linkedinVersion: string;
}

export const SOCIAL_ENDPOINT_DEFAULTS: SocialEndpoints = {
  facebookDialogUrl: 'https://www.facebook.com',
  facebookGraphUrl: 'https://graph.facebook.com',
  facebookGraphVersion: 'v24.0',
  linkedinAuthUrl: 'https://www.linkedin.com',
  linkedinApiUrl: 'https://api.linkedin.com',
  linkedinVersion: '202608',
};

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

/** The platforms' base URLs and API versions: settings, so tests and self-hosters can move them. */
export function socialEndpoints(env: EnvReader): SocialEndpoints {
  const get = (name: string, fallback: string) => env(name)?.trim() || fallback;
  const d = SOCIAL_ENDPOINT_DEFAULTS;
  return {
    facebookDialogUrl: trimSlash(get('FACEBOOK_DIALOG_URL', d.facebookDialogUrl)),
    facebookGraphUrl: trimSlash(get('FACEBOOK_GRAPH_URL', d.facebookGraphUrl)),
    facebookGraphVersion: get('FACEBOOK_GRAPH_VERSION', d.facebookGraphVersion),
    linkedinAuthUrl: trimSlash(get('LINKEDIN_AUTH_URL', d.linkedinAuthUrl)),
    linkedinApiUrl: trimSlash(get('LINKEDIN_API_URL', d.linkedinApiUrl)),
    linkedinVersion: get('LINKEDIN_VERSION', d.linkedinVersion),
  };
}
