import { describe, expect, it } from 'vitest';
import { dateTimeInputs, sampleSchedule, scheduledForFrom } from './schedule-dates';

describe('schedule date and time', () => {
  it('round-trips the local date and time through an ISO instant', () => {
    const iso = scheduledForFrom('2030-03-05', '09:45');
    expect(iso).not.toBeNull();
    expect(dateTimeInputs(iso!)).toEqual({ date: '2030-03-05', time: '09:45' });
  });

  it('is null for missing or malformed input', () => {
    expect(scheduledForFrom('', '10:00')).toBeNull();
    expect(scheduledForFrom('2030-13-45', '10:00')).toBeNull();
    expect(scheduledForFrom('2030-01-01', '')).toBeNull();
  });

  it('starts from tomorrow at 10:30', () => {
    expect(sampleSchedule(new Date(2030, 11, 31, 18, 0))).toEqual({
      date: '2031-01-01',
      time: '10:30',
    });
  });

  it('reads and shows the inputs in the user’s zone, not the device’s', () => {
    // 10:30 in New York is 15:30 UTC in winter and 14:30 UTC in summer.
    expect(scheduledForFrom('2030-01-15', '10:30', 'America/New_York')).toBe(
      '2030-01-15T15:30:00.000Z',
    );
    expect(scheduledForFrom('2030-07-15', '10:30', 'America/New_York')).toBe(
      '2030-07-15T14:30:00.000Z',
    );
    expect(dateTimeInputs('2030-07-15T14:30:00.000Z', 'America/New_York')).toEqual({
      date: '2030-07-15',
      time: '10:30',
    });
    expect(dateTimeInputs('2030-07-15T14:30:00.000Z', 'Europe/Paris')).toEqual({
      date: '2030-07-15',
      time: '16:30',
    });
  });

  it('starts from tomorrow in the user’s zone', () => {
    // 23:30 UTC on 31 December is already 1 January in Paris, still 31 December in Los Angeles.
    const now = new Date('2030-12-31T23:30:00Z');
    expect(sampleSchedule(now, 'Europe/Paris')).toEqual({ date: '2031-01-02', time: '10:30' });
    expect(sampleSchedule(now, 'America/Los_Angeles')).toEqual({
      date: '2031-01-01',
      time: '10:30',
    });
  });
});
