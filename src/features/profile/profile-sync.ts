import type { ClearableProfileField, UserProfileRecord } from '../../lib/db';
import type { SyncEntity } from '../../lib/sync/entities';
import { textOrNull } from '../../lib/sync/mapping';

const nonBlank = (value: string | null): value is string => value !== null && value.trim() !== '';

const TEXT_COLUMNS: [string, keyof UserProfileRecord][] = [
  ['email', 'email'],
  ['first_name', 'firstName'],
  ['last_name', 'lastName'],
  ['company', 'company'],
  ['bio', 'bio'],
  ['avatar_url', 'avatarUrl'],
];

const CLEARABLE = new Set<keyof UserProfileRecord>([
  'firstName',
  'lastName',
  'company',
  'bio',
] satisfies ClearableProfileField[]);

/**
 * The profile's id is the user id. Only non-blank fields are sent (spec §5, Profile), so a write
 * that does not know a field (onboarding) never blanks it; the one exception is a field the user
 * emptied in Settings (`cleared`), sent as null so the server stores null (§3), never ''.
 */
export const userProfilesEntity: SyncEntity<UserProfileRecord> = {
  name: 'user_profiles',
  table: (db) => db.userProfiles,
  toServer: (p) => {
    const out: Record<string, unknown> = {};
    for (const [column, field] of TEXT_COLUMNS) {
      const value = p[field] as string | null;
      if (nonBlank(value)) out[column] = value.trim();
      else if (CLEARABLE.has(field) && p.cleared?.includes(field as ClearableProfileField))
        out[column] = null;
    }
    if (p.socialCredentialsWizardCompleted !== null)
      out.social_credentials_wizard_completed = p.socialCredentialsWizardCompleted;
    return out;
  },
  fromServer: (r) => ({
    id: r.id,
    userId: String(r.user_id ?? r.id),
    email: textOrNull(r.email),
    firstName: textOrNull(r.first_name),
    lastName: textOrNull(r.last_name),
    company: textOrNull(r.company),
    bio: textOrNull(r.bio),
    avatarUrl: textOrNull(r.avatar_url),
    socialCredentialsWizardCompleted:
      typeof r.social_credentials_wizard_completed === 'boolean'
        ? r.social_credentials_wizard_completed
        : null,
    version: Number(r.version),
  }),
};
