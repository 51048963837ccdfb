import { useEffect, useMemo, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { getAppDb } from '../../lib/db';
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
    getAppDb()
      .onboardingData.where('userId')
      .equals(userId)
      .first()
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

/**
 * The AI optimal time for the signed-in user, worked out when the screen opens (and again by
 * `pick` at scheduling, so a page left open does not schedule in the past). `history` is the
 * user's own published posts with numbers, once analytics has them.
 */
export function useOptimalTime(history?: readonly EngagementSample[]): {
  optimal: OptimalTime;
  pick: () => OptimalTime;
} {
  const timeZone = useTimeZone();
  const preferredTimes = usePreferredPostingTimes();
  const [now] = useState(() => new Date());
  const optimal = useMemo(
    () => optimalTime({ now, timeZone, preferredTimes, history }),
    [now, timeZone, preferredTimes, history],
  );
  return {
    optimal,
    pick: () => optimalTime({ now: new Date(), timeZone, preferredTimes, history }),
  };
}
