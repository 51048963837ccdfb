import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from '../../lib/supabase';
import { authMessages, validatePassword, validationMessages } from '../auth';

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const emptyChangePassword: ChangePasswordValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

export const changePasswordMessages = {
  mismatch: 'The new passwords do not match.',
  samePassword: 'New password should be different from the old password.',
  currentInvalid: 'Current password is incorrect.',
  offline: 'You are offline. Connect to the internet to change your password.',
  secondFactor: 'Verify your two-factor code before changing your password.',
  failed: 'Failed to update password. Please try again.',
  updated: 'Password updated successfully!',
} as const;

/** Which field a message is about, so the form can mark it. */
export type PasswordField = keyof ChangePasswordValues;

export interface PasswordProblem {
  message: string;
  field: PasswordField | null;
}

/** The form's own checks, in order; null when the server may be asked. */
export function validateChangePassword(values: ChangePasswordValues): PasswordProblem | null {
  if (!values.currentPassword || !values.newPassword || !values.confirmPassword) {
    const field = (['currentPassword', 'newPassword', 'confirmPassword'] as const).find(
      (name) => !values[name],
    );
    return { message: validationMessages.fieldsRequired, field: field ?? null };
  }
  const tooShort = validatePassword(values.newPassword);
  if (tooShort) return { message: tooShort, field: 'newPassword' };
  if (values.newPassword !== values.confirmPassword)
    return { message: changePasswordMessages.mismatch, field: 'confirmPassword' };
  if (values.newPassword === values.currentPassword)
    return { message: changePasswordMessages.samePassword, field: 'newPassword' };
  return null;
}

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
}

/** A refusal of PUT /user as the form shows it (GoTrue's codes; see server/auth/current-password.ts). */
export function passwordChangeProblem(error: unknown): PasswordProblem {
  const { name, code, message } = (error ?? {}) as ErrorLike;
  if (name === 'AuthRetryableFetchError' || error instanceof TypeError)
    return { message: changePasswordMessages.offline, field: null };
  switch (code) {
    case 'current_password_invalid':
    case 'current_password_required':
      return { message: changePasswordMessages.currentInvalid, field: 'currentPassword' };
    case 'weak_password':
      return { message: authMessages.weakPassword, field: 'newPassword' };
    case 'same_password':
      return { message: changePasswordMessages.samePassword, field: 'newPassword' };
    case 'insufficient_aal':
      return { message: changePasswordMessages.secondFactor, field: null };
    case 'over_request_rate_limit':
      return {
        message: typeof message === 'string' && message ? message : changePasswordMessages.failed,
        field: null,
      };
    default:
      return { message: changePasswordMessages.failed, field: null };
  }
}

/**
 * Sets a new password in one PUT /user that carries the current one, which the server checks
 * (GoTrue's UpdatePasswordRequireCurrentPassword). The server keeps this session and ends every
 * other one. Resolves to null on success, else the problem to show.
 */
export async function changePassword(
  values: ChangePasswordValues,
  client?: SupabaseClient,
): Promise<PasswordProblem | null> {
  const invalid = validateChangePassword(values);
  if (invalid) return invalid;
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    return { message: changePasswordMessages.offline, field: null };
  try {
    const supabase = client ?? (await getSupabase());
    const { error } = await supabase.auth.updateUser({
      password: values.newPassword,
      current_password: values.currentPassword,
    });
    return error ? passwordChangeProblem(error) : null;
  } catch (error) {
    return passwordChangeProblem(error);
  }
}
