import { afterEach, describe, expect, it } from 'vitest';
import {
  dateInZone,
  instantToWallTime,
  isValidTimeZone,
  wallTimeToInstant,
  zonedDayReader,
  zoneOffsetMs,
} from './zoned-time';

const HOUR = 3_600_000;
const hostZone = process.env.TZ;

afterEach(() => {
  if (hostZone === undefined) delete process.env.TZ;
  else process.env.TZ = hostZone;
});

describe('wall time in a zone → instant', () => {
  it.each([
    ['America/New_York', '2026-01-15', '10:30', '2026-01-15T15:30:00.000Z'],
    ['America/New_York', '2026-07-01', '10:30', '2026-07-01T14:30:00.000Z'],
    ['America/Los_Angeles', '2026-01-15', '09:00', '2026-01-15T17:00:00.000Z'],
    ['America/Los_Angeles', '2026-07-01', '09:00', '2026-07-01T16:00:00.000Z'],
    ['Europe/London', '2026-01-15', '09:00', '2026-01-15T09:00:00.000Z'],
    ['Europe/London', '2026-07-01', '09:00', '2026-07-01T08:00:00.000Z'],
    ['Europe/Paris', '2026-01-15', '09:00', '2026-01-15T08:00:00.000Z'],
    ['Asia/Tokyo', '2026-07-01', '09:00', '2026-07-01T00:00:00.000Z'],
    ['Australia/Sydney', '2026-01-15', '09:00', '2026-01-14T22:00:00.000Z'],
  ])('%s %s %s is %s', (zone, date, time, iso) => {
    expect(wallTimeToInstant(date, time, zone)).toBe(iso);
  });

  describe('March: clocks go forward', () => {
    it.each([
      // New York skips 02:00-02:59 on 8 March 2026.
      ['America/New_York', '2026-03-08', '01:59', '2026-03-08T06:59:00.000Z'],
      ['America/New_York', '2026-03-08', '02:30', '2026-03-08T07:30:00.000Z'],
      ['America/New_York', '2026-03-08', '03:00', '2026-03-08T07:00:00.000Z'],
      ['America/Los_Angeles', '2026-03-08', '02:15', '2026-03-08T10:15:00.000Z'],
      // Europe moves on 29 March 2026, at 01:00 UTC everywhere.
      ['Europe/London', '2026-03-29', '00:59', '2026-03-29T00:59:00.000Z'],
      ['Europe/London', '2026-03-29', '01:30', '2026-03-29T01:30:00.000Z'],
      ['Europe/London', '2026-03-29', '02:00', '2026-03-29T01:00:00.000Z'],
      ['Europe/Paris', '2026-03-29', '02:30', '2026-03-29T01:30:00.000Z'],
      ['Europe/Paris', '2026-03-29', '03:00', '2026-03-29T01:00:00.000Z'],
      // Sydney's spring is in October.
      ['Australia/Sydney', '2026-10-04', '02:30', '2026-10-03T16:30:00.000Z'],
    ])('%s %s %s is %s (a skipped time moves on by the gap)', (zone, date, time, iso) => {
      expect(wallTimeToInstant(date, time, zone)).toBe(iso);
    });
  });

  describe('November: clocks go back', () => {
    it.each([
      // New York has 01:00-01:59 twice on 1 November 2026: the first (EDT) is taken.
      ['America/New_York', '2026-11-01', '00:59', '2026-11-01T04:59:00.000Z'],
      ['America/New_York', '2026-11-01', '01:30', '2026-11-01T05:30:00.000Z'],
      ['America/New_York', '2026-11-01', '02:00', '2026-11-01T07:00:00.000Z'],
      ['America/Los_Angeles', '2026-11-01', '01:30', '2026-11-01T08:30:00.000Z'],
      ['Europe/London', '2026-10-25', '01:30', '2026-10-25T00:30:00.000Z'],
      ['Europe/London', '2026-10-25', '02:00', '2026-10-25T02:00:00.000Z'],
      ['Europe/Paris', '2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'],
      ['Australia/Sydney', '2026-04-05', '02:30', '2026-04-04T15:30:00.000Z'],
    ])('%s %s %s is %s (a repeated time is the earlier)', (zone, date, time, iso) => {
      expect(wallTimeToInstant(date, time, zone)).toBe(iso);
    });
  });

  it('does not depend on the device’s own zone', () => {
    const inputs: [string, string, string][] = [
      ['America/New_York', '2026-11-01', '01:30'],
      ['Europe/London', '2026-10-25', '01:30'],
      ['America/New_York', '2026-03-08', '02:30'],
      ['Australia/Sydney', '2026-04-05', '02:30'],
    ];
    const results = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Europe/Paris'].map((host) => {
      process.env.TZ = host;
      return inputs.map(([zone, date, time]) => wallTimeToInstant(date, time, zone));
    });
    for (const result of results) expect(result).toEqual(results[0]);
  });

  it('is null for missing, malformed or impossible input', () => {
    expect(wallTimeToInstant('', '10:00', 'Europe/Paris')).toBeNull();
    expect(wallTimeToInstant('2030-01-01', '', 'Europe/Paris')).toBeNull();
    expect(wallTimeToInstant('2030-13-01', '10:00', 'Europe/Paris')).toBeNull();
    expect(wallTimeToInstant('2030-02-30', '10:00', 'Europe/Paris')).toBeNull();
    expect(wallTimeToInstant('2030-01-01', '24:00', 'Europe/Paris')).toBeNull();
    expect(wallTimeToInstant('2030-01-01', '10:60', 'Europe/Paris')).toBeNull();
    expect(wallTimeToInstant('2030-01-01', '10:00', 'Mars/Olympus')).toBeNull();
  });
});

