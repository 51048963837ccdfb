import { graphError } from './facebook';
import { duplicateError, revokedError } from './linkedin';
import type { FakeFault, FakeReply } from './types';

/**
 * The answers of injected faults, in each platform's real shape. Which request a fault hits and
 * what it stores is decided in index.ts; this file only says what the platform answers.
 */

export const PLATFORM_KINDS: Partial<Record<FakeFault['kind'], 'facebook' | 'linkedin'>> = {
  '506': 'facebook',
  '368-duplicate': 'facebook',
  '190': 'facebook',
  'linkedin-401': 'linkedin',
  'linkedin-422-duplicate': 'linkedin',
};

/** Graph's transient failure: the one Facebook has answered with the post created anyway. */
export function serverError(platform: 'facebook' | 'linkedin'): FakeReply {
  if (platform === 'facebook') {
    return graphError(2, 'An unexpected error has occurred. Please retry your request later.', {
      status: 500,
      extra: { is_transient: true },
    });
  }
  return { status: 500, body: { message: 'Internal Server Error', status: 500 } };
}

export function rateLimited(
  platform: 'facebook' | 'linkedin',
  account: string,
  retryAfterSeconds: number,
): FakeReply {
  if (platform === 'linkedin') {
    // LinkedIn's 429 carries no rate-limit headers: daily quotas reset at midnight UTC.
    return {
      status: 429,
      body: {
        status: 429,
        serviceErrorCode: 101,
        code: 'TOO_MANY_REQUESTS',
        message:
          'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
      },
    };
  }
  const usage = { call_count: 100, total_cputime: 34, total_time: 41 };
  return graphError(
    80001,
    '(#80001) There have been too many calls to this Page account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.',
    {
      status: 429,
      extra: { is_transient: true },
      headers: {
        'X-App-Usage': JSON.stringify(usage),
        'X-Business-Use-Case-Usage': JSON.stringify({
          [account]: [
            {
              type: 'pages',
              ...usage,
              estimated_time_to_regain_access: Math.ceil(retryAfterSeconds / 60),
            },
          ],
        }),
        'Retry-After': String(retryAfterSeconds),
      },
    },
  );
}

/** The refusals that store nothing and are the same whatever the request said. */
export function refusal(fault: FakeFault, account: string): FakeReply | null {
  switch (fault.kind) {
    case '500-no-store':
      return serverError(fault.platform);
    case '429':
      return rateLimited(fault.platform, account, fault.retryAfterSeconds ?? 60);
    case '506':
      return graphError(506, '(#506) Duplicate status message', {
        subcode: 1455006,
        extra: {
          is_transient: false,
          error_user_title: 'Duplicate Status Update',
          error_user_msg:
            'This status update is identical to the last one you posted. Try posting something different, or delete your previous update.',
        },
      });
    case '368-duplicate':
      return graphError(
        368,
        "(#368) You've already posted this. Try posting something different.",
        {
          subcode: 1390008,
          extra: {
            is_transient: false,
            error_user_title: "You Can't Post This Right Now",
            error_user_msg: "You've already posted this. Try posting something different.",
          },
        },
      );
    case '190':
      return graphError(
        190,
        'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
        { subcode: 460 },
      );
    case 'linkedin-401':
      return revokedError();
    default:
      return null;
  }
}

export { duplicateError };
