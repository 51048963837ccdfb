import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LoadingScreen } from '../../components/loading-screen';
import { useOpenedInBackground } from '../../lib/use-opened-in-background';
import { selectCurrentUser } from '../auth';
// The sync index also brings the top-bar indicator and the listeners: this gate loads with the
// app layout, which shows the indicator, and after the store, which runs the listeners.
import { selectParkedEntries, selectWaitingCount } from '../sync';
import { cacheCompletion, cachedCompletion, fetchOnboardingComplete } from './onboarding-api';
import {
  onboardingChecked,
  selectOnboardingRehydrated,
  selectOnboardingStatus,
  selectRefusedProfileSave,
  selectRefusedSave,
} from './onboarding-slice';

export const ONBOARDING_PATH = '/onboarding';

// Dexie and the notice load with the first signed-in page, not with the first paint.
const loadRepository = () => import('./onboarding-repository');
const OnboardingRefusedNotice = lazy(() => import('./onboarding-refused-notice'));
const ProfileRefusedNotice = lazy(() =>
  import('./onboarding-refused-notice').then((m) => ({ default: m.ProfileRefusedNotice })),
);

/**
 * The onboarding gate: a signed-in user who has not finished onboarding is sent to /onboarding
 * from every other protected page. A completion waiting in the outbox counts as complete; one the
 * server refused is shown with a way back to the wizard.
 */
export function RequireOnboarding() {
  const user = useAppSelector(selectCurrentUser);
  const userId = user?.id ?? '';
  const status = useAppSelector((s) => selectOnboardingStatus(s, userId));
  const refused = useAppSelector((s) => selectRefusedSave(s, userId));
  const profileRefused = useAppSelector((s) => selectRefusedProfileSave(s, userId));
  const rehydrated = useAppSelector(selectOnboardingRehydrated);
  // The outbox changes (a push settled, an entry parked, retried or discarded): re-read the row.
  const parked = useAppSelector(selectParkedEntries);
  const waiting = useAppSelector(selectWaitingCount);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  // The page renders in the background once the verdict is in.
  const complete = useOpenedInBackground(rehydrated && status === 'complete');

  useEffect(() => {
    if (!userId || !rehydrated) return;
    let cancelled = false;
    // A device that saw this user complete onboarding shows the page at once rather than a
    // spinner for a round trip; the server's verdict follows and sends them back if it says no.
    if (cachedCompletion(userId))
      dispatch(onboardingChecked({ userId, complete: true, source: 'cache' }));
    fetchOnboardingComplete(userId)
      .then((complete) => {
        if (!cancelled) dispatch(onboardingChecked({ userId, complete }));
      })
      .catch((error: unknown) => {
        console.error('Onboarding status check failed', error);
        if (!cancelled)
          dispatch(
            onboardingChecked({ userId, complete: cachedCompletion(userId), source: 'cache' }),
          );
      });
    return () => {
      cancelled = true;
    };
  }, [userId, rehydrated, dispatch]);

  useEffect(() => {
    if (!userId || !rehydrated) return;
    let cancelled = false;
    loadRepository()
      .then(({ loadLocalOnboarding }) => dispatch(loadLocalOnboarding(userId)))
      .catch((error: unknown) => {
        // Gone already (signed out, device data cleared, the database closed under the read):
        // nobody waits for this read.
        const closed = (error as { name?: unknown } | null)?.name === 'DatabaseClosedError';
        if (!cancelled && !closed) console.error('Could not read the onboarding answers', error);
      });
    return () => {
      cancelled = true;
    };
  }, [userId, rehydrated, parked, waiting, dispatch]);

  // The cached flag follows the verdict: "true" when complete, removed when not (§4).
  useEffect(() => {
    if (userId && status !== 'unknown') cacheCompletion(userId, status === 'complete');
  }, [userId, status]);

  if (location.pathname === ONBOARDING_PATH) return <Outlet />;
  if (rehydrated && status === 'incomplete') return <Navigate to={ONBOARDING_PATH} replace />;
  if (!complete) return <LoadingScreen />;
  return (
    <>
      {refused && (
        <Suspense fallback={null}>
          <OnboardingRefusedNotice
            detail={refused.message}
            onReview={() => void navigate(ONBOARDING_PATH)}
          />
        </Suspense>
      )}
      {/* Settings shows a refused profile in its own profile tab. */}
      {profileRefused && location.pathname !== '/settings' && (
        <Suspense fallback={null}>
          <ProfileRefusedNotice
            detail={profileRefused.message}
            onEdit={() => void navigate('/settings', { state: { tab: 'profile' } })}
          />
        </Suspense>
      )}
      <Outlet />
    </>
  );
}
