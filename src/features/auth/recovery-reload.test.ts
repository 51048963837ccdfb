import { describe, expect, it, vi } from 'vitest';
import { uniqueEmail } from '../../../tests/api/harness';
import { withEmbeddedBackend } from '../../testing/embedded-backend';
import {
  passwordRecoveryClosed,
  passwordRecoveryStarted,
  selectAuthStatus,
  selectCurrentUser,
  selectPasswordRecovery,
} from './auth-slice';
import { signOut, signUp, updatePassword } from './auth-thunks';
import { PASSWORD_RECOVERY_KEY } from './password-recovery-state';
import type { AppStore } from '../../app/store';

const PASSWORD = 'bloom-Secret-1';

const backend = withEmbeddedBackend();

/** A fresh start of the app over the same device storage, as after a reload. */
async function reloaded(): Promise<AppStore> {
  await backend.connect();
  return backend.booted();
}

/** A user who arrived through a reset link (the PASSWORD_RECOVERY event), before any reload. */
async function recovering(): Promise<AppStore> {
  const store = await reloaded();
  await store
    .dispatch(
      signUp({
        firstName: 'Ada',
        lastName: 'Reset',
        email: uniqueEmail('reset'),
        password: PASSWORD,
      }),
    )
    .unwrap();
  store.dispatch(passwordRecoveryStarted(selectCurrentUser(store.getState())!));
  expect(selectPasswordRecovery(store.getState())).toBe(true);
  return store;
}

describe('the password reset dialog across a reload', () => {
  it('comes back after a reload until the new password is set', async () => {
    await recovering();

    const afterReload = await reloaded();
    expect(selectAuthStatus(afterReload.getState())).toBe('signedIn');
    await vi.waitFor(() => expect(selectPasswordRecovery(afterReload.getState())).toBe(true));

    await afterReload.dispatch(updatePassword('a-new-Secret-2')).unwrap();
    expect(localStorage.getItem(PASSWORD_RECOVERY_KEY)).toBeNull();
    const later = await reloaded();
    expect(selectAuthStatus(later.getState())).toBe('signedIn');
    expect(selectPasswordRecovery(later.getState())).toBe(false);
  });

  it('stays closed once dismissed', async () => {
    const store = await recovering();
    store.dispatch(passwordRecoveryClosed());
    const afterReload = await reloaded();
    expect(selectAuthStatus(afterReload.getState())).toBe('signedIn');
    expect(selectPasswordRecovery(afterReload.getState())).toBe(false);
  });

  it('is not shown to the next account on the device, and ends with the session', async () => {
    const store = await recovering();
    await store.dispatch(signOut()).unwrap();
    expect(localStorage.getItem(PASSWORD_RECOVERY_KEY)).toBeNull();

    const ada = await recovering();
    // Bob signs up over Ada's open reset, without her signing out first.
    await ada
      .dispatch(
        signUp({
          firstName: 'Bob',
          lastName: 'Next',
          email: uniqueEmail('next'),
          password: PASSWORD,
        }),
      )
      .unwrap();
    expect(selectPasswordRecovery(ada.getState())).toBe(false);
    const afterReload = await reloaded();
    expect(selectCurrentUser(afterReload.getState())?.firstName).toBe('Bob');
    expect(selectPasswordRecovery(afterReload.getState())).toBe(false);
  });
});
