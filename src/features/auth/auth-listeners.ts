import type { AuthChangeEvent, AuthError, Session, SupabaseClient } from '@supabase/supabase-js';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/store-types';
import { appStarted } from '../../lib/app-lifecycle';
import { getSupabase, readStoredSessionUser } from '../../lib/supabase';
import { needsSecondFactor, storedSessionNeedsSecondFactor } from './assurance';
import { authMessages, isMissingRefreshTokenError, isNetworkAuthError } from './auth-errors';
import {
  passwordRecoveryStarted,
  secondFactorRequired,
  sessionEnded,
  sessionFailed,
  signedIn,
  userUpdated,
} from './auth-slice';
import { toAuthUser } from './auth-user';
import { addPasswordRecoveryListeners } from './password-recovery-state';

/** A session opens the app only at the assurance level its user has set up (aal2 with 2FA on). */
export function sessionAction(session: Session): UnknownAction {
  return needsSecondFactor(session) ? secondFactorRequired() : signedIn(toAuthUser(session.user));
}

export function actionForAuthEvent(
  event: AuthChangeEvent,
  session: Session | null,
): UnknownAction | null {
  const user = session?.user ? toAuthUser(session.user) : null;
  switch (event) {
    case 'SIGNED_IN':
    case 'TOKEN_REFRESHED':
    case 'MFA_CHALLENGE_VERIFIED':
      return session?.user ? sessionAction(session) : null;
    case 'USER_UPDATED':
      return user ? userUpdated(user) : null;
    case 'PASSWORD_RECOVERY':
      // An emailed link is one factor: with 2FA on, the code comes first.
      if (needsSecondFactor(session))
        return secondFactorRequired(user ? { recoveryFor: user.id } : undefined);
      return user ? passwordRecoveryStarted(user) : null;
    case 'SIGNED_OUT':
      return sessionEnded();
    default:
      // INITIAL_SESSION: the boot path reads the session itself with getSession().
      return null;
  }
}

export async function initialSessionAction(
  supabase: SupabaseClient,
  session: Session | null,
  error: AuthError | null,
): Promise<UnknownAction> {
  if (session) return sessionAction(session);
  if (!error) return sessionEnded();
  if (isMissingRefreshTokenError(error)) {
    await supabase.auth.signOut({ scope: 'local' }).catch(() => undefined);
    return sessionEnded();
  }
  if (isNetworkAuthError(error)) {
    // Offline with an expired access token: keep working on local data; supabase-js refreshes
    // the kept session once the server answers again (or signs out if it is refused).
    const stored = readStoredSessionUser();
    if (!stored) return sessionEnded();
    return storedSessionNeedsSecondFactor() ? secondFactorRequired() : signedIn(toAuthUser(stored));
  }
  console.error('Could not restore the session', error);
  return sessionFailed(authMessages.sessionFailed);
}

const SLOW_RESTORE_MS = 3000;

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** True when the promise settles within ms, false when the time runs out first. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function watchVisibility(supabase: SupabaseClient): () => void {
  if (typeof document === 'undefined') return () => undefined;
  const onChange = () => {
    const pending =
      document.visibilityState === 'hidden'
        ? supabase.auth.stopAutoRefresh()
        : supabase.auth.startAutoRefresh();
    pending.catch((error: unknown) => console.error('Token refresh toggle failed', error));
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

export function addAuthListeners(startListening: AppStartListening): void {
  addPasswordRecoveryListeners(startListening);
  startListening({
    actionCreator: appStarted,
    effect: async (_action, { dispatch, signal }) => {
      let supabase: SupabaseClient;
      try {
        supabase = await getSupabase();
      } catch (error) {
        console.error('Could not start the backend client', error);
        dispatch(sessionFailed(authMessages.sessionFailed));
        return;
      }
      // Subscribe before anything awaits again: a recovery link's PASSWORD_RECOVERY fires once.
      const {
        data: { subscription },
      } = supabase.auth.onAuthStateChange((event, session) => {
        const action = actionForAuthEvent(event, session);
        if (action) dispatch(action);
      });
      const stopWatchingVisibility = watchVisibility(supabase);
      try {
        try {
          const restoring = supabase.auth.getSession();
          const stored = readStoredSessionUser();
          // An expired token makes getSession() refresh first, and supabase-js keeps retrying an
          // unreachable server for up to 30 s: show the app to a known user meanwhile.
          if (stored && !(await settlesWithin(restoring, isOffline() ? 0 : SLOW_RESTORE_MS))) {
            dispatch(
              storedSessionNeedsSecondFactor()
                ? secondFactorRequired()
                : signedIn(toAuthUser(stored)),
            );
          }
          const { data, error } = await restoring;
          dispatch(await initialSessionAction(supabase, data.session, error));
        } catch (error) {
          console.error('Could not restore the session', error);
          dispatch(sessionFailed(authMessages.sessionFailed));
        }
        // Stay subscribed for the store's lifetime; the signal aborts only when the listener is
        // cancelled (tests clearing the middleware).
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      } finally {
        subscription.unsubscribe();
        stopWatchingVisibility();
      }
    },
  });
}
