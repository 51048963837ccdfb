import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayKey,
  dayLabel,
  dayOfInstant,
  daysInMonth,
  groupByDay,
  isDayKey,
  monthGrid,
  monthTitle,
  moveToDay,
  sameDayIn,
  todayIn,
  weekday,
  weekdayNames,
  weekOf,
} from './month-grid';

const keys = (weeks: ReturnType<typeof monthGrid>) => weeks.map((w) => w.map((d) => d.key));
const inMonth = (weeks: ReturnType<typeof monthGrid>) =>
  weeks.flat().filter((d) => d.inMonth).length;

describe('the month grid', () => {
  it('runs Sunday to Saturday, from the week of the 1st to the week of the last day', () => {
    // December 2026 starts on a Tuesday and ends on a Thursday.
    const weeks = monthGrid({ year: 2026, month: 12 });
    expect(weeks).toHaveLength(5);
    expect(weeks[0]!.map((d) => d.key)).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    expect(weeks[0]!.map((d) => d.inMonth)).toEqual([false, false, true, true, true, true, true]);
    expect(weeks[4]!.at(-1)).toEqual({ key: '2027-01-02', day: 2, inMonth: false });
    for (const week of weeks) {
      expect(week.map((d) => weekday(d.key))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    }
    expect(inMonth(weeks)).toBe(31);
  });

  it('starts on the 1st itself when the month starts on a Sunday', () => {
    // February 2026: Sunday the 1st, 28 days, exactly four weeks.
    const weeks = monthGrid({ year: 2026, month: 2 });
    expect(keys(weeks)[0]![0]).toBe('2026-02-01');
    expect(weeks).toHaveLength(4);
    expect(weeks.flat().every((d) => d.inMonth)).toBe(true);
  });

  it('spans six weeks when a long month starts late in the week', () => {
    // August 2026 starts on a Saturday and has 31 days.
    const weeks = monthGrid({ year: 2026, month: 8 });
    expect(weeks).toHaveLength(6);
    expect(weeks[0]!.filter((d) => d.inMonth).map((d) => d.key)).toEqual(['2026-08-01']);
    expect(weeks[5]!.filter((d) => d.inMonth).map((d) => d.key)).toEqual([
      '2026-08-30',
      '2026-08-31',
    ]);
  });

  it('knows leap years: every 4th, not every 100th, but every 400th', () => {
    expect(daysInMonth({ year: 2028, month: 2 })).toBe(29);
    expect(daysInMonth({ year: 2026, month: 2 })).toBe(28);
    expect(daysInMonth({ year: 2100, month: 2 })).toBe(28);
    expect(daysInMonth({ year: 2000, month: 2 })).toBe(29);
    expect(inMonth(monthGrid({ year: 2028, month: 2 }))).toBe(29);
    expect(inMonth(monthGrid({ year: 2100, month: 2 }))).toBe(28);
    expect(isDayKey('2028-02-29')).toBe(true);
    expect(isDayKey('2100-02-29')).toBe(false);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
  });

  it('steps months across years and keeps a day that the next month has not', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
    expect(sameDayIn('2026-01-31', { year: 2028, month: 2 })).toBe('2028-02-29');
    expect(sameDayIn('2026-01-15', { year: 2026, month: 2 })).toBe('2026-02-15');
    expect(weekOf('2026-12-15')).toEqual([
      '2026-12-13',
      '2026-12-14',
      '2026-12-15',
      '2026-12-16',
      '2026-12-17',
      '2026-12-18',
      '2026-12-19',
    ]);
    expect(dayKey(2026, 12, 32)).toBe('2027-01-01');
  });

  it('names months and days in the user’s language, the same day whatever the zone', () => {
    expect(monthTitle({ year: 2026, month: 12 }, 'en-US')).toBe('December 2026');
    expect(monthTitle({ year: 2026, month: 3 }, 'de')).toBe('März 2026');
    expect(dayLabel('2026-12-15', 'en-US')).toBe('Tuesday, December 15, 2026');
    expect(weekdayNames('en-US').map((d) => d.short)).toEqual([
      'Sun',
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
    ]);
  });
});

