import { createAsyncThunk } from '@reduxjs/toolkit';
import { getSupabase } from '../../lib/supabase';
import { AUTH_STORAGE_KEY } from '../../lib/stored-session';
import {
  authMessages,
  isNetworkAuthError,
  mapPasswordResetError,
  mapPasswordUpdateError,
  mapSignInError,
  mapSignUpError,
} from './auth-errors';
import { isCompleteCode, normaliseCode } from './assurance';
import { secondFactorRequired, sessionEnded, signedIn } from './auth-slice';
import { toAuthUser } from './auth-user';
import {
  isValidEmail,
  normaliseCredentials,
  normaliseEmail,
  normaliseSignUp,
  validatePassword,
  validationMessages,
  type Credentials,
  type SignUpInput,
} from './validation';

const createAuthThunk = createAsyncThunk.withTypes<{ rejectValue: string }>();

export const signIn = createAuthThunk(
  'auth/signIn',
  async (input: Credentials, { dispatch, rejectWithValue }) => {
    const credentials = normaliseCredentials(input);
    if (!credentials.ok) return rejectWithValue(credentials.error);
    try {
      const supabase = await getSupabase();
      const { data, error } = await supabase.auth.signInWithPassword(credentials.value);
      if (error || !data.user) return rejectWithValue(mapSignInError(error));
      const { data: level } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
      if (level?.currentLevel === 'aal1' && level.nextLevel === 'aal2') {
        dispatch(secondFactorRequired());
      } else {
        dispatch(signedIn(toAuthUser(data.user)));
      }
    } catch (error) {
      return rejectWithValue(mapSignInError(error));
    }
  },
);

export const secondFactorMessages = {
  incomplete: 'Enter the 6-digit code from your authenticator app.',
  noFactor: 'Two-factor authentication is not set up for this account.',
  failed: 'Verification failed',
} as const;

/** The sign-in's second step: the code of the user's verified TOTP factor lifts the session to aal2. */
export const verifySecondFactor = createAuthThunk(
  'auth/verifySecondFactor',
  async (rawCode: string, { dispatch, rejectWithValue }) => {
    const code = normaliseCode(rawCode);
    if (!isCompleteCode(code)) return rejectWithValue(secondFactorMessages.incomplete);
    try {
      const supabase = await getSupabase();
      const factors = await supabase.auth.mfa.listFactors();
      if (factors.error)
        return rejectWithValue(factors.error.message || secondFactorMessages.failed);
      const factor = factors.data.totp[0];
      if (!factor) return rejectWithValue(secondFactorMessages.noFactor);
      const { data, error } = await supabase.auth.mfa.challengeAndVerify({
        factorId: factor.id,
        code,
      });
      // GoTrue's own sentence ("Invalid TOTP code entered") says what went wrong.
      if (error || !data) return rejectWithValue(error?.message || secondFactorMessages.failed);
      dispatch(signedIn(toAuthUser(data.user)));
    } catch {
      return rejectWithValue(secondFactorMessages.failed);
    }
  },
);

export interface SignUpResult {
  /** False when the server wants the email confirmed before the first sign-in. */
  signedIn: boolean;
}

export const signUp = createAuthThunk(
  'auth/signUp',
  async (input: SignUpInput, { dispatch, rejectWithValue }) => {
    const normalised = normaliseSignUp(input);
    if (!normalised.ok) return rejectWithValue(normalised.error);
    const { email, password, firstName, lastName } = normalised.value;
    try {
      const supabase = await getSupabase();
      const { data, error } = await supabase.auth.signUp({
        email,
        password,
        options: { data: { first_name: firstName, last_name: lastName } },
      });
      if (error) return rejectWithValue(mapSignUpError(error));
      if (data.session && data.user) {
        dispatch(signedIn(toAuthUser(data.user)));
        return { signedIn: true } satisfies SignUpResult;
      }
      return { signedIn: false } satisfies SignUpResult;
    } catch (error) {
      return rejectWithValue(mapSignUpError(error));
    }
  },
);

function forgetStoredSession(): void {
  for (const key of [AUTH_STORAGE_KEY, `${AUTH_STORAGE_KEY}-code-verifier`]) {
    try {
      localStorage.removeItem(key);
    } catch {
      // blocked storage: nothing of the session was kept on the device
    }
  }
}

export const signOut = createAuthThunk(
  'auth/signOut',
  async (_: void, { dispatch, rejectWithValue }) => {
    try {
      const supabase = await getSupabase();
      const { error } = await supabase.auth.signOut();
      if (error) {
        if (!isNetworkAuthError(error)) return rejectWithValue(authMessages.signOutFailed);
        // Offline: the server cannot be told (supabase-js then keeps the session, even for a
        // 'local' sign-out), but this device can forget it. The session stays valid on the
        // server; nothing on this device holds its tokens any more.
        forgetStoredSession();
      }
      dispatch(sessionEnded());
    } catch {
      return rejectWithValue(authMessages.signOutFailed);
    }
  },
);

export function passwordResetRedirect(): string {
  return `${window.location.origin}/dashboard`;
}

export const requestPasswordReset = createAuthThunk(
  'auth/requestPasswordReset',
  async (input: { email: string; redirectTo: string }, { rejectWithValue }) => {
    const email = normaliseEmail(input.email);
    if (!isValidEmail(email)) return rejectWithValue(validationMessages.invalidEmail);
    try {
      const supabase = await getSupabase();
      const { error } = await supabase.auth.resetPasswordForEmail(email, {
        redirectTo: input.redirectTo,
      });
      if (error) return rejectWithValue(mapPasswordResetError(error));
    } catch {
      return rejectWithValue(authMessages.passwordResetFailed);
    }
  },
);

export const updatePassword = createAuthThunk(
  'auth/updatePassword',
  async (password: string, { rejectWithValue }) => {
    const invalid = validatePassword(password);
    if (invalid) return rejectWithValue(invalid);
    try {
      const supabase = await getSupabase();
      const { data, error } = await supabase.auth.updateUser({ password });
      if (error || !data.user) return rejectWithValue(mapPasswordUpdateError(error));
    } catch (error) {
      return rejectWithValue(mapPasswordUpdateError(error));
    }
  },
);
