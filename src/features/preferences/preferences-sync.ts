import type {
  LanguageTag,
  PreferenceField,
  ThemePreference,
  UserPreferencesRecord,
} from '../../lib/db';
import type { SyncEntity } from '../../lib/sync/entities';
import { isoOrNull, textOrNull } from '../../lib/sync/mapping';

export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];
export const LANGUAGE_TAGS: readonly LanguageTag[] = ['en-US', 'en-GB', 'es', 'fr', 'de'];

export const isThemePreference = (v: unknown): v is ThemePreference =>
  THEME_PREFERENCES.includes(v as ThemePreference);
export const isLanguageTag = (v: unknown): v is LanguageTag =>
  LANGUAGE_TAGS.includes(v as LanguageTag);

const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

const COLUMNS: Record<PreferenceField, string> = {
  emailNotifications: 'email_notifications',
  pushNotifications: 'push_notifications',
  marketingEmails: 'marketing_emails',
  theme: 'theme',
  language: 'language',
  timeZone: 'time_zone',
};

/**
 * One row per user, id = the user id; the newest write wins, field by field: a row sends only the
 * preferences changed on this device (`changed`), or all of them when it does not say.
 */
export const userPreferencesEntity: SyncEntity<UserPreferencesRecord> = {
  name: 'user_preferences',
  table: (db) => db.userPreferences,
  toServer: (p) => {
    const fields = p.changed ?? (Object.keys(COLUMNS) as PreferenceField[]);
    return Object.fromEntries(fields.map((field) => [COLUMNS[field], p[field]]));
  },
  fromServer: (r) => ({
    id: r.id,
    userId: String(r.user_id ?? r.id),
    emailNotifications: flag(r.email_notifications, true),
    pushNotifications: flag(r.push_notifications, true),
    marketingEmails: flag(r.marketing_emails, false),
    theme: isThemePreference(r.theme) ? r.theme : 'system',
    language: isLanguageTag(r.language) ? r.language : 'en-US',
    timeZone: textOrNull(r.time_zone),
    updatedAt: isoOrNull(r.updated_at),
    version: Number(r.version),
  }),
};
