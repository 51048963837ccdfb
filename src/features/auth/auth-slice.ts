import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthUser } from './auth-user';

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';

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

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    signedIn(state, action: PayloadAction<AuthUser>) {
      state.status = 'signedIn';
      state.user = action.payload;
      state.error = null;
    },
    userUpdated(state, action: PayloadAction<AuthUser>) {
      if (state.status === 'signedIn') state.user = action.payload;
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
  selectors: {
    selectAuthStatus: (state) => state.status,
    selectCurrentUser: (state) => state.user,
    selectAuthError: (state) => state.error,
    selectPasswordRecovery: (state) => state.passwordRecovery,
    selectIsSignedIn: (state) => state.status === 'signedIn',
  },
});

export const {
  signedIn,
  userUpdated,
  passwordRecoveryStarted,
  passwordRecoveryClosed,
  sessionEnded,
  sessionFailed,
} = authSlice.actions;

export const {
  selectAuthStatus,
  selectCurrentUser,
  selectAuthError,
  selectPasswordRecovery,
  selectIsSignedIn,
} = authSlice.selectors;

export const authReducer = authSlice.reducer;
