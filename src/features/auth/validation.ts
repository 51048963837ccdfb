export type AuthMode = 'signIn' | 'signUp';

export interface AuthFormValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export const MIN_NAME_LENGTH = 2;
export const MIN_PASSWORD_LENGTH = 6;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const validationMessages = {
  namesRequired: 'Please enter both first and last name',
  firstNameTooShort: `First name must be at least ${MIN_NAME_LENGTH} characters long`,
  lastNameTooShort: `Last name must be at least ${MIN_NAME_LENGTH} characters long`,
  fieldsRequired: 'Please fill in all required fields',
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  firstNameEmpty: 'First name cannot be empty',
  lastNameEmpty: 'Last name cannot be empty',
} as const;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export function validatePassword(password: string): string | null {
  return password.length < MIN_PASSWORD_LENGTH ? validationMessages.passwordTooShort : null;
}

/** The sign-in / sign-up form's checks, in the spec's order; the first failure is shown. */
export function validateAuthForm(mode: AuthMode, values: AuthFormValues): string | null {
  if (mode === 'signUp') {
    if (!values.firstName || !values.lastName) return validationMessages.namesRequired;
    if (values.firstName.trim().length < MIN_NAME_LENGTH)
      return validationMessages.firstNameTooShort;
    if (values.lastName.trim().length < MIN_NAME_LENGTH) return validationMessages.lastNameTooShort;
  }
  if (!values.email.trim() || !values.password) return validationMessages.fieldsRequired;
  if (!isValidEmail(values.email)) return validationMessages.invalidEmail;
  return validatePassword(values.password);
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type Normalised<T> = { ok: true; value: T } | { ok: false; error: string };

export interface Credentials {
  email: string;
  password: string;
}

/** The auth layer's own checks, whatever form called it. */
export function normaliseCredentials(input: Credentials): Normalised<Credentials> {
  const email = normaliseEmail(input.email);
  if (!email || !input.password) return { ok: false, error: validationMessages.fieldsRequired };
  if (!isValidEmail(email)) return { ok: false, error: validationMessages.invalidEmail };
  const passwordError = validatePassword(input.password);
  if (passwordError) return { ok: false, error: passwordError };
  return { ok: true, value: { email, password: input.password } };
}

export interface SignUpInput extends Credentials {
  firstName?: string;
  lastName?: string;
}

export interface NormalisedSignUp extends Credentials {
  firstName: string;
  lastName: string;
}

export function normaliseSignUp(input: SignUpInput): Normalised<NormalisedSignUp> {
  const firstName = input.firstName?.trim() ?? '';
  const lastName = input.lastName?.trim() ?? '';
  if (input.firstName !== undefined && !firstName) {
    return { ok: false, error: validationMessages.firstNameEmpty };
  }
  if (input.lastName !== undefined && !lastName) {
    return { ok: false, error: validationMessages.lastNameEmpty };
  }
  const credentials = normaliseCredentials(input);
  if (!credentials.ok) return credentials;
  return { ok: true, value: { ...credentials.value, firstName, lastName } };
}
