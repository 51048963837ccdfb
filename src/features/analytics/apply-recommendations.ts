import { appDb } from '../../lib/app-db';
import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { AppDb } from '../../lib/db';
import type { ThunkDispatcher } from '../../lib/sync/write';
import type { AuthUser } from '../auth';
import { selectCurrentUser } from '../auth';
import {
  completeOnboarding,
  formFromRecord,
  readLocalOnboarding,
  type OnboardingForm,
  type OnboardingState,
} from '../onboarding';
import { POSTING_WINDOWS } from '../publishing';
import type { Insight } from './types';

export type PostingWindow = (typeof POSTING_WINDOWS)[number];

export const APPLY_TEXTS = {
  applied: (window: PostingWindow) =>
    `Preferred posting times set to ${window.label}. AI optimal time now uses them.`,
  noBestTime:
    'There are not enough of your own posts with numbers to recommend a posting time yet.',
  noAnswers: 'Complete your business profile first, then apply the recommendations.',
  signedOut: 'Sign in to apply recommendations.',
} as const;

/** The onboarding window holding an hour; a night hour takes the nearest window. */
export function windowForHour(hour: number): PostingWindow {
  const holding = POSTING_WINDOWS.find((w) => hour >= w.from && hour < w.to);
  if (holding) return holding;
  return hour < POSTING_WINDOWS[0].from ? POSTING_WINDOWS[0] : POSTING_WINDOWS.at(-1)!;
}

/** The best-time insight of the user's own posts (a sample one has no hour). */
export function bestTimeOf(insights: readonly Insight[]): Insight | null {
  return insights.find((i) => i.id === 'best-time' && typeof i.hour === 'number') ?? null;
}

/**
 * Sets the onboarding answers' preferred posting times to one window through the onboarding's own
 * save (on this device and queued for the server, online or offline).
 */
export function savePreferredWindow(user: AuthUser, window: PostingWindow, given?: AppDb) {
  return async (dispatch: ThunkDispatcher, getState: () => unknown): Promise<void> => {
    const db = given ?? (await appDb());
    const { row } = await readLocalOnboarding(db, user.id);
    const onboarding = (getState() as { onboarding?: OnboardingState }).onboarding;
    let answers: OnboardingForm | null = row ? formFromRecord(row) : null;
    if (!answers && onboarding?.userId === user.id && onboarding.completed && onboarding.answers)
      answers = onboarding.answers;
    if (!answers) throw new Error(APPLY_TEXTS.noAnswers);
    await dispatch(
      completeOnboarding(user, { ...answers, preferredPostingTimes: [window.id] }, db),
    );
  };
}

/** Apply Recommendations: answers the snackbar's text (success or why nothing changed). */
export function useApplyRecommendations(insights?: readonly Insight[]): {
  apply(insights: readonly Insight[]): Promise<string>;
  canApply: boolean;
} {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const apply = useCallback(
    async (given: readonly Insight[]) => {
      if (!user) return APPLY_TEXTS.signedOut;
      const best = bestTimeOf(given);
      if (!best || best.hour === undefined) return APPLY_TEXTS.noBestTime;
      const window = windowForHour(best.hour);
      try {
        await dispatch(savePreferredWindow(user, window));
      } catch (error) {
        return error instanceof Error && error.message ? error.message : APPLY_TEXTS.noAnswers;
      }
      return APPLY_TEXTS.applied(window);
    },
    [dispatch, user],
  );
  return {
    apply,
    canApply: user !== null && (insights === undefined || bestTimeOf(insights) !== null),
  };
}
