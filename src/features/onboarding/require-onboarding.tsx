import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LoadingScreen } from '../../components/loading-screen';
import { selectCurrentUser } from '../auth';
import {
  cacheCompletion,
  cachedCompletion,
  fetchOnboardingComplete,
  saveOnboarding,
} from './onboarding-api';
import {
  onboardingChecked,
  onboardingSaveConfirmed,
  selectOnboarding,
  selectOnboardingRehydrated,
  selectOnboardingStatus,
} from './onboarding-slice';

export const ONBOARDING_PATH = '/onboarding';

/**
 * The onboarding gate: a signed-in user who has not finished onboarding is sent to /onboarding
 * from every other protected page. It also sends a completion made offline once online again.
 */
export function RequireOnboarding() {
  const user = useAppSelector(selectCurrentUser);
  const userId = user?.id ?? '';
  const status = useAppSelector((s) => selectOnboardingStatus(s, userId));
  const rehydrated = useAppSelector(selectOnboardingRehydrated);
  const onboarding = useAppSelector(selectOnboarding);
  const dispatch = useAppDispatch();
  const location = useLocation();

  useEffect(() => {
    if (!userId || !rehydrated) return;
    let cancelled = false;
    fetchOnboardingComplete(userId)
      .then((complete) => {
        if (cancelled) return;
        cacheCompletion(userId, complete);
        dispatch(onboardingChecked({ userId, complete }));
      })
      .catch((error: unknown) => {
        console.error('Onboarding status check failed', error);
        if (!cancelled) dispatch(onboardingChecked({ userId, complete: cachedCompletion(userId) }));
      });
    return () => {
      cancelled = true;
    };
  }, [userId, rehydrated, dispatch]);

  const pending =
    onboarding.pendingSave && onboarding.userId === userId && onboarding.answers !== null;
  const answers = onboarding.answers;
  useEffect(() => {
    if (!pending || !user || !answers) return;
    let running = false;
    const send = () => {
      if (running || !navigator.onLine) return;
      running = true;
      saveOnboarding(user, answers)
        .then(() => {
          cacheCompletion(user.id, true);
          dispatch(onboardingSaveConfirmed({ userId: user.id }));
        })
        .catch((error: unknown) => console.error('Onboarding save still waiting', error))
        .finally(() => {
          running = false;
        });
    };
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [pending, user, answers, dispatch]);

  if (location.pathname === ONBOARDING_PATH) return <Outlet />;
  if (!rehydrated || status === 'unknown') return <LoadingScreen />;
  if (status === 'incomplete') return <Navigate to={ONBOARDING_PATH} replace />;
  return <Outlet />;
}
