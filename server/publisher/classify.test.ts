import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  businessUseCaseWaitMs,
  classifyFacebookPublish,
  classifyLinkedInPublish,
  classifyNetworkError,
  retryAfterMs,
} from '../../supabase/functions/_shared/publish/classify.ts';
import {
  findPost,
  parseGraphTime,
} from '../../supabase/functions/_shared/publish/facebook-publish.ts';

// What the publisher makes of each platform answer (docs/publishing.md, "Publisher"). The API test
// (tests/api/publisher.test.ts) drives the same cases end to end against the fake platforms.

const TOKEN = 'page-token-secret-123';
const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  body,
  headers: new Headers(headers),
});
const graphError = (code: number, message: string, subcode?: number) => ({
  error: { message, type: 'OAuthException', code, error_subcode: subcode, fbtrace_id: 'x' },
});
const NOW = Date.parse('2026-11-24T20:00:00Z');

describe('Facebook publish answers', () => {
  it('a 2xx with an id is published, with the permalink Graph gave or one made from the id', () => {
    expect(
      classifyFacebookPublish(
        answer(200, { id: '1_2', permalink_url: 'https://www.facebook.com/1/posts/2' }),
        [TOKEN],
      ),
    ).toEqual({
      kind: 'published',
      remoteId: '1_2',
      permalink: 'https://www.facebook.com/1/posts/2',
    });
    expect(classifyFacebookPublish(answer(200, { id: '1_3' }), [TOKEN])).toMatchObject({
      kind: 'published',
      permalink: 'https://www.facebook.com/1_3',
    });
    // Accepted but unnamed: it may be out, so it is never sent again.
    expect(classifyFacebookPublish(answer(200, {}), [TOKEN]).kind).toBe('unknown');
  });

  it('rate limits are retried, honouring the usage header and Retry-After', () => {
    for (const code of [4, 17, 32, 613, 80000, 80001, 80014]) {
      expect(classifyFacebookPublish(answer(400, graphError(code, 'slow down')), []).kind).toBe(
        'retry',
      );
    }
    const v = classifyFacebookPublish(
      answer(429, graphError(80001, 'too many'), {
        'X-Business-Use-Case-Usage': JSON.stringify({
          '123': [{ type: 'pages', estimated_time_to_regain_access: 3 }],
        }),
        'Retry-After': '30',
      }),
      [],
      NOW,
    );
    expect(v).toMatchObject({ kind: 'retry', code: 'rate_limited', delayMs: 180_000 });
    expect(classifyFacebookPublish(answer(429, null), []).kind).toBe('retry');
    // 80015 is outside the rate-limit range: an ordinary refusal.
    expect(classifyFacebookPublish(answer(400, graphError(80015, 'no')), []).kind).toBe('failed');
  });

  it('a 5xx, or code 1 or 2 at any status, is an unknown outcome', () => {
    expect(classifyFacebookPublish(answer(500, graphError(2, 'oops')), []).kind).toBe('unknown');
    expect(classifyFacebookPublish(answer(503, null), []).kind).toBe('unknown');
    expect(classifyFacebookPublish(answer(400, graphError(1, 'unknown')), []).kind).toBe('unknown');
  });

  it('190 with any subcode asks for a reconnect', () => {
    for (const sub of [undefined, 458, 460, 463, 467]) {
      expect(classifyFacebookPublish(answer(400, graphError(190, 'token', sub)), [])).toMatchObject(
        {
          kind: 'reconnect',
          code: 'reconnect_needed',
          message: 'Reconnect Facebook: the connection expired or was revoked.',
        },
      );
    }
  });

  it('506, and 368 saying already posted, are duplicates; another 368 is a refusal', () => {
    expect(classifyFacebookPublish(answer(400, graphError(506, 'Duplicate')), []).kind).toBe(
      'duplicate',
    );
    expect(
      classifyFacebookPublish(
        answer(400, graphError(368, "(#368) You've already posted this.")),
        [],
      ).kind,
    ).toBe('duplicate');
    expect(
      classifyFacebookPublish(answer(400, graphError(368, 'Blocked for policy')), []),
    ).toMatchObject({ kind: 'failed', code: 'facebook_368', message: 'Blocked for policy' });
  });

  it('permission and parameter errors fail with the platform message, the token cut out', () => {
    const v = classifyFacebookPublish(
      answer(403, graphError(200, `(#200) Permissions error for ${TOKEN}`)),
      [TOKEN],
    );
    expect(v).toMatchObject({ kind: 'failed', code: 'facebook_200' });
    expect(JSON.stringify(v)).not.toContain(TOKEN);
    expect(classifyFacebookPublish(answer(400, graphError(100, 'Invalid')), []).kind).toBe(
      'failed',
    );
  });
});

