// The auth state's shape, start value and selectors, apart from the slice: the first paint reads
// them before Redux Toolkit (and the slice built with it) has loaded.
import type { AuthUser } from './auth-user';

/** `secondFactor`: signed in with a password, waiting for the two-factor code (aal1 of aal2). */
export type AuthStatus = 'loading' | 'signedOut' | 'secondFactor' | 'signedIn';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  /** A session-level failure shown on the sign-in screen; form errors stay in the form. */
  error: string | null;
  /** The user arrived through a password reset link and should choose a new password. */
  passwordRecovery: boolean;
}

export const initialAuthState: AuthState = {
  status: 'loading',
  user: null,
  error: null,
  passwordRecovery: false,
};

interface WithAuth {
  auth: AuthState;
}

export const selectAuthStatus = (state: WithAuth): AuthStatus => state.auth.status;
export const selectCurrentUser = (state: WithAuth): AuthUser | null => state.auth.user;
export const selectAuthError = (state: WithAuth): string | null => state.auth.error;
export const selectPasswordRecovery = (state: WithAuth): boolean => state.auth.passwordRecovery;
export const selectIsSignedIn = (state: WithAuth): boolean => state.auth.status === 'signedIn';
