import { describe, expect, it } from 'vitest';
import type { AnalyticsPostMetricRecord } from '../../lib/db';
import { postRowOf } from './analytics-model';
import { postRow } from './analytics-test-data';
import {
  analyticsInsights,
  bestPlatformInsight,
  bestTimeInsight,
  bestTypeInsight,
  MIN_POSTS,
} from './insights';
import { periodsFor } from './period';
import type { PostRow } from './types';

const context = { range: 'last30' as const, periods: periodsFor('last30', '2026-11-30') };

let n = 0;
/** A post with `rate` % engagement (interactions over a reach of 1,000). */
function post(
  publishedAt: string,
  rate: number,
  over: Partial<AnalyticsPostMetricRecord> = {},
): PostRow {
  n += 1;
  return postRowOf(
    postRow({
      id: `i${n}`,
      publishedAt,
      reactions: rate * 10,
      comments: 0,
      shares: 0,
      reach: 1000,
      ...over,
    }),
    '',
    null,
  );
}

// Nov 2026: the 2nd is a Monday, the 3rd a Tuesday.
const MON = '2026-11-02';
const TUE = '2026-11-03';
const WED = '2026-11-04';

describe('best time to post', () => {
  it('needs enough posts with numbers', () => {
    const few = [
      post(`${TUE}T13:00:00Z`, 9),
      post(`${TUE}T13:30:00Z`, 9),
      post(`${MON}T09:00:00Z`, 1),
      post(`${MON}T09:00:00Z`, 1),
    ];
    expect(few.length).toBeLessThan(MIN_POSTS);
    expect(analyticsInsights(few, 'UTC', context)).toEqual([]);
    // LinkedIn posts without numbers do not count towards the minimum.
    const withLinkedIn = [
      ...few,
      post(`${WED}T10:00:00Z`, 0, {
        platform: 'linkedin',
        status: 'unavailable',
        reactions: null,
        comments: null,
        shares: null,
        reach: null,
      }),
    ];
    expect(bestTimeInsight(withLinkedIn, 'UTC', context)).toBeNull();
  });

  it('picks the weekday and hour with the best mean engagement rate, in the user’s zone', () => {
    const rows = [
      post(`${TUE}T13:00:00Z`, 8),
      post(`${TUE}T13:40:00Z`, 6),
      post(`${MON}T09:00:00Z`, 2),
      post(`${MON}T09:30:00Z`, 4),
      post(`${WED}T18:00:00Z`, 3),
      // One brilliant post alone on a Thursday at 7 AM: one post says too little.
      post('2026-11-05T07:00:00Z', 50),
    ];
    const utc = bestTimeInsight(rows, 'UTC', context)!;
    expect(utc).toEqual({
      id: 'best-time',
      title: 'Best time to post',
      text: 'Your posts do best on Tuesdays (7.0% average engagement rate) and around 1 PM (7.0% average engagement rate).',
      basis: 'Based on 6 posts published in the last 30 days, compared by mean engagement rate.',
      weekday: 2,
      hour: 13,
    });
    // In Tokyo (UTC+9) the Wednesday 6 PM post went out on Thursday at 3 AM, so Thursday has two
    // posts (3 % and 50 %) and leads; the hour stays the Tuesday posts' (now 10 PM).
    const tokyo = bestTimeInsight(rows, 'Asia/Tokyo', context)!;
    expect(tokyo.weekday).toBe(4);
    expect(tokyo.hour).toBe(22);
  });

  it('breaks ties by more posts, then the earlier weekday (Monday first) and hour', () => {
    const tie = [
      post(`${TUE}T15:00:00Z`, 5),
      post(`${TUE}T15:00:00Z`, 5),
      post(`${MON}T11:00:00Z`, 5),
      post(`${MON}T11:00:00Z`, 5),
      post('2026-11-01T20:00:00Z', 5), // Sunday
      post('2026-11-08T20:00:00Z', 5), // Sunday
    ];
    const best = bestTimeInsight(tie, 'UTC', context)!;
    expect(best.weekday).toBe(1);
    expect(best.hour).toBe(11);
    // The same mean with more posts behind it wins.
    const more = [...tie, post(`${TUE}T15:00:00Z`, 5)];
    expect(bestTimeInsight(more, 'UTC', context)).toMatchObject({ weekday: 2, hour: 15 });
  });

  it('compares interactions when too few posts have a reach', () => {
    const rows = [0, 1, 2, 3, 4].map((i) =>
      post(`${i < 2 ? TUE : MON}T${i < 2 ? '10' : '16'}:00:00Z`, 0, {
        reactions: i < 2 ? 30 : 10,
        reach: null,
      }),
    );
    const best = bestTimeInsight(rows, 'UTC', context)!;
    expect(best).toMatchObject({ weekday: 2, hour: 10 });
    expect(best.text).toContain('30.0 interactions per post on average');
    expect(best.basis).toBe(
      'Based on 5 posts published in the last 30 days, compared by mean interactions (reach unknown).',
    );
  });
});

describe('best post type and platform', () => {
  const rows = () => [
    post(`${MON}T09:00:00Z`, 9, { contentType: 'video' }),
    post(`${TUE}T09:00:00Z`, 7, { contentType: 'video' }),
    post(`${WED}T09:00:00Z`, 3, { contentType: 'image' }),
    post(`${MON}T12:00:00Z`, 5, { contentType: 'image' }),
    post(`${TUE}T12:00:00Z`, 2, { contentType: 'link' }),
    post(`${WED}T12:00:00Z`, 4, { contentType: 'text' }),
  ];

  it('names the content type that does best against the next one', () => {
    expect(bestTypeInsight(rows(), context)).toEqual({
      id: 'best-type',
      title: 'Best post type',
      text: 'Videos get the most engagement: 8.0% average engagement rate, against 4.0% average engagement rate for images.',
      basis: 'Based on 6 posts published in the last 30 days, compared by mean engagement rate.',
    });
    // One content type: nothing to compare it with.
    const onlyVideos = rows().map((r) => ({ ...r, contentType: 'video' }));
    expect(bestTypeInsight(onlyVideos, context)).toBeNull();
  });

  it('names the platform that does best, and nothing with one platform', () => {
    expect(bestPlatformInsight(rows(), context)).toBeNull();
    const two = rows().map((r, i) => ({ ...r, platform: i % 2 === 0 ? 'facebook' : 'instagram' }));
    const best = bestPlatformInsight(two, context)!;
    expect(best.text).toBe(
      'Your Instagram posts get the most engagement: 5.3% average engagement rate, against 4.7% average engagement rate on Facebook.',
    );
    expect(best.basis).toContain('Based on 6 posts');
  });

  it('speaks of a custom range by its dates', () => {
    const custom = {
      range: 'custom' as const,
      periods: periodsFor('custom', '2026-11-30', { from: '2026-11-01', to: '2026-11-10' }),
    };
    expect(bestTypeInsight(rows(), custom)!.basis).toBe(
      'Based on 6 posts published from Nov 1, 2026 to Nov 10, 2026, compared by mean engagement rate.',
    );
  });
});
