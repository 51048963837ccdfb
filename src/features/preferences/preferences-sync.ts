import type { LanguageTag, ThemePreference, UserPreferencesRecord } from '../../lib/db';
import type { SyncEntity } from '../../lib/sync/entities';
import { isoOrNull, textOrNull } from '../../lib/sync/mapping';

export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];
export const LANGUAGE_TAGS: readonly LanguageTag[] = ['en-US', 'en-GB', 'es', 'fr', 'de'];

export const isThemePreference = (v: unknown): v is ThemePreference =>
  THEME_PREFERENCES.includes(v as ThemePreference);
export const isLanguageTag = (v: unknown): v is LanguageTag =>
  LANGUAGE_TAGS.includes(v as LanguageTag);

const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

/** One row per user, id = the user id; the whole row is sent, the newest write wins. */
export const userPreferencesEntity: SyncEntity<UserPreferencesRecord> = {
  name: 'user_preferences',
  table: (db) => db.userPreferences,
  toServer: (p) => ({
    email_notifications: p.emailNotifications,
    push_notifications: p.pushNotifications,
    marketing_emails: p.marketingEmails,
    theme: p.theme,
    language: p.language,
    time_zone: p.timeZone,
  }),
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
