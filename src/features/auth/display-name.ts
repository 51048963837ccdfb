export interface NamedUser {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/** The names the user saved in their profile, which win over the sign-up names when both are set. */
export interface ProfileNames {
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * First and last name from the profile when it has both, else the account's (sign-up) names,
 * else the part of the email before the @, else "User".
 */
export function displayName(
  user: NamedUser | null | undefined,
  profile?: ProfileNames | null,
): string {
  const profileFirst = profile?.firstName?.trim();
  const profileLast = profile?.lastName?.trim();
  if (profileFirst && profileLast) return `${profileFirst} ${profileLast}`;
  const first = user?.firstName?.trim();
  const last = user?.lastName?.trim();
  if (first && last) return `${first} ${last}`;
  const local = user?.email?.split('@')[0]?.trim();
  return local || 'User';
}

export function userInitial(
  user: NamedUser | null | undefined,
  profile?: ProfileNames | null,
): string {
  return displayName(user, profile).charAt(0).toUpperCase();
}
