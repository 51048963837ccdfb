import { describe, expect, it } from 'vitest';
import {
  changePasswordMessages,
  passwordChangeProblem,
  validateChangePassword,
  type ChangePasswordValues,
} from './change-password';

const filled: ChangePasswordValues = {
  currentPassword: 'old-secret-1',
  newPassword: 'new-secret-2',
  confirmPassword: 'new-secret-2',
};

describe('validateChangePassword', () => {
  it('asks for every field first, naming the first empty one', () => {
    expect(validateChangePassword({ ...filled, currentPassword: '' })).toEqual({
      message: 'Please fill in all required fields',
      field: 'currentPassword',
    });
    expect(validateChangePassword({ ...filled, confirmPassword: '' })).toEqual({
      message: 'Please fill in all required fields',
      field: 'confirmPassword',
    });
  });

  it("applies the spec's six-character minimum to the new password", () => {
    expect(
      validateChangePassword({ ...filled, newPassword: 'abc12', confirmPassword: 'abc12' }),
    ).toEqual({ message: 'Password must be at least 6 characters long', field: 'newPassword' });
    expect(
      validateChangePassword({ ...filled, newPassword: 'abc123', confirmPassword: 'abc123' }),
    ).toBeNull();
  });

  it('wants the confirmation to match and the new password to differ from the current one', () => {
    expect(validateChangePassword({ ...filled, confirmPassword: 'new-secret-3' })).toEqual({
      message: changePasswordMessages.mismatch,
      field: 'confirmPassword',
    });
    expect(
      validateChangePassword({
        currentPassword: 'same-secret',
        newPassword: 'same-secret',
        confirmPassword: 'same-secret',
      }),
    ).toEqual({ message: changePasswordMessages.samePassword, field: 'newPassword' });
    expect(validateChangePassword(filled)).toBeNull();
  });
});

describe('passwordChangeProblem', () => {
  it("shows the server's refusals by their code", () => {
    expect(passwordChangeProblem({ code: 'current_password_invalid', message: 'x' })).toEqual({
      message: 'Current password is incorrect.',
      field: 'currentPassword',
    });
    expect(passwordChangeProblem({ code: 'weak_password', message: 'Password should be' })).toEqual(
      { message: 'Password is too weak. Please choose a stronger password.', field: 'newPassword' },
    );
    expect(passwordChangeProblem({ code: 'same_password' }).field).toBe('newPassword');
    expect(passwordChangeProblem({ code: 'insufficient_aal' }).message).toBe(
      changePasswordMessages.secondFactor,
    );
  });

  it('tells a network failure from anything else', () => {
    expect(passwordChangeProblem({ name: 'AuthRetryableFetchError' }).message).toBe(
      changePasswordMessages.offline,
    );
    expect(passwordChangeProblem(new TypeError('Failed to fetch')).message).toBe(
      changePasswordMessages.offline,
    );
    expect(passwordChangeProblem({ code: 'unexpected_failure' }).message).toBe(
      changePasswordMessages.failed,
    );
  });
});
