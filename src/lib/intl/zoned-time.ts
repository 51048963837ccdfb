// Wall times in a named IANA zone, both ways, with the zone's own daylight-saving rules.
//
// Written on Intl rather than taken from a library: the small zone libraries resolve a wall time
// that occurs twice (the hour repeated when clocks go back) differently depending on the device's
// own zone, so the same input could be stored as two instants. Here the rules are Temporal's
// 'compatible' ones, the same on every device: a wall time in a gap (clocks going forward) moves on
// by the length of the gap, and a repeated wall time is the earlier of its two instants.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      era: 'short',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallParts(epochMs: number, timeZone: string): WallParts {
  const values: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(epochMs))
    values[part.type] = part.value;
  const year = Number(values.year);
  return {
    year: values.era === 'BC' || values.era === 'B' ? 1 - year : year,
    month: Number(values.month),
    day: Number(values.day),
    hour: Number(values.hour),
    minute: Number(values.minute),
    second: Number(values.second),
  };
}

function utcOf(p: WallParts): number {
  // Not Date.UTC: it reads years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(p.year, p.month - 1, p.day);
  date.setUTCHours(p.hour, p.minute, p.second, 0);
  return date.getTime();
}

/** The zone's offset from UTC at an instant, in milliseconds (New York in winter: -5 h). */
export function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const whole = Math.floor(epochMs / 1000) * 1000;
  return utcOf(wallParts(whole, timeZone)) - whole;
}

/** Whether the runtime knows the zone (an IANA name such as Europe/Paris). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The device's own zone; UTC when the runtime cannot tell. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const DATE_INPUT = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_INPUT = /^(\d{2}):(\d{2})$/;

/**
 * A date input's value (2030-03-05) and a time input's (09:45), read as a wall time in `timeZone`,
 * as an ISO instant; null when either is missing or not a real date or time.
 */
export function wallTimeToInstant(date: string, time: string, timeZone: string): string | null {
  const d = DATE_INPUT.exec(date);
  const t = TIME_INPUT.exec(time);
  if (!d || !t || !isValidTimeZone(timeZone)) return null;
  const wall: WallParts = {
    year: Number(d[1]),
    month: Number(d[2]),
    day: Number(d[3]),
    hour: Number(t[1]),
    minute: Number(t[2]),
    second: 0,
  };
  if (wall.hour > 23 || wall.minute > 59) return null;
  const asUtc = utcOf(wall);
  const check = new Date(asUtc);
  // 2030-02-30 would roll over to March: not a date.
  if (check.getUTCMonth() !== wall.month - 1 || check.getUTCDate() !== wall.day) return null;

  // The zone's offsets a day either side cover every transition (none come closer together).
  const before = zoneOffsetMs(asUtc - DAY, timeZone);
  const after = zoneOffsetMs(asUtc + DAY, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => asUtc - offset)
    .filter((instant) => utcOf(wallParts(instant, timeZone)) === asUtc)
    .sort((a, b) => a - b);
  // A repeated wall time: the earlier instant. A skipped one: read with the offset before the gap.
  const instant = candidates[0] ?? asUtc - before;
  return new Date(instant).toISOString();
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** An ISO instant as date and time inputs show it in `timeZone`; null for an invalid instant. */
export function instantToWallTime(
  iso: string,
  timeZone: string,
): { date: string; time: string } | null {
  const epochMs = new Date(iso).getTime();
  if (Number.isNaN(epochMs) || !isValidTimeZone(timeZone)) return null;
  const p = wallParts(epochMs, timeZone);
  return {
    date: `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`,
    time: `${pad(p.hour)}:${pad(p.minute)}`,
  };
}

/**
 * Reads the date (2030-03-05) of many instants in `timeZone`, as `instantToWallTime(...).date`
 * does for one, but asking the runtime a few times per day met rather than once per instant: a
 * thousand posts over two months cost some two hundred calls instead of a thousand, in the order
 * given (best sorted). Exact: a day with an offset change is read instant by instant. Null for an
 * invalid instant or zone.
 */
export function zonedDayReader(timeZone: string): (epochMs: number) => string | null {
  if (!isValidTimeZone(timeZone)) return () => null;
  // The last day read whose offset holds from its first to its last second: [from, to).
  let from = 0;
  let to = 0;
  let known = '';
  return (epochMs) => {
    if (!Number.isFinite(epochMs)) return null;
    if (epochMs >= from && epochMs < to) return known;
    const whole = Math.floor(epochMs / 1000) * 1000;
    const p = wallParts(whole, timeZone);
    const day = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
    const offset = utcOf(p) - whole;
    const start = utcOf({ ...p, hour: 0, minute: 0, second: 0 }) - offset;
    const end = start + DAY;
    if (zoneOffsetMs(start, timeZone) === offset && zoneOffsetMs(end - 1000, timeZone) === offset) {
      from = start;
      to = end;
      known = day;
    }
    return day;
  };
}

/** The calendar date `days` after `now`'s date in `timeZone`, as a date input's value. */
export function dateInZone(now: Date, timeZone: string, days = 0): string {
  const p = wallParts(now.getTime(), timeZone);
  const date = new Date(0);
  date.setUTCFullYear(p.year, p.month - 1, p.day + days);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}
