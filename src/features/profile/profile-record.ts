import type { UserProfileRecord } from '../../lib/db';

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** A profile row this device has never held: every field unset, no server version. */
export function emptyProfile(userId: string, email: string | null = null): UserProfileRecord {
  return {
    id: userId,
    userId,
    email,
    firstName: null,
    lastName: null,
    company: null,
    bio: null,
    avatarUrl: null,
    socialCredentialsWizardCompleted: null,
    version: null,
  };
}

/**
 * The profile fields onboarding's final save writes: the account's email and names, non-blank only
 * (§5). The rest of the row this device already holds (company, bio, a field emptied in Settings
 * and still on its way) is kept, so a completion never undoes a profile edit waiting in the outbox.
 */
export function profileFromUser(
  user: { id: string; email: string; firstName: string; lastName: string },
  current: UserProfileRecord | null = null,
): UserProfileRecord {
  const base: UserProfileRecord = current ?? emptyProfile(user.id);
  const email = blankToNull(user.email);
  const firstName = blankToNull(user.firstName);
  const lastName = blankToNull(user.lastName);
  const { cleared: wasCleared, ...rest } = base;
  const cleared = wasCleared?.filter(
    (f) => !(f === 'firstName' && firstName) && !(f === 'lastName' && lastName),
  );
  return {
    ...rest,
    id: user.id,
    userId: user.id,
    email: email ?? base.email,
    firstName: firstName ?? base.firstName,
    lastName: lastName ?? base.lastName,
    ...(cleared?.length ? { cleared } : {}),
  };
}
