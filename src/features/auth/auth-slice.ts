import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { initialAuthState } from './auth-state';
import type { AuthUser } from './auth-user';

export {
  initialAuthState,
  selectAuthError,
  selectAuthStatus,
  selectCurrentUser,
  selectIsSignedIn,
  selectPasswordRecovery,
  type AuthState,
  type AuthStatus,
} from './auth-state';

/**
 * The user, unless `next` is the same user as `current`: the kept session and then the client
 * announce the same user two or three times as the app opens, and a new object each time would
 * re-render every screen that shows or reads the user.
 */
function sameOr(current: AuthUser | null, next: AuthUser): AuthUser {
  return current?.id === next.id &&
    current.email === next.email &&
    current.firstName === next.firstName &&
    current.lastName === next.lastName
    ? current
    : next;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    signedIn(state, action: PayloadAction<AuthUser>) {
      // Another account signing in over an open reset: that reset was not theirs.
      if (state.user?.id !== action.payload.id) state.passwordRecovery = false;
      state.status = 'signedIn';
      state.user = sameOr(state.user, action.payload);
      state.error = null;
    },
    /** Password accepted, second factor still owed: nothing of the account opens until it is given. */
    /** `recoveryFor`: the session came from a reset link, whose dialog opens after the code. */
    secondFactorRequired(state, _action: PayloadAction<{ recoveryFor: string } | undefined>) {
      state.status = 'secondFactor';
      state.user = null;
      state.error = null;
      state.passwordRecovery = false;
    },
    userUpdated(state, action: PayloadAction<AuthUser>) {
      if (state.status === 'signedIn') state.user = sameOr(state.user, action.payload);
    },
    passwordRecoveryStarted(state, action: PayloadAction<AuthUser>) {
      state.status = 'signedIn';
      state.user = action.payload;
      state.error = null;
      state.passwordRecovery = true;
    },
    passwordRecoveryClosed(state) {
      state.passwordRecovery = false;
    },
    /** The cross-feature sign-out event: every slice holding user data clears it on this. */
    sessionEnded() {
      return { ...initialAuthState, status: 'signedOut' as const };
    },
    sessionFailed(_state, action: PayloadAction<string>) {
      return { ...initialAuthState, status: 'signedOut' as const, error: action.payload };
    },
  },
});

export const {
  signedIn,
  secondFactorRequired,
  userUpdated,
  passwordRecoveryStarted,
  passwordRecoveryClosed,
  sessionEnded,
  sessionFailed,
} = authSlice.actions;

export const authReducer = authSlice.reducer;
