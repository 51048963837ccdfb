import type { UserProfileRecord } from '../../lib/db';

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The profile fields the final save writes: the account's email and names (§5: non-blank only). */
export function profileFromUser(user: {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}): UserProfileRecord {
  return {
    id: user.id,
    userId: user.id,
    email: blankToNull(user.email),
    firstName: blankToNull(user.firstName),
    lastName: blankToNull(user.lastName),
    company: null,
    bio: null,
    avatarUrl: null,
    socialCredentialsWizardCompleted: null,
    version: null,
  };
}
