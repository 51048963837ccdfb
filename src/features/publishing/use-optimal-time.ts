import { useEffect, useMemo, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { appDb } from '../../lib/app-db';
import type { AppDb } from '../../lib/db';
import { useTimeZone } from '../appearance';
import { selectCurrentUser } from '../auth';
import type { OnboardingState } from '../onboarding';
import { optimalTime, type EngagementSample, type OptimalTime } from './optimal-time';

const NONE: readonly string[] = [];

function timesOf(answers: unknown): string[] | null {
  const times = (answers as { preferredPostingTimes?: unknown } | null)?.preferredPostingTimes;
  return Array.isArray(times) ? times.filter((t): t is string => typeof t === 'string') : null;
}

/** The onboarding's preferred posting times of the signed-in user, as this device knows them. */
export function usePreferredPostingTimes(): readonly string[] {
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;
  const fromState = useAppSelector((state) => {
    const onboarding = (state as { onboarding?: OnboardingState }).onboarding;
    if (!onboarding || !userId) return null;
    if (onboarding.userId === userId && onboarding.answers)
      return onboarding.answers.preferredPostingTimes;
    if (onboarding.local.userId === userId && onboarding.local.row)
      return timesOf(onboarding.local.row.answers);
    return null;
  });
  const [fromDevice, setFromDevice] = useState<{ userId: string; times: string[] } | null>(null);
  useEffect(() => {
    if (fromState || !userId) return;
    let live = true;
    // The synced onboarding row on this device (the wizard's answers may be on another device).
    appDb()
      .then((db) => db.onboardingData.where('userId').equals(userId).first())
      .then((row) => {
        if (live && row) setFromDevice({ userId, times: timesOf(row.answers) ?? [] });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [fromState, userId]);
  if (fromState) return fromState;
  return fromDevice && fromDevice.userId === userId ? fromDevice.times : NONE;
}

/** How far back the user's own posts count for the AI optimal time. */
export const HISTORY_DAYS = 90;

/**
 * The user's published posts of the last HISTORY_DAYS with numbers, from the analytics the app
 * pulled (read from the device, not through the analytics feature, which imports this one).
 * Engagement is the post's interactions: reactions + comments + shares (+ clicks when known).
 */
export async function readEngagementHistory(
  db: AppDb,
  userId: string,
  now: Date,
): Promise<EngagementSample[]> {
  const since = new Date(now.getTime() - HISTORY_DAYS * 86_400_000).toISOString();
  const rows = await db.analyticsPostMetrics
    .where('[userId+publishedAt]')
    .between([userId, since], [userId, now.toISOString()], true, true)
    .toArray();
  const samples: EngagementSample[] = [];
  for (const row of rows) {
    if (row.status !== 'ok') continue;
    const known = [row.reactions, row.comments, row.shares, row.clicks].filter(
      (v): v is number => v !== null,
    );
    if (known.length > 0)
      samples.push({ publishedAt: row.publishedAt, engagement: known.reduce((a, b) => a + b, 0) });
  }
  return samples;
}

function useEngagementHistory(now: Date): readonly EngagementSample[] | undefined {
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;
  const [read, setRead] = useState<{ userId: string; samples: EngagementSample[] } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    appDb()
      .then((db) => readEngagementHistory(db, userId, now))
      .then((samples) => {
        if (live) setRead({ userId, samples });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [userId, now]);
  return read && read.userId === userId ? read.samples : undefined;
}

/**
 * The AI optimal time for the signed-in user, worked out when the screen opens (and again by
 * `pick` at scheduling, so a page left open does not schedule in the past). The history is the
 * user's own published posts with numbers (analytics on this device), unless `history` is given.
 */
export function useOptimalTime(history?: readonly EngagementSample[]): {
  optimal: OptimalTime;
  pick: () => OptimalTime;
} {
  const timeZone = useTimeZone();
  const preferredTimes = usePreferredPostingTimes();
  const [now] = useState(() => new Date());
  // The user's own analytics unless the caller brings a history.
  const stored = useEngagementHistory(now);
  const samples = history ?? stored;
  const optimal = useMemo(
    () => optimalTime({ now, timeZone, preferredTimes, history: samples }),
    [now, timeZone, preferredTimes, samples],
  );
  return {
    optimal,
    pick: () => optimalTime({ now: new Date(), timeZone, preferredTimes, history: samples }),
  };
}
