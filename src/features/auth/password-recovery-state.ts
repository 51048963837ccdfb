import { deviceStorage } from '../../lib/device-storage';
import type { AppStartListening } from '../../app/store-types';
import {
  passwordRecoveryClosed,
  passwordRecoveryStarted,
  secondFactorRequired,
  sessionEnded,
  signedIn,
} from './auth-slice';
import { updatePassword } from './auth-thunks';

/**
 * Whose password reset is still open on this device. The reset link signs the user in once, and
 * the app has no other place to set the password: a reload must bring the dialog back until the
 * password is set or the user dismisses it. Holds a user id only, never a token.
 */
export const PASSWORD_RECOVERY_KEY = 'postbloom:password-recovery';

function write(userId: string | null): void {
  try {
    if (userId) deviceStorage()?.setItem(PASSWORD_RECOVERY_KEY, userId);
    else deviceStorage()?.removeItem(PASSWORD_RECOVERY_KEY);
  } catch {
    // A full or blocked storage costs only the dialog's return after a reload.
  }
}

export function readPendingRecovery(): string | null {
  try {
    return deviceStorage()?.getItem(PASSWORD_RECOVERY_KEY) ?? null;
  } catch {
    return null;
  }
}

export function addPasswordRecoveryListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: passwordRecoveryStarted,
    effect: (action) => write(action.payload.id),
  });
  // A reset link of a user with two-factor on: the code comes first, then the dialog (below).
  startListening({
    actionCreator: secondFactorRequired,
    effect: (action) => {
      if (action.payload?.recoveryFor) write(action.payload.recoveryFor);
    },
  });
  startListening({
    predicate: (action) =>
      passwordRecoveryClosed.match(action) ||
      sessionEnded.match(action) ||
      updatePassword.fulfilled.match(action),
    effect: () => write(null),
  });
  // The session came back after a reload: reopen the dialog for the user it was open for.
  startListening({
    actionCreator: signedIn,
    effect: (action, { dispatch, getState }) => {
      if (getState().auth.passwordRecovery) return;
      if (readPendingRecovery() === action.payload.id)
        dispatch(passwordRecoveryStarted(action.payload));
    },
  });
}
