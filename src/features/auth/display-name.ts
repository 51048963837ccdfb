export interface NamedUser {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/** First and last name, else the part of the email before the @, else "User". */
export function displayName(user: NamedUser | null | undefined): string {
  const first = user?.firstName?.trim();
  const last = user?.lastName?.trim();
  if (first && last) return `${first} ${last}`;
  const local = user?.email?.split('@')[0]?.trim();
  return local || 'User';
}

export function userInitial(user: NamedUser | null | undefined): string {
  return displayName(user).charAt(0).toUpperCase();
}
