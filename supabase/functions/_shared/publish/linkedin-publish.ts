import type { PlatformAnswer } from './classify.ts';
import { send, type SendOptions } from './http.ts';

/** LinkedIn's Posts API for a member's post (../shared/platform-apis.md, "LinkedIn › Publish"). */

export interface LinkedInTarget {
  apiUrl: string;
  /** LINKEDIN_VERSION, YYYYMM. */
  version: string;
  /** urn:li:person:{sub} */
  author: string;
  accessToken: string;
}

/** The Posts API body of a plain text post to the member's feed. */
export function linkedInPostBody(author: string, commentary: string): Record<string, unknown> {
  return {
    author,
    commentary,
    visibility: 'PUBLIC',
    distribution: {
      feedDistribution: 'MAIN_FEED',
      targetEntities: [],
      thirdPartyDistributionChannels: [],
    },
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
  };
}

/** `POST /rest/posts`: 201 with an empty body and the post's urn in `x-restli-id`. */
export function publishToLinkedIn(
  t: LinkedInTarget,
  commentary: string,
  opts: SendOptions,
): Promise<PlatformAnswer> {
  return send(
    new URL(`${t.apiUrl}/rest/posts`),
    {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${t.accessToken}`,
        'LinkedIn-Version': t.version,
        'X-Restli-Protocol-Version': '2.0.0',
      },
      body: JSON.stringify(linkedInPostBody(t.author, commentary)),
    },
    opts,
  );
}
