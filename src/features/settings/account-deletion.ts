import { createAsyncThunk } from '@reduxjs/toolkit';
import { getSupabase } from '../../lib/supabase';
import { AUTH_STORAGE_KEY } from '../../lib/stored-session';
import { deviceStorage } from '../../lib/device-storage';
import { accountDeleted, selectCurrentUser, sessionEnded, signOut, type AuthState } from '../auth';
import { forgetAccountOnDevice } from './account-device-data';

/** The word the user types to confirm. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export const deleteAccountMessages = {
  offline: 'You are offline. Connect to the internet to delete your account.',
  failed: 'Failed to delete your account. Please try again.',
  secondFactor: 'Verify your two-factor code before deleting your account.',
  sessionEnded: 'This session has ended. Sign in again to delete your account.',
} as const;

export function isDeleteConfirmed(typed: string): boolean {
  return typed.trim() === DELETE_CONFIRMATION_WORD;
}

/** A refusal of delete_account as the dialog shows it (hints from the RPC, see data-api.md). */
export function deleteAccountProblem(error: unknown): string {
  const { hint, message, code } = (error ?? {}) as {
    hint?: unknown;
    message?: unknown;
    code?: unknown;
  };
  if (error instanceof TypeError) return deleteAccountMessages.offline;
  if (code === '' && typeof message === 'string' && /fetch|network/i.test(message))
    return deleteAccountMessages.offline;
  if (hint === 'insufficient_aal') return deleteAccountMessages.secondFactor;
  if (hint === 'session_not_found') return deleteAccountMessages.sessionEnded;
  return deleteAccountMessages.failed;
}

/** Lets a pending persist write of the last state change start before the device is wiped. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Deletes the signed-in user's account on the server (public.delete_account), then everything of
 * it on this device, and signs out: the sign-in screen follows. Rejects with the text to show.
 */
export const deleteAccount = createAsyncThunk.withTypes<{
  state: { auth: AuthState };
  rejectValue: string;
}>()('settings/deleteAccount', async (_: void, { dispatch, getState, rejectWithValue }) => {
  const user = selectCurrentUser(getState());
  if (!user) return rejectWithValue(deleteAccountMessages.sessionEnded);
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    return rejectWithValue(deleteAccountMessages.offline);
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.rpc('delete_account');
    if (error) return rejectWithValue(deleteAccountProblem(error));
  } catch (error) {
    return rejectWithValue(deleteAccountProblem(error));
  }
  dispatch(accountDeleted({ userId: user.id }));
  // The server has no session left to end: supabase-js forgets it on the 403 it gets.
  const signedOut = await dispatch(signOut());
  if (signOut.rejected.match(signedOut)) {
    deviceStorage()?.removeItem(AUTH_STORAGE_KEY);
    dispatch(sessionEnded());
  }
  await settle();
  await forgetAccountOnDevice(user.id);
});
