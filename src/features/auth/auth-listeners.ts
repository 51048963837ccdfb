import type { AuthChangeEvent, AuthError, Session, SupabaseClient } from '@supabase/supabase-js';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/store-types';
import { appStarted } from '../../lib/app-lifecycle';
import { getSupabase } from '../../lib/supabase';
import { arrivedFromAuthEmail, readStoredSessionUser } from '../../lib/stored-session';
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
    return storedSessionAction() ?? sessionEnded();
  }
  console.error('Could not restore the session', error);
  return sessionFailed(authMessages.sessionFailed);
}

/**
 * The session supabase-js kept on this device, read without supabase-js: the app opens for its
 * user at once, so a page paints without waiting for the client's code, the server's settings or
 * a token refresh. What the client then finds confirms it, or ends it (a revoked session signs
 * out). A page opened from an auth email waits for the client, which reads the session in its URL.
 */
function keptSessionAction(): UnknownAction | null {
  return arrivedFromAuthEmail() ? null : storedSessionAction();
}

/** What the session kept on this device opens, read without the network. */
function storedSessionAction(): UnknownAction | null {
  const stored = readStoredSessionUser();
  if (!stored) return null;
  return storedSessionNeedsSecondFactor() ? secondFactorRequired() : signedIn(toAuthUser(stored));
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
      const kept = keptSessionAction();
      if (kept) dispatch(kept);
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
          // An expired token makes getSession() refresh first, and supabase-js keeps retrying an
          // unreachable server for up to 30 s: the kept session's user works meanwhile.
          const { data, error } = await supabase.auth.getSession();
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
