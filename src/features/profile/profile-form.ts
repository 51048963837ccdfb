import type { ClearableProfileField, UserProfileRecord } from '../../lib/db';
import { emptyProfile } from './profile-record';

/** What Settings → Profile edits (§2): every value as typed. */
export interface ProfileForm {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  bio: string;
}

export type ProfileFormField = keyof ProfileForm;

export const PROFILE_FORM_FIELDS: readonly ProfileFormField[] = [
  'firstName',
  'lastName',
  'email',
  'company',
  'bio',
];

const CLEARABLE_FIELDS: readonly ClearableProfileField[] = [
  'firstName',
  'lastName',
  'company',
  'bio',
];

/** §8 Profile, word for word. */
export const PROFILE_TEXTS = {
  createFailed: 'Failed to create user profile. Please try again.',
  loadFailed: 'Failed to load profile data. Please refresh the page.',
  notAuthenticated: 'User not authenticated. Please sign in again.',
  updateFailed: 'Failed to update profile. Please try again.',
  updateError: 'An error occurred while updating your profile. Please try again.',
  updated: 'Profile updated successfully!',
  /** §8 Data layer: onboarding's profile write failed. */
  onboardingSaveFailed: 'Failed to save user profile',
  /** The sign-up form's email rule (§5). */
  invalidEmail: 'Please enter a valid email address.',
} as const;

/** How long the success notice stays (§4). */
export const PROFILE_NOTICE_MS = 3000;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ProfileUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * The form's saved values: the profile row this device holds, or, before there is one, what the
 * account knows (its email and sign-up names). The email is the account's: it changes only
 * through the confirmation links, and the row follows it.
 */
export function formFromProfile(row: UserProfileRecord | null, user: ProfileUser): ProfileForm {
  if (!row) {
    return {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      company: '',
      bio: '',
    };
  }
  return {
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    email: user.email || (row.email ?? ''),
    company: row.company ?? '',
    bio: row.bio ?? '',
  };
}

const same = (a: string, b: string) => a.trim() === b.trim();

/** The fields whose value differs from the saved one (surrounding spaces do not count). */
export function changedFields(form: ProfileForm, saved: ProfileForm): ProfileFormField[] {
  return PROFILE_FORM_FIELDS.filter((f) => !same(form[f], saved[f]));
}

/** The first message that blocks a save, or null. A profile needs an email (§5). */
export function profileFormError(form: ProfileForm): string | null {
  const email = form.email.trim();
  if (email === '' || !EMAIL.test(email)) return PROFILE_TEXTS.invalidEmail;
  return null;
}

/**
 * The row to write for a saved form. Filled fields are trimmed; a field the user emptied becomes
 * null and is named in `cleared`, so the mapping sends an explicit null for it (§3) — while a
 * field that was already empty stays unsent. A field cleared earlier and still on its way stays
 * cleared, since unsent writes of the row are merged into one. The email column is left as it is:
 * a new address goes through the account's email change.
 */
export function recordFromForm(
  form: ProfileForm,
  current: UserProfileRecord | null,
  user: ProfileUser,
): UserProfileRecord {
  const { cleared: pendingClears, ...base }: UserProfileRecord =
    current ?? emptyProfile(user.id, user.email);
  const row: UserProfileRecord = { ...base, email: base.email ?? user.email };
  const cleared: ClearableProfileField[] = [];
  for (const field of CLEARABLE_FIELDS) {
    const value = form[field].trim();
    if (value !== '') {
      row[field] = value;
      continue;
    }
    const had = (base[field] ?? '').trim() !== '';
    if (had || pendingClears?.includes(field)) cleared.push(field);
    row[field] = null;
  }
  return cleared.length > 0 ? { ...row, cleared } : row;
}
