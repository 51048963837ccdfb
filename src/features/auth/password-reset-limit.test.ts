import { beforeEach, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../tests/api/harness';
import { withEmbeddedBackend } from '../../testing/embedded-backend';
import { makeStore } from '../../app/store';
import { authMessages, mapPasswordResetError } from './auth-errors';
import { requestPasswordReset, signUp } from './auth-thunks';

const WAIT_TEXT = /^For security purposes, you can only request this after \d+ seconds?\.$/;
const redirectTo = 'http://127.0.0.1/dashboard';

const backend = withEmbeddedBackend();

beforeEach(async () => {
  await backend.connect();
});

describe('a second password reset request within a minute', () => {
  it("shows the server's reason, for an account and for an unknown address alike", async () => {
    const store = makeStore();
    const email = uniqueEmail('reset');
    await store
      .dispatch(
        signUp({ firstName: 'Grace', lastName: 'Hopper', email, password: 'bloom-Secret-1' }),
      )
      .unwrap();
    const unknown = uniqueEmail('nobody');

    for (const address of [email, unknown]) {
      await store.dispatch(requestPasswordReset({ email: address, redirectTo })).unwrap();
      const again = store.dispatch(requestPasswordReset({ email: address, redirectTo })).unwrap();
      await expect(again).rejects.toMatch(WAIT_TEXT);
    }
  });
});

describe('mapPasswordResetError', () => {
  it("keeps the spec's text for anything but a 429", () => {
    expect(mapPasswordResetError({ status: 500, message: 'Internal error' })).toBe(
      authMessages.passwordResetFailed,
    );
    expect(mapPasswordResetError({ status: 429, message: '' })).toBe('Password reset failed');
    expect(mapPasswordResetError(new Error('offline'))).toBe('Password reset failed');
    expect(mapPasswordResetError({ status: 429, message: 'Request rate limit reached' })).toBe(
      'Request rate limit reached',
    );
  });
});