describe('instant → wall time in a zone', () => {
  it('shows an instant as each zone’s date and time inputs', () => {
    const iso = '2026-11-01T05:30:00.000Z';
    expect(instantToWallTime(iso, 'America/New_York')).toEqual({
      date: '2026-11-01',
      time: '01:30',
    });
    expect(instantToWallTime(iso, 'America/Los_Angeles')).toEqual({
      date: '2026-10-31',
      time: '22:30',
    });
    expect(instantToWallTime(iso, 'Asia/Tokyo')).toEqual({ date: '2026-11-01', time: '14:30' });
    expect(instantToWallTime('not a date', 'Asia/Tokyo')).toBeNull();
  });

  it('round-trips every half hour of the transition days, but for skipped times', () => {
    const days: [string, string][] = [
      ['America/New_York', '2026-03-08'],
      ['America/New_York', '2026-11-01'],
      ['Europe/London', '2026-03-29'],
      ['Europe/Paris', '2026-10-25'],
      ['Australia/Sydney', '2026-10-04'],
    ];
    for (const [zone, date] of days) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const instant = wallTimeToInstant(date, time, zone)!;
        const back = instantToWallTime(instant, zone)!;
        const skipped = back.time !== time;
        // Only a skipped time comes back different: one hour later, the length of the gap.
        if (skipped)
          expect(
            new Date(`${date}T${back.time}Z`).getTime() - new Date(`${date}T${time}Z`).getTime(),
          ).toBe(HOUR);
        else expect(back).toEqual({ date, time });
      }
    }
  });
});

describe('zone helpers', () => {
  it('gives the offset in force at an instant', () => {
    expect(zoneOffsetMs(Date.parse('2026-01-15T12:00:00Z'), 'America/New_York')).toBe(-5 * HOUR);
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-4 * HOUR);
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR);
  });

  it('knows real zones only', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('UTC+1')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('gives a date in a zone, days later', () => {
    const now = new Date('2026-12-31T23:30:00Z');
    expect(dateInZone(now, 'Europe/Paris')).toBe('2027-01-01');
    expect(dateInZone(now, 'America/New_York', 1)).toBe('2027-01-01');
    expect(dateInZone(new Date('2028-02-28T12:00:00Z'), 'UTC', 1)).toBe('2028-02-29');
  });
});

describe('zonedDayReader', () => {
  // Zones with DST at 02:00 and at midnight, 30-minute DST, quarter-hour offsets, the date line.
  const ZONES = [
    'UTC',
    'America/New_York',
    'Europe/London',
    'America/Santiago',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Pacific/Chatham',
    'Pacific/Apia',
  ];
  const start = Date.UTC(2025, 0, 1);
  const YEAR = 366 * 24 * 3_600_000;

  it('reads each instant as instantToWallTime does, in order and out of order, over DST changes', () => {
    // Every 17 minutes and 13 seconds for a year: every transition and every midnight is crossed.
    const sorted: number[] = [];
    for (let t = start; t < start + YEAR; t += 1_033_000) sorted.push(t);
    let seed = 7;
    const shuffled = [...sorted]
      .map((t) => {
        seed = (seed * 16807) % 2147483647;
        return { t, k: seed };
      })
      .sort((a, b) => a.k - b.k)
      .map(({ t }) => t)
      .slice(0, 3000);
    for (const zone of ZONES) {
      for (const instants of [sorted, shuffled]) {
        const dayOf = zonedDayReader(zone);
        const wrong = instants.filter((t) => {
          const iso = new Date(t).toISOString();
          return dayOf(t) !== instantToWallTime(iso, zone)!.date;
        });
        expect(wrong.map((t) => `${zone} ${new Date(t).toISOString()}`)).toEqual([]);
      }
    }
  });

  it('reads the last second before a midnight and the midnight itself apart', () => {
    const dayOf = zonedDayReader('America/New_York');
    // 2025-03-09: clocks go from 02:00 to 03:00; midnight before is 05:00Z, the next 04:00Z.
    expect(dayOf(Date.parse('2025-03-09T04:59:59.999Z'))).toBe('2025-03-08');
    expect(dayOf(Date.parse('2025-03-09T05:00:00.000Z'))).toBe('2025-03-09');
    expect(dayOf(Date.parse('2025-03-10T03:59:59.999Z'))).toBe('2025-03-09');
    expect(dayOf(Date.parse('2025-03-10T04:00:00.000Z'))).toBe('2025-03-10');
  });

  it('gives null for an invalid instant or zone', () => {
    expect(zonedDayReader('UTC')(Number.NaN)).toBeNull();
    expect(zonedDayReader('Not/AZone')(Date.UTC(2025, 0, 1))).toBeNull();
  });
});
