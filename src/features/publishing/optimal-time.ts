import { dateInZone, instantToWallTime, wallTimeToInstant } from '../../lib/intl/zoned-time';

/**
 * AI optimal time: the next good moment to post, and the rule that picked it, in words the user
 * reads. In order: the user's own published posts with engagement numbers (once there are enough),
 * else the onboarding's preferred posting times, else a general default.
 */

/** One of the user's own published posts and how it did (likes, comments, shares… as a number). */
export interface EngagementSample {
  publishedAt: string;
  engagement: number;
}

export interface OptimalTimeInput {
  now: Date;
  /** The user's IANA zone: the rules speak of wall times there. */
  timeZone: string;
  /** Onboarding's preferred posting times (ids: morning, afternoon, evening, ai-optimize). */
  preferredTimes: readonly string[];
  /** The user's own published posts with numbers; analytics provide it once they exist. */
  history?: readonly EngagementSample[];
}

export type OptimalTimeSource = 'history' | 'preferred' | 'default';

export interface OptimalTime {
  /** ISO instant. */
  scheduledFor: string;
  source: OptimalTimeSource;
  /** Which rule picked the time, e.g. "Picked from your preferred posting times: Morning (6 AM-12 PM)." */
  rule: string;
}

/** The onboarding windows, with the time in each that posts go out at. */
export const POSTING_WINDOWS = [
  { id: 'morning', label: 'Morning (6 AM-12 PM)', from: 6, to: 12, slot: '09:00' },
  { id: 'afternoon', label: 'Afternoon (12 PM-6 PM)', from: 12, to: 18, slot: '13:00' },
  { id: 'evening', label: 'Evening (6 PM-10 PM)', from: 18, to: 22, slot: '19:00' },
] as const;

/** Fewer posts than this say nothing about the user's audience yet. */
export const MIN_HISTORY_POSTS = 3;
/** A time sooner than this would not leave the user a moment to change their mind. */
export const MIN_LEAD_MS = 15 * 60_000;

/** Without preferences or history: midweek mornings, when most audiences are active. */
export const DEFAULT_RULE = {
  weekdays: [2, 3, 4],
  time: '10:30',
  text: 'Picked from general best times, as there are no preferred posting times or post results yet: Tuesday to Thursday at 10:30 AM.',
} as const;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * The earliest instant at least MIN_LEAD_MS after `now` that is one of `times` (HH:MM, in
 * `timeZone`) on one of `weekdays` (all days when absent). DST-correct: the wall time is read in
 * the zone on its own date.
 */
function nextSlot(
  now: Date,
  timeZone: string,
  times: readonly string[],
  weekdays?: readonly number[],
): { instant: string; time: string } | null {
  const earliest = now.getTime() + MIN_LEAD_MS;
  const sorted = [...times].sort();
  for (let days = 0; days <= 7; days += 1) {
    const date = dateInZone(now, timeZone, days);
    if (weekdays && !weekdays.includes(weekdayOf(date))) continue;
    for (const time of sorted) {
      const instant = wallTimeToInstant(date, time, timeZone);
      if (instant && Date.parse(instant) >= earliest) return { instant, time };
    }
  }
  return null;
}

function hourLabel(hour: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12} ${hour < 12 ? 'AM' : 'PM'}`;
}

function formatAverage(value: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(value);
}

interface Slot {
  weekday: number;
  hour: number;
  posts: number;
  total: number;
}

/** The weekday and hour (in the user's zone) whose posts did best on average. */
function bestSlot(
  history: readonly EngagementSample[],
  timeZone: string,
  windows: readonly (typeof POSTING_WINDOWS)[number][],
): Slot | null {
  const slots = new Map<string, Slot>();
  for (const sample of history) {
    if (!Number.isFinite(sample.engagement) || sample.engagement < 0) continue;
    const wall = instantToWallTime(sample.publishedAt, timeZone);
    if (!wall) continue;
    const hour = Number(wall.time.slice(0, 2));
    if (windows.length > 0 && !windows.some((w) => hour >= w.from && hour < w.to)) continue;
    const weekday = weekdayOf(wall.date);
    const key = `${weekday}-${hour}`;
    const slot = slots.get(key) ?? { weekday, hour, posts: 0, total: 0 };
    slot.posts += 1;
    slot.total += sample.engagement;
    slots.set(key, slot);
  }
  let best: Slot | null = null;
  for (const slot of slots.values()) {
    if (!best) {
      best = slot;
      continue;
    }
    const a = slot.total / slot.posts;
    const b = best.total / best.posts;
    // Higher average; then more posts behind it; then the earlier weekday and hour (stable).
    if (
      a > b ||
      (a === b && slot.posts > best.posts) ||
      (a === b &&
        slot.posts === best.posts &&
        slot.weekday * 24 + slot.hour < best.weekday * 24 + best.hour)
    )
      best = slot;
  }
  return best;
}

function usableHistory(history: readonly EngagementSample[] | undefined): EngagementSample[] {
  return (history ?? []).filter(
    (s) =>
      Number.isFinite(s.engagement) &&
      s.engagement >= 0 &&
      !Number.isNaN(Date.parse(s.publishedAt)),
  );
}

export function optimalTime({
  now,
  timeZone,
  preferredTimes,
  history,
}: OptimalTimeInput): OptimalTime {
  const windows = POSTING_WINDOWS.filter((w) => preferredTimes.includes(w.id));
  const samples = usableHistory(history);

  if (samples.length >= MIN_HISTORY_POSTS) {
    // Within the preferred windows when the user's posts there say enough; else all of them.
    const inWindows = windows.length > 0 ? bestSlot(samples, timeZone, windows) : null;
    const best = inWindows ?? bestSlot(samples, timeZone, []);
    if (best) {
      const time = `${String(best.hour).padStart(2, '0')}:00`;
      const slot = nextSlot(now, timeZone, [time], [best.weekday]);
      if (slot)
        return {
          scheduledFor: slot.instant,
          source: 'history',
          rule:
            `Picked from your own posts: ${WEEKDAYS[best.weekday]}s around ` +
            `${hourLabel(best.hour)} did best (average engagement ` +
            `${formatAverage(best.total / best.posts)} over ${best.posts} posts` +
            (inWindows ? ', within your preferred posting times).' : ').'),
        };
    }
  }

  if (windows.length > 0) {
    const slot = nextSlot(
      now,
      timeZone,
      windows.map((w) => w.slot),
    );
    const window = windows.find((w) => w.slot === slot?.time);
    if (slot && window)
      return {
        scheduledFor: slot.instant,
        source: 'preferred',
        rule: `Picked from your preferred posting times: ${window.label}.`,
      };
  }

  const slot = nextSlot(now, timeZone, [DEFAULT_RULE.time], DEFAULT_RULE.weekdays);
  return {
    // Every week has these weekdays: the fallback is never reached with a valid zone.
    scheduledFor: slot?.instant ?? new Date(now.getTime() + 24 * 3600_000).toISOString(),
    source: 'default',
    rule: DEFAULT_RULE.text,
  };
}
