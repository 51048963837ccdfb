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
});
