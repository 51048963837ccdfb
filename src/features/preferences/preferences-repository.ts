import { appDb } from '../../lib/app-db';
import type { Dispatch } from '@reduxjs/toolkit';
import type { AppDb, PreferenceField, UserPreferencesRecord } from '../../lib/db';
import { selectThemeMode, type UiState } from '../ui';
import { writeSynced, type ThunkDispatcher } from '../../lib/sync/write';
import {
  DEFAULT_PREFERENCES,
  preferencesLoaded,
  preferencesSaved,
  type Preferences,
  type PreferencesState,
} from './preferences-slice';
import { userPreferencesEntity } from './preferences-sync';

type GetState = () => unknown;

export class PreferencesNotSignedInError extends Error {
  constructor() {
    super('User not authenticated. Please sign in again.');
    this.name = 'PreferencesNotSignedInError';
  }
}

/** Reads the user's preferences from this device into the slice (a sync reader at sign-in). */
export function loadPreferences(userId: string, given?: AppDb) {
  return async (dispatch: Dispatch): Promise<UserPreferencesRecord | null> => {
    const db = given ?? (await appDb());
    const row = (await db.userPreferences.get(userId)) ?? null;
    dispatch(preferencesLoaded({ userId, row }));
    return row;
  };
}

/**
 * Saves some preferences on this device and queues them for the server, in one local transaction;
 * it never waits for the network. Unchanged fields keep the row's values, and only the fields
 * changed here since the server last confirmed the row are sent. A user's first row takes the
 * theme this device shows, so saving notifications does not turn the device's theme to System.
 */
export function savePreferences(changes: Partial<Preferences>, given?: AppDb) {
  return async (dispatch: ThunkDispatcher, getState: GetState): Promise<UserPreferencesRecord> => {
    const db = given ?? (await appDb());
    const root = getState() as { preferences: PreferencesState; ui?: UiState };
    const userId = root.preferences.userId;
    if (!userId) throw new PreferencesNotSignedInError();
    const current = (await db.userPreferences.get(userId)) ?? root.preferences.row;
    const firstTheme: Partial<Preferences> =
      current || !root.ui ? {} : { theme: selectThemeMode({ ui: root.ui }) };
    const values = { ...firstTheme, ...changes };
    const changed = new Set<PreferenceField>(current?.changed ?? []);
    for (const field of Object.keys(values) as PreferenceField[]) changed.add(field);
    const row: UserPreferencesRecord = {
      ...DEFAULT_PREFERENCES,
      ...pickPreferences(current),
      ...values,
      id: userId,
      userId,
      updatedAt: new Date().toISOString(),
      version: current?.version ?? null,
      changed: FIELDS.filter((field) => changed.has(field)),
    };
    const stored = await dispatch(
      writeSynced(userPreferencesEntity, { op: 'upsert', row }, { db }),
    );
    const saved = stored ?? row;
    dispatch(preferencesSaved(saved));
    return saved;
  };
}

const FIELDS: PreferenceField[] = [
  'emailNotifications',
  'pushNotifications',
  'marketingEmails',
  'theme',
  'language',
  'timeZone',
];

function pickPreferences(row: UserPreferencesRecord | null): Partial<Preferences> {
  if (!row) return {};
  const { emailNotifications, pushNotifications, marketingEmails, theme, language, timeZone } = row;
  return { emailNotifications, pushNotifications, marketingEmails, theme, language, timeZone };
}