describe('days in the user’s zone', () => {
  const NY = 'America/New_York';

  it('puts 01:30 on the days New York’s clocks change on that day', () => {
    // 2026-03-08: 02:00 EST jumps to 03:00 EDT; 01:30 is still EST (UTC-5).
    expect(dayOfInstant('2026-03-08T06:30:00.000Z', NY)).toBe('2026-03-08');
    // 2026-11-01: 02:00 EDT goes back to 01:00 EST; 01:30 happens twice, both on the 1st.
    expect(dayOfInstant('2026-11-01T05:30:00.000Z', NY)).toBe('2026-11-01');
    expect(dayOfInstant('2026-11-01T06:30:00.000Z', NY)).toBe('2026-11-01');
    // The last minutes of the long day are still the 1st: 23:59 EST is 04:59Z on the 2nd.
    expect(dayOfInstant('2026-11-02T04:59:00.000Z', NY)).toBe('2026-11-01');
    expect(dayOfInstant('2026-11-02T05:00:00.000Z', NY)).toBe('2026-11-02');
    // The short day ends at 04:00Z (midnight EDT).
    expect(dayOfInstant('2026-03-09T03:59:00.000Z', NY)).toBe('2026-03-08');
    expect(dayOfInstant('2026-03-09T04:00:00.000Z', NY)).toBe('2026-03-09');
  });

  it('moves an item to another day at the same wall-clock time across a change of offset', () => {
    // 09:00 EST on the 7th → 09:00 EDT on the 8th (one hour less in UTC).
    expect(moveToDay('2026-03-07T14:00:00.000Z', '2026-03-08', NY)).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    // 01:30 EST on the 7th → 01:30 on the 8th, before the jump.
    expect(moveToDay('2026-03-07T06:30:00.000Z', '2026-03-08', NY)).toBe(
      '2026-03-08T06:30:00.000Z',
    );
    // 02:30 does not exist on the 8th: it moves on by the gap, to 03:30 EDT.
    expect(moveToDay('2026-03-07T07:30:00.000Z', '2026-03-08', NY)).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    // 01:30 EDT on Oct 31 → the first 01:30 of Nov 1 (still EDT).
    expect(moveToDay('2026-10-31T05:30:00.000Z', '2026-11-01', NY)).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    // Seconds stay as they were.
    expect(moveToDay('2026-12-15T14:00:42.000Z', '2026-12-20', NY)).toBe(
      '2026-12-20T14:00:42.000Z',
    );
    expect(moveToDay('not a time', '2026-12-20', NY)).toBeNull();
    expect(moveToDay('2026-12-15T14:00:00.000Z', '2026-02-30', NY)).toBeNull();
  });

  it('groups items near midnight by the user’s zone, not the device’s', () => {
    // Two zones a day apart: whatever the device's zone, at most one of them is it.
    const late = { id: 'late', at: '2026-12-15T09:30:00.000Z' }; // 23:30 on the 15th in Kiritimati (UTC+14)
    const early = { id: 'early', at: '2026-12-15T10:30:00.000Z' }; // 00:30 on the 16th there
    const days = groupByDay([late, early], 'Pacific/Kiritimati');
    expect([...days.entries()]).toEqual([
      ['2026-12-15', [late]],
      ['2026-12-16', [early]],
    ]);
    // Pago Pago (UTC-11) puts both on the 14th.
    expect([...groupByDay([late, early], 'Pacific/Pago_Pago').keys()]).toEqual(['2026-12-14']);
    expect(groupByDay([{ at: 'nonsense' }], 'Pacific/Kiritimati').size).toBe(0);
  });

  it('takes today in the user’s zone', () => {
    const now = new Date('2026-12-15T10:30:00.000Z');
    expect(todayIn('Pacific/Kiritimati', now)).toBe('2026-12-16');
    expect(todayIn('Pacific/Pago_Pago', now)).toBe('2026-12-14');
    expect(todayIn('Europe/London', now)).toBe('2026-12-15');
  });
});
