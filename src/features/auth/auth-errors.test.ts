import { describe, expect, it } from 'vitest';
import {
  authMessages,
  isMissingRefreshTokenError,
  isNetworkAuthError,
  mapPasswordUpdateError,
  mapSignInError,
  mapSignUpError,
} from './auth-errors';

describe('mapSignUpError', () => {
  it.each([
    [
      { message: 'User already registered', code: 'user_already_exists' },
      authMessages.alreadyRegistered,
    ],
    [{ message: 'This email is ALREADY REGISTERED' }, authMessages.alreadyRegistered],
    [{ message: 'x', code: 'email_exists' }, authMessages.alreadyRegistered],
    [
      { message: 'Unable to validate email address: invalid format', code: 'validation_failed' },
      authMessages.invalidEmail,
    ],
    [{ message: 'Invalid email' }, authMessages.invalidEmail],
    [
      { message: 'Email address "a@b" is invalid', code: 'email_address_invalid' },
      authMessages.invalidEmail,
    ],
    [
      { message: 'Password should be at least 6 characters.', code: 'weak_password' },
      authMessages.weakPassword,
    ],
    [{ message: 'weak password' }, authMessages.weakPassword],
    [{ message: 'Signups not allowed for this instance' }, 'Signups not allowed for this instance'],
    [{ message: '' }, authMessages.signUpFailed],
    [{}, authMessages.signUpFailed],
    [null, authMessages.signUpFailed],
    [new Error('Failed to fetch'), 'Failed to fetch'],
  ])('%j → %s', (error, expected) => {
    expect(mapSignUpError(error)).toBe(expected);
  });
});

describe('mapSignInError', () => {
  it('shows the server message, else Sign in failed', () => {
    expect(
      mapSignInError({ message: 'Invalid login credentials', code: 'invalid_credentials' }),
    ).toBe('Invalid login credentials');
    expect(mapSignInError({ message: '  ' })).toBe(authMessages.signInFailed);
    expect(mapSignInError(undefined)).toBe(authMessages.signInFailed);
  });
});

describe('mapPasswordUpdateError', () => {
  it('maps weak passwords and falls back to Password reset failed', () => {
    expect(mapPasswordUpdateError({ message: 'Password should be…', code: 'weak_password' })).toBe(
      authMessages.weakPassword,
    );
    expect(
      mapPasswordUpdateError({
        message: 'New password should be different from the old password.',
      }),
    ).toBe('New password should be different from the old password.');
    expect(mapPasswordUpdateError({})).toBe(authMessages.passwordResetFailed);
  });
});

describe('isMissingRefreshTokenError', () => {
  it.each([
    [
      {
        message: 'Invalid Refresh Token: Refresh Token Not Found',
        code: 'refresh_token_not_found',
      },
      true,
    ],
    [{ message: 'Invalid Refresh Token: Already Used' }, true],
    [{ message: 'Refresh Token Not Found' }, true],
    [{ message: 'something', code: 'refresh_token_not_found' }, true],
    [{ message: 'Invalid login credentials' }, false],
    [{ message: 'Failed to fetch' }, false],
    [null, false],
  ])('%j → %s', (error, expected) => {
    expect(isMissingRefreshTokenError(error)).toBe(expected);
  });
});

describe('isNetworkAuthError', () => {
  it('recognises supabase-js retryable fetch errors by name', () => {
    const error = Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError' });
    expect(isNetworkAuthError(error)).toBe(true);
    expect(isNetworkAuthError(new Error('Failed to fetch'))).toBe(false);
    expect(isNetworkAuthError(null)).toBe(false);
  });
});
