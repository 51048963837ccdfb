import { describe, expect, it } from 'vitest';
import {
  APPEARANCE_TIME_ZONES,
  ONBOARDING_TIME_ZONES,
  timeZoneOptions,
  zoneCity,
} from './time-zones';
import { isValidTimeZone, zoneOffsetMs } from './zoned-time';

const HOUR = 3_600_000;

describe('time zone choices', () => {
  it('maps each of the spec’s offsets to a real zone with that standard offset', () => {
    const winter = Date.parse('2026-01-15T12:00:00Z');
    const expected: Record<string, number> = { 'UTC-8': -8, 'UTC-5': -5, 'UTC+0': 0, 'UTC+1': 1 };
    for (const choice of APPEARANCE_TIME_ZONES) {
      expect(isValidTimeZone(choice.timeZone)).toBe(true);
      expect(zoneOffsetMs(winter, choice.timeZone)).toBe(expected[choice.label]! * HOUR);
    }
    // And with summer time, which a fixed offset would miss.
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'America/Los_Angeles')).toBe(-7 * HOUR);
  });

  it('lists the spec’s four, then the onboarding zones they do not cover, each once', () => {
    const options = timeZoneOptions('America/Chicago');
    expect(options.map((o) => o.label)).toEqual([
      'UTC-8',
      'UTC-5',
      'UTC+0',
      'UTC+1',
      'America/Chicago',
      'America/Denver',
      'America/Toronto',
      'Asia/Tokyo',
      'Australia/Sydney',
    ]);
    const zones = options.map((o) => o.timeZone);
    expect(new Set(zones).size).toBe(zones.length);
    for (const zone of ONBOARDING_TIME_ZONES) expect(zones).toContain(zone);
  });

  it('adds the zone in use when it is not listed (a device elsewhere)', () => {
    expect(timeZoneOptions('Asia/Kolkata').at(-1)).toEqual({
      timeZone: 'Asia/Kolkata',
      label: 'Asia/Kolkata',
    });
    expect(timeZoneOptions('Europe/Paris')).toHaveLength(9);
  });

  it('names a zone’s city', () => {
    expect(zoneCity('America/Los_Angeles')).toBe('Los Angeles');
    expect(zoneCity('UTC')).toBe('UTC');
  });
});
