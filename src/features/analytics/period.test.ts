import { describe, expect, it } from 'vitest';
import {
  addDays,
  customRangeError,
  dayOfInstant,
  daysOf,
  formatPeriod,
  periodInstants,
  periodLength,
  periodsFor,
  rangeLabel,
  todayIn,
} from './period';

describe('periodsFor', () => {
  it('ends the fixed ranges today and compares with the same number of days just before', () => {
    expect(periodsFor('last7', '2026-11-25')).toEqual({
      current: { from: '2026-11-19', to: '2026-11-25' },
      previous: { from: '2026-11-12', to: '2026-11-18' },
    });
    expect(periodsFor('last30', '2026-11-25')).toEqual({
      current: { from: '2026-10-27', to: '2026-11-25' },
      previous: { from: '2026-09-27', to: '2026-10-26' },
    });
    const p90 = periodsFor('last90', '2026-11-25');
    expect(p90.current).toEqual({ from: '2026-08-28', to: '2026-11-25' });
    expect(periodLength(p90.previous)).toBe(90);
    expect(p90.previous.to).toBe('2026-08-27');
  });

  it('crosses month ends, year ends and leap days', () => {
    // 2028 is a leap year: 7 days ending Mar 2 start on Feb 25 and hold Feb 29.
    const leap = periodsFor('last7', '2028-03-02');
    expect(leap.current.from).toBe('2028-02-25');
    expect(daysOf(leap.current)).toContain('2028-02-29');
    expect(leap.previous).toEqual({ from: '2028-02-18', to: '2028-02-24' });
    // 2027 is not: the day after Feb 28 is Mar 1.
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(periodsFor('last30', '2027-01-10').current.from).toBe('2026-12-12');
    expect(addDays('2026-03-31', -31)).toBe('2026-02-28');
  });

  it('takes a valid custom range, its previous period just before it', () => {
    const p = periodsFor('custom', '2026-11-25', { from: '2026-10-01', to: '2026-10-31' });
    expect(p.current).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(p.previous).toEqual({ from: '2026-08-31', to: '2026-09-30' });
    // A custom range over Feb 29: the previous period has the same 10 days.
    const leap = periodsFor('custom', '2028-12-01', { from: '2028-02-25', to: '2028-03-05' });
    expect(periodLength(leap.current)).toBe(10);
    expect(leap.previous).toEqual({ from: '2028-02-15', to: '2028-02-24' });
    // One day.
    expect(periodsFor('custom', '2026-11-25', { from: '2026-11-25', to: '2026-11-25' })).toEqual({
      current: { from: '2026-11-25', to: '2026-11-25' },
      previous: { from: '2026-11-24', to: '2026-11-24' },
    });
  });

  it('falls back to the last 30 days for a custom range it refuses', () => {
    expect(periodsFor('custom', '2026-11-25', { from: '2026-11-30', to: '2026-11-01' })).toEqual(
      periodsFor('last30', '2026-11-25'),
    );
    expect(periodsFor('custom', '2026-11-25')).toEqual(periodsFor('last30', '2026-11-25'));
  });
});

describe('customRangeError', () => {
  const today = '2026-11-25';
  it('explains every refusal', () => {
    expect(customRangeError({ from: '', to: '2026-11-01' }, today)).toBe(
      'Choose both a From and a To date.',
    );
    expect(customRangeError({ from: '2026-02-30', to: '2026-03-01' }, today)).toBe(
      'From is not a valid date.',
    );
    expect(customRangeError({ from: '2026-11-10', to: '2026-11-01' }, today)).toBe(
      'From must be on or before To.',
    );
    expect(customRangeError({ from: '2026-11-20', to: '2026-11-26' }, today)).toBe(
      'To cannot be after today: there are no numbers for future days yet.',
    );
    expect(customRangeError({ from: '2024-11-24', to: '2026-11-25' }, today)).toBe(
      'A custom range can be at most 2 years long.',
    );
  });
  it('accepts up to two years, a leap day included', () => {
    // 2024-11-25 .. 2026-11-25 is 731 days (Feb 29, 2024 is before it; 2 years + 1 day).
    expect(customRangeError({ from: '2024-11-25', to: '2026-11-25' }, today)).toBeNull();
    expect(customRangeError({ from: '2026-11-25', to: '2026-11-25' }, today)).toBeNull();
    // Over the leap day: Mar 1, 2027 .. Mar 1, 2029 holds Feb 29, 2028: 732 days, refused.
    expect(customRangeError({ from: '2027-03-01', to: '2029-03-01' }, '2030-01-01')).toBe(
      'A custom range can be at most 2 years long.',
    );
    expect(customRangeError({ from: '2027-03-02', to: '2029-03-01' }, '2030-01-01')).toBeNull();
  });
});

describe("days in the user's zone", () => {
  it('reads today and an instant as dates in the zone, not UTC', () => {
    const now = new Date('2026-11-25T02:30:00Z');
    expect(todayIn(now, 'UTC')).toBe('2026-11-25');
    expect(todayIn(now, 'America/New_York')).toBe('2026-11-24');
    expect(todayIn(now, 'Pacific/Auckland')).toBe('2026-11-25');
    expect(dayOfInstant('2026-11-25T11:30:00Z', 'Pacific/Auckland')).toBe('2026-11-26');
  });

  it('gives DST days their real length and keeps late-evening posts on their day', () => {
    // New York moves its clocks forward on Mar 8, 2026 (a 23-hour day) and back on Nov 1 (25 hours).
    const spring = periodInstants({ from: '2026-03-08', to: '2026-03-08' }, 'America/New_York');
    expect(spring).toEqual({ start: '2026-03-08T05:00:00.000Z', end: '2026-03-09T04:00:00.000Z' });
    const autumn = periodInstants({ from: '2026-11-01', to: '2026-11-01' }, 'America/New_York');
    expect(Date.parse(autumn.end) - Date.parse(autumn.start)).toBe(25 * 3600_000);
    // 11:30 PM on Nov 1 (after the change) is still Nov 1 there.
    expect(dayOfInstant('2026-11-02T04:30:00Z', 'America/New_York')).toBe('2026-11-01');
    // The last 7 days over the change are 7 calendar days.
    expect(daysOf(periodsFor('last7', '2026-11-04').current)).toEqual([
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
    ]);
    // Europe/London's spring change, seen from Sydney's date.
    expect(todayIn(new Date('2026-03-29T13:30:00Z'), 'Australia/Sydney')).toBe('2026-03-30');
  });

  it('labels ranges', () => {
    const p = periodsFor('custom', '2026-11-25', { from: '2026-10-01', to: '2026-10-31' });
    expect(rangeLabel('custom', p)).toBe('Oct 1, 2026 – Oct 31, 2026');
    expect(rangeLabel('last30', periodsFor('last30', '2026-11-25'))).toBe('Last 30 days');
    expect(formatPeriod({ from: '2026-11-25', to: '2026-11-25' })).toBe('Nov 25, 2026');
  });
});
