export const authMessages = {
  alreadyRegistered: 'An account with this email already exists. Please sign in instead.',
  invalidEmail: 'Please enter a valid email address.',
  weakPassword: 'Password is too weak. Please choose a stronger password.',
  signUpFailed: 'Sign up failed',
  signInFailed: 'Sign in failed',
  signOutFailed: 'Sign out failed',
  passwordResetFailed: 'Password reset failed',
  sessionFailed: 'Authentication error',
} as const;

interface ErrorLike {
  message?: unknown;
  code?: unknown;
}

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  const message = (error as ErrorLike | null)?.message;
  return typeof message === 'string' ? message.trim() : '';
}

function codeOf(error: unknown): string {
  const code = (error as ErrorLike | null)?.code;
  return typeof code === 'string' ? code : '';
}

export function mapSignUpError(error: unknown): string {
  const message = messageOf(error);
  const lower = message.toLowerCase();
  const code = codeOf(error);
  if (
    lower.includes('already registered') ||
    code === 'user_already_exists' ||
    code === 'email_exists'
  ) {
    return authMessages.alreadyRegistered;
  }
  if (
    lower.includes('invalid email') ||
    lower.includes('unable to validate email address') ||
    code === 'email_address_invalid'
  ) {
    return authMessages.invalidEmail;
  }
  // GoTrue's weak_password messages ("Password should be at least ...") do not say "weak".
  if (lower.includes('weak password') || code === 'weak_password') return authMessages.weakPassword;
  return message || authMessages.signUpFailed;
}

export function mapSignInError(error: unknown): string {
  return messageOf(error) || authMessages.signInFailed;
}

export function mapPasswordUpdateError(error: unknown): string {
  const message = messageOf(error);
  if (codeOf(error) === 'weak_password' || message.toLowerCase().includes('weak password')) {
    return authMessages.weakPassword;
  }
  return message || authMessages.passwordResetFailed;
}

/**
 * A second reset request within GoTrue's interval answers 429 with a sentence that says how long
 * to wait ("For security purposes, you can only request this after 42 seconds."): show it.
 */
export function mapPasswordResetError(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  const message = messageOf(error);
  return status === 429 && message ? message : authMessages.passwordResetFailed;
}

const MISSING_REFRESH_TOKEN = [
  'invalid refresh token',
  'refresh token not found',
  'refresh_token_not_found',
];

/** A stored session the server no longer knows: the user is quietly signed out, with no error. */
export function isMissingRefreshTokenError(error: unknown): boolean {
  const text = `${messageOf(error)} ${codeOf(error)}`.toLowerCase();
  return MISSING_REFRESH_TOKEN.some((needle) => text.includes(needle));
}

/** supabase-js's AuthRetryableFetchError: the server could not be reached (or answered 5xx). */
export function isNetworkAuthError(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AuthRetryableFetchError';
}
