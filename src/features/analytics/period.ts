import { dateInZone, instantToWallTime, wallTimeToInstant } from '../../lib/intl/zoned-time';
import type { Period, Periods, RangeKey } from './types';

// Periods are calendar days in the user's zone (YYYY-MM-DD, both ends inclusive). Day arithmetic
// runs on UTC dates, which have no daylight-saving changes, so every day is exactly one day.

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A custom range may not be longer than this (two years, a leap day included). */
export const MAX_CUSTOM_DAYS = 731;

export const RANGE_DAYS: Record<Exclude<RangeKey, 'custom'>, number> = {
  last7: 7,
  last30: 30,
  last90: 90,
};

export const RANGE_LABELS: Record<RangeKey, string> = {
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  last90: 'Last 90 days',
  custom: 'Custom range',
};

export const RANGE_KEYS: readonly RangeKey[] = ['last7', 'last30', 'last90', 'custom'];

export function isRangeKey(value: unknown): value is RangeKey {
  return RANGE_KEYS.includes(value as RangeKey);
}

/** Milliseconds since the epoch at UTC midnight of a YYYY-MM-DD date; NaN when not a real date. */
function utcDay(date: string): number {
  const m = DATE.exec(date);
  if (!m) return Number.NaN;
  const d = new Date(0);
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // 2026-02-30 rolls over into March: not a date.
  if (d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) return Number.NaN;
  return d.getTime();
}

function fromUtcDay(ms: number): string {
  const d = new Date(ms);
  const y = String(d.getUTCFullYear()).padStart(4, '0');
  return `${y}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

export function isDate(value: string): boolean {
  return !Number.isNaN(utcDay(value));
}

/** The date `days` after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return fromUtcDay(utcDay(date) + days * DAY_MS);
}

/** How many days a period holds (both ends counted). */
export function periodLength(period: Period): number {
  return Math.round((utcDay(period.to) - utcDay(period.from)) / DAY_MS) + 1;
}

/** Every day of a period, in order. */
export function daysOf(period: Period): string[] {
  const n = periodLength(period);
  const start = utcDay(period.from);
  const out: string[] = [];
  for (let i = 0; i < n; i += 1) out.push(fromUtcDay(start + i * DAY_MS));
  return out;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(utcDay(date)).getUTCDay();
}

/** Today's date in the user's zone. */
export function todayIn(now: Date, timeZone: string): string {
  return dateInZone(now, timeZone);
}

/** The date an instant falls on in the user's zone; null for an unreadable instant. */
export function dayOfInstant(iso: string, timeZone: string): string | null {
  return instantToWallTime(iso, timeZone)?.date ?? null;
}

/**
 * The instants a period covers in the user's zone: from its first midnight up to (not including)
 * the midnight after its last day. DST days are 23 or 25 hours long; the zone's rules decide.
 */
export function periodInstants(period: Period, timeZone: string): { start: string; end: string } {
  const start = wallTimeToInstant(period.from, '00:00', timeZone);
  const end = wallTimeToInstant(addDays(period.to, 1), '00:00', timeZone);
  return {
    start: start ?? new Date(utcDay(period.from) - DAY_MS).toISOString(),
    end: end ?? new Date(utcDay(period.to) + 2 * DAY_MS).toISOString(),
  };
}

/** The period of `days` days that ends the day before `period` starts. */
export function previousOf(period: Period): Period {
  const to = addDays(period.from, -1);
  return { from: addDays(to, -(periodLength(period) - 1)), to };
}

/**
 * Why a custom range cannot be shown (From after To, a day after today, longer than two years,
 * not a date), or null when it can.
 */
export function customRangeError(
  custom: Partial<Period> | undefined,
  today: string,
): string | null {
  const from = custom?.from?.trim() ?? '';
  const to = custom?.to?.trim() ?? '';
  if (!from || !to) return 'Choose both a From and a To date.';
  if (!isDate(from)) return 'From is not a valid date.';
  if (!isDate(to)) return 'To is not a valid date.';
  if (from > to) return 'From must be on or before To.';
  if (to > today) return 'To cannot be after today: there are no numbers for future days yet.';
  if (periodLength({ from, to }) > MAX_CUSTOM_DAYS)
    return 'A custom range can be at most 2 years long.';
  return null;
}

/**
 * The period a range shows and the one it is compared with: the same number of days just before.
 * A custom range that `customRangeError` refuses falls back to the last 30 days.
 */
export function periodsFor(range: RangeKey, today: string, custom?: Period): Periods {
  let current: Period;
  if (range === 'custom' && custom && customRangeError(custom, today) === null) {
    current = { from: custom.from.trim(), to: custom.to.trim() };
  } else {
    const days = range === 'custom' ? RANGE_DAYS.last30 : RANGE_DAYS[range];
    current = { from: addDays(today, -(days - 1)), to: today };
  }
  return { current, previous: previousOf(current) };
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Nov 1, 2026" for 2026-11-01 (a calendar date: no zone shifts it). */
export function formatDay(date: string): string {
  const ms = utcDay(date);
  return Number.isNaN(ms) ? date : dayFormat.format(ms);
}

/** "Nov 1, 2026 – Nov 30, 2026". */
export function formatPeriod(period: Period): string {
  return period.from === period.to
    ? formatDay(period.from)
    : `${formatDay(period.from)} – ${formatDay(period.to)}`;
}

/** What the range is called on the page: "Last 30 days", or the custom range's dates. */
export function rangeLabel(range: RangeKey, periods: Periods): string {
  return range === 'custom' ? formatPeriod(periods.current) : RANGE_LABELS[range];
}
