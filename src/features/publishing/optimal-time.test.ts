import { describe, expect, it } from 'vitest';
import { instantToWallTime } from '../../lib/intl/zoned-time';
import { DEFAULT_RULE, MIN_LEAD_MS, optimalTime, type EngagementSample } from './optimal-time';

const NY = 'America/New_York';
const wall = (iso: string, zone = NY) => instantToWallTime(iso, zone);
const weekday = (iso: string, zone = NY) =>
  new Date(`${wall(iso, zone)!.date}T00:00:00Z`).getUTCDay();

describe('optimalTime', () => {
  // Wednesday 2026-11-25, 08:00 in New York.
  const now = new Date('2026-11-25T13:00:00Z');

  it('takes the next slot of the preferred posting times and names the window', () => {
    const morning = optimalTime({ now, timeZone: NY, preferredTimes: ['morning', 'evening'] });
    expect(morning).toEqual({
      scheduledFor: '2026-11-25T14:00:00.000Z',
      source: 'preferred',
      rule: 'Picked from your preferred posting times: Morning (6 AM-12 PM).',
    });
    // Past the morning slot: the evening one, the same day.
    const later = optimalTime({
      now: new Date('2026-11-25T16:00:00Z'),
      timeZone: NY,
      preferredTimes: ['morning', 'evening'],
    });
    expect(wall(later.scheduledFor)).toEqual({ date: '2026-11-25', time: '19:00' });
    expect(later.rule).toBe('Picked from your preferred posting times: Evening (6 PM-10 PM).');
    // Past all of them: the first one tomorrow.
    const tomorrow = optimalTime({
      now: new Date('2026-11-26T02:00:00Z'),
      timeZone: NY,
      preferredTimes: ['afternoon'],
    });
    expect(wall(tomorrow.scheduledFor)).toEqual({ date: '2026-11-26', time: '13:00' });
  });

  it('leaves a lead time before the slot', () => {
    // 08:50 in New York: the 09:00 slot is too close.
    const close = optimalTime({
      now: new Date('2026-11-25T13:50:00Z'),
      timeZone: NY,
      preferredTimes: ['morning'],
    });
    expect(wall(close.scheduledFor)).toEqual({ date: '2026-11-26', time: '09:00' });
    expect(Date.parse(close.scheduledFor) - Date.parse('2026-11-25T13:50:00Z')).toBeGreaterThan(
      MIN_LEAD_MS,
    );
  });

  it('falls back to midweek mornings without preferences (Let AI optimize alone counts as none)', () => {
    for (const preferredTimes of [[], ['ai-optimize'], ['unknown-id']]) {
      const picked = optimalTime({
        now: new Date('2026-11-27T15:00:00Z'),
        timeZone: NY,
        preferredTimes,
      });
      expect(picked.source).toBe('default');
      expect(picked.rule).toBe(DEFAULT_RULE.text);
      // Friday → the next Tuesday, 10:30 in New York.
      expect(wall(picked.scheduledFor)).toEqual({ date: '2026-12-01', time: '10:30' });
    }
  });

  it('is DST-correct in the user’s zone', () => {
    // Saturday 2026-03-07 in New York; clocks go forward on Sunday 03-08.
    const spring = optimalTime({
      now: new Date('2026-03-08T03:00:00Z'),
      timeZone: NY,
      preferredTimes: ['morning'],
    });
    // Sunday 09:00 EDT is 13:00 UTC (it was 14:00 UTC the day before).
    expect(spring.scheduledFor).toBe('2026-03-08T13:00:00.000Z');
    const autumn = optimalTime({
      now: new Date('2026-11-01T03:00:00Z'),
      timeZone: NY,
      preferredTimes: ['morning'],
    });
    // Sunday 2026-11-01 09:00 EST is 14:00 UTC.
    expect(autumn.scheduledFor).toBe('2026-11-01T14:00:00.000Z');
    // The same rule in another zone gives that zone's wall time.
    const tokyo = optimalTime({ now, timeZone: 'Asia/Tokyo', preferredTimes: ['evening'] });
    // 22:00 in Tokyo already: tomorrow evening there.
    expect(wall(tokyo.scheduledFor, 'Asia/Tokyo')).toEqual({ date: '2026-11-26', time: '19:00' });
  });

  const at = (iso: string, engagement: number): EngagementSample => ({
    publishedAt: iso,
    engagement,
  });

  it('uses the best weekday and hour of the user’s own posts once there are enough', () => {
    const history = [
      // Tuesdays 10 AM New York: 40 and 50.
      at('2026-11-10T15:05:00Z', 40),
      at('2026-11-17T15:20:00Z', 50),
      // Thursdays 7 PM: 20.
      at('2026-11-13T00:10:00Z', 20),
      // Monday 1 PM: 30.
      at('2026-11-16T18:00:00Z', 30),
    ];
    const picked = optimalTime({ now, timeZone: NY, preferredTimes: [], history });
    expect(picked.source).toBe('history');
    expect(weekday(picked.scheduledFor)).toBe(2);
    expect(wall(picked.scheduledFor)).toEqual({ date: '2026-12-01', time: '10:00' });
    expect(picked.rule).toBe(
      'Picked from your own posts: Tuesdays around 10 AM did best (average engagement 45 over 2 posts).',
    );
  });

  it('keeps to the preferred windows when the user’s posts there say something', () => {
    const history = [
      at('2026-11-10T15:05:00Z', 90), // Tuesday 10 AM
      at('2026-11-13T00:10:00Z', 20), // Thursday 7 PM
      at('2026-11-20T00:30:00Z', 30), // Thursday 7 PM
    ];
    const picked = optimalTime({ now, timeZone: NY, preferredTimes: ['evening'], history });
    expect(picked.source).toBe('history');
    expect(wall(picked.scheduledFor)).toEqual({ date: '2026-11-26', time: '19:00' });
    expect(picked.rule).toBe(
      'Picked from your own posts: Thursdays around 7 PM did best (average engagement 25 over 2 posts, within your preferred posting times).',
    );
  });

  it('ignores too little history and samples without numbers', () => {
    const history = [
      at('2026-11-10T15:05:00Z', 40),
      at('2026-11-17T15:20:00Z', Number.NaN),
      at('not a date', 10),
      at('2026-11-13T00:10:00Z', -1),
    ];
    const picked = optimalTime({ now, timeZone: NY, preferredTimes: ['morning'], history });
    expect(picked.source).toBe('preferred');
  });
});
