import { describe, expect, it } from 'vitest';
import { upcomingPosts } from './sample-data';

describe('the sample upcoming posts', () => {
  it('fall on the next days at their times of day in the user’s zone', () => {
    const now = new Date('2030-01-10T12:00:00Z');
    // 9:00 tomorrow in New York (UTC-5 in January), 14:30 the day after, …
    expect(upcomingPosts(now, 'America/New_York').map((p) => p.scheduledDate)).toEqual([
      '2030-01-11T14:00:00.000Z',
      '2030-01-12T19:30:00.000Z',
      '2030-01-14T16:00:00.000Z',
      '2030-01-16T22:15:00.000Z',
    ]);
    expect(upcomingPosts(now, 'Asia/Tokyo')[0]!.scheduledDate).toBe('2030-01-11T00:00:00.000Z');
  });
});