describe('LinkedIn publish answers', () => {
  it('201 with x-restli-id is published with the feed link of the urn', () => {
    expect(
      classifyLinkedInPublish(answer(201, null, { 'x-restli-id': 'urn:li:share:77' }), []),
    ).toEqual({
      kind: 'published',
      remoteId: 'urn:li:share:77',
      permalink: 'https://www.linkedin.com/feed/update/urn:li:share:77',
    });
    expect(classifyLinkedInPublish(answer(201, null), []).kind).toBe('unknown');
  });

  it('429 retries, 5xx is unknown, 401 reconnects, 403 fails', () => {
    expect(
      classifyLinkedInPublish(answer(429, { status: 429 }, { 'Retry-After': '5' }), [], NOW),
    ).toMatchObject({ kind: 'retry', delayMs: 5000 });
    expect(classifyLinkedInPublish(answer(500, { message: 'x' }), []).kind).toBe('unknown');
    for (const code of [65600, 65601, 65602]) {
      expect(
        classifyLinkedInPublish(answer(401, { status: 401, serviceErrorCode: code }), []).kind,
      ).toBe('reconnect');
    }
    expect(
      classifyLinkedInPublish(
        answer(403, { status: 403, serviceErrorCode: 100, message: 'Not enough permissions' }),
        [],
      ),
    ).toMatchObject({ kind: 'failed', message: 'Not enough permissions' });
  });

  it('422 DUPLICATE_POST names the existing post', () => {
    const v = classifyLinkedInPublish(
      answer(422, {
        status: 422,
        message: 'Content is a duplicate of urn:li:share:7390000000000000001',
        errorDetails: { inputErrors: [{ code: 'DUPLICATE_POST' }] },
      }),
      [],
    );
    expect(v).toMatchObject({ kind: 'duplicate', remoteId: 'urn:li:share:7390000000000000001' });
    expect(
      classifyLinkedInPublish(
        answer(422, { message: 'Field commentary is required', errorDetails: {} }),
        [],
      ).kind,
    ).toBe('failed');
  });
});

describe('network errors', () => {
  const fetchFailed = (code: string) =>
    Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error(code), { code }),
    });

  it('only a connection that never opened is retried', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']) {
      expect(classifyNetworkError(fetchFailed(code), 'facebook').kind).toBe('retry');
    }
    for (const code of ['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']) {
      expect(classifyNetworkError(fetchFailed(code), 'linkedin').kind).toBe('unknown');
    }
    const timeout = Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    expect(classifyNetworkError(timeout, 'facebook')).toMatchObject({
      kind: 'unknown',
      code: 'timeout',
    });
  });
});

describe('backoff', () => {
  it('doubles from 60 s per attempt up to 15 minutes, jittered upwards by at most a fifth', () => {
    expect(backoffMs(1, null, () => 0)).toBe(60_000);
    expect(backoffMs(2, null, () => 0)).toBe(120_000);
    expect(backoffMs(5, null, () => 0)).toBe(900_000);
    expect(backoffMs(9, null, () => 0)).toBe(900_000);
    expect(backoffMs(1, null, () => 1)).toBe(72_000);
    expect(backoffMs(3, 5000, () => 0)).toBe(5000);
  });

  it('reads Retry-After as seconds or a date, and the usage header in minutes', () => {
    expect(retryAfterMs('120', NOW)).toBe(120_000);
    expect(retryAfterMs(new Date(NOW + 30_000).toUTCString(), NOW)).toBe(30_000);
    expect(retryAfterMs('soon', NOW)).toBeNull();
    expect(businessUseCaseWaitMs('{"1":[{"estimated_time_to_regain_access":0}]}')).toBe(0);
    expect(businessUseCaseWaitMs('not json')).toBeNull();
  });
});

describe('finding a post on the Page', () => {
  it('matches the exact text made at or after the window start, in Graph time format', () => {
    expect(parseGraphTime('2026-11-24T20:31:17+0000')).toBe(Date.parse('2026-11-24T20:31:17Z'));
    const posts = [
      { id: '1_3', message: 'Hello', createdTime: '2026-11-24T19:00:00+0000', permalink: 'a' },
      { id: '1_2', message: 'Hello!', createdTime: '2026-11-24T20:05:00+0000', permalink: 'b' },
      { id: '1_1', message: 'Hello', createdTime: '2026-11-24T20:05:00+0000', permalink: 'c' },
    ];
    expect(findPost(posts, 'Hello', NOW)?.id).toBe('1_1');
    expect(findPost(posts, 'Bye', NOW)).toBeNull();
    // A post another target already recorded as its own is not this one's.
    expect(findPost(posts, 'Hello', NOW, new Set(['1_1']))).toBeNull();
  });
});
