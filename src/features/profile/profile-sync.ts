import type { UserProfileRecord } from '../../lib/db';
import type { SyncEntity } from '../../lib/sync/entities';
import { textOrNull } from '../../lib/sync/mapping';

const nonBlank = (value: string | null): value is string => value !== null && value.trim() !== '';

/** The profile's id is the user id. Only non-blank fields are sent (spec §5, Profile). */
export const userProfilesEntity: SyncEntity<UserProfileRecord> = {
  name: 'user_profiles',
  table: (db) => db.userProfiles,
  toServer: (p) => {
    const out: Record<string, unknown> = {};
    const fields: [string, string | null][] = [
      ['email', p.email],
      ['first_name', p.firstName],
      ['last_name', p.lastName],
      ['company', p.company],
      ['bio', p.bio],
      ['avatar_url', p.avatarUrl],
    ];
    for (const [column, value] of fields) if (nonBlank(value)) out[column] = value.trim();
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
