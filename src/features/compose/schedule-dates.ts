import {
  dateInZone,
  deviceTimeZone,
  instantToWallTime,
  wallTimeToInstant,
} from '../../lib/intl/zoned-time';

// The date and time inputs hold a wall time in the user's zone (Settings → Appearance), which
// need not be the device's; the draft keeps the instant, in UTC.

/** Date and time inputs, read in `timeZone`, as an ISO instant; null when either is missing or invalid. */
export function scheduledForFrom(
  date: string,
  time: string,
  timeZone: string = deviceTimeZone(),
): string | null {
  return wallTimeToInstant(date, time, timeZone);
}

/** An ISO instant as the date and time inputs show it in `timeZone`. */
export function dateTimeInputs(
  iso: string,
  timeZone: string = deviceTimeZone(),
): { date: string; time: string } | null {
  return instantToWallTime(iso, timeZone);
}

/** The sample schedule the date and time inputs start from: tomorrow at 10:30, in `timeZone`. */
export function sampleSchedule(
  now: Date = new Date(),
  timeZone: string = deviceTimeZone(),
): { date: string; time: string } {
  return { date: dateInZone(now, timeZone, 1), time: '10:30' };
}
