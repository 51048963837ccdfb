// The calendar's days. A day is a date in the user's zone, keyed YYYY-MM-DD; the grid itself is
// plain calendar arithmetic on those dates (done on UTC dates, which have no daylight saving), and
// only the step from an instant to its day, and back, involves the zone. That step goes through
// lib/intl/zoned-time, so a moved post resolves its wall time by the same rules as the time fields
// of /create.

import { dateTimeFormat } from '../../lib/intl/format';
import {
  dateInZone,
  instantToWallTime,
  wallTimeToInstant,
  zonedDayReader,
} from '../../lib/intl/zoned-time';

/** A date in the user's zone: 2026-12-15. */
export type DayKey = string;

export interface Month {
  year: number;
  /** 1-12 */
  month: number;
}

export interface GridDay {
  key: DayKey;
  /** Day of the month, 1-31. */
  day: number;
  /** Whether it belongs to the month shown (the first and last weeks hold neighbours' days). */
  inMonth: boolean;
}

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, length = 2) => String(n).padStart(length, '0');

function utcDate(year: number, month: number, day: number): Date {
  // Not Date.UTC: it reads years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

function keyOfUtc(date: Date): DayKey {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function parseKey(key: DayKey): Date {
  const m = DAY_KEY.exec(key);
  if (!m) throw new RangeError(`Not a day: ${key}`);
  return utcDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

export function isDayKey(value: string): boolean {
  const m = DAY_KEY.exec(value);
  return !!m && keyOfUtc(utcDate(Number(m[1]), Number(m[2]), Number(m[3]))) === value;
}

export function dayKey(year: number, month: number, day: number): DayKey {
  return keyOfUtc(utcDate(year, month, day));
}

export function addDays(key: DayKey, days: number): DayKey {
  const date = parseKey(key);
  date.setUTCDate(date.getUTCDate() + days);
  return keyOfUtc(date);
}

/** 0 for Sunday … 6 for Saturday. */
export function weekday(key: DayKey): number {
  return parseKey(key).getUTCDay();
}

export function monthOfDay(key: DayKey): Month {
  const date = parseKey(key);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

export function addMonths({ year, month }: Month, months: number): Month {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

export function daysInMonth({ year, month }: Month): number {
  return utcDate(year, month + 1, 0).getUTCDate();
}

/** The same day of the month in `target`, or its last day when the month is shorter. */
export function sameDayIn(key: DayKey, target: Month): DayKey {
  const day = Math.min(parseKey(key).getUTCDate(), daysInMonth(target));
  return dayKey(target.year, target.month, day);
}

/** The Sunday-to-Saturday week holding `key`. */
export function weekOf(key: DayKey): DayKey[] {
  const sunday = addDays(key, -weekday(key));
  return Array.from({ length: 7 }, (_, i) => addDays(sunday, i));
}

/** The month's weeks, Sunday to Saturday, from the week of its 1st to the week of its last day. */
export function monthGrid(month: Month): GridDay[][] {
  const first = dayKey(month.year, month.month, 1);
  const last = dayKey(month.year, month.month, daysInMonth(month));
  const weeks: GridDay[][] = [];
  for (let sunday = addDays(first, -weekday(first)); sunday <= last; sunday = addDays(sunday, 7)) {
    weeks.push(
      weekOf(sunday).map((key) => {
        const date = parseKey(key);
        return {
          key,
          day: date.getUTCDate(),
          inMonth: date.getUTCFullYear() === month.year && date.getUTCMonth() + 1 === month.month,
        };
      }),
    );
  }
  return weeks;
}

/** Today's date in the zone. */
export function todayIn(timeZone: string, now: Date = new Date()): DayKey {
  return dateInZone(now, timeZone);
}

/** The day an instant falls on in the zone; null for an invalid instant. */
export function dayOfInstant(iso: string, timeZone: string): DayKey | null {
  return instantToWallTime(iso, timeZone)?.date ?? null;
}

/** Items by the day they fall on in the zone, each day's in the order given. */
export function groupByDay<T extends { at: string }>(
  items: readonly T[],
  timeZone: string,
): Map<DayKey, T[]> {
  const days = new Map<DayKey, T[]>();
  const dayOf = zonedDayReader(timeZone);
  for (const item of items) {
    const day = dayOf(Date.parse(item.at));
    if (!day) continue;
    const list = days.get(day);
    if (list) list.push(item);
    else days.set(day, [item]);
  }
  return days;
}

/**
 * The instant on `day` at the same wall-clock time `iso` has in the zone (seconds kept). A time
 * the clocks skip that day moves on by the gap; a repeated one takes its first occurrence.
 */
export function moveToDay(iso: string, day: DayKey, timeZone: string): string | null {
  const wall = instantToWallTime(iso, timeZone);
  if (!wall || !isDayKey(day)) return null;
  const moved = wallTimeToInstant(day, wall.time, timeZone);
  if (!moved) return null;
  const withinMinute = ((new Date(iso).getTime() % 60_000) + 60_000) % 60_000;
  return new Date(new Date(moved).getTime() + withinMinute).toISOString();
}

// A calendar date names no instant: it is written as the UTC date it is, whatever the zone.
const civil = (locale: string, options: Intl.DateTimeFormatOptions) =>
  dateTimeFormat({ locale, timeZone: 'UTC' }, options);

/** December 2026 · Dezember 2026 */
export function monthTitle(month: Month, locale: string): string {
  return civil(locale, { month: 'long', year: 'numeric' }).format(
    utcDate(month.year, month.month, 1),
  );
}

/** Tuesday, December 15, 2026 */
export function dayLabel(key: DayKey, locale: string): string {
  return civil(locale, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(
    parseKey(key),
  );
}

/** Tue, Dec 15 */
export function shortDayLabel(key: DayKey, locale: string): string {
  return civil(locale, { weekday: 'short', month: 'short', day: 'numeric' }).format(parseKey(key));
}

/** The weekdays from Sunday, short (Sun) and long (Sunday). */
export function weekdayNames(locale: string): { short: string; long: string }[] {
  // 2026-11-01 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => {
    const date = utcDate(2026, 11, 1 + i);
    return {
      short: civil(locale, { weekday: 'short' }).format(date),
      long: civil(locale, { weekday: 'long' }).format(date),
    };
  });
}
