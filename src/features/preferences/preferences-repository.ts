import type { Dispatch } from '@reduxjs/toolkit';
import { getAppDb, type AppDb, type UserPreferencesRecord } from '../../lib/db';
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
export function loadPreferences(userId: string, db: AppDb = getAppDb()) {
  return async (dispatch: Dispatch): Promise<UserPreferencesRecord | null> => {
    const row = (await db.userPreferences.get(userId)) ?? null;
    dispatch(preferencesLoaded({ userId, row }));
    return row;
  };
}

/**
 * Saves some preferences on this device and queues the row for the server, in one local
 * transaction; it never waits for the network. Unchanged fields keep the row's values.
 */
export function savePreferences(changes: Partial<Preferences>, db: AppDb = getAppDb()) {
  return async (dispatch: ThunkDispatcher, getState: GetState): Promise<UserPreferencesRecord> => {
    const state = (getState() as { preferences: PreferencesState }).preferences;
    const userId = state.userId;
    if (!userId) throw new PreferencesNotSignedInError();
    const current = (await db.userPreferences.get(userId)) ?? state.row;
    const row: UserPreferencesRecord = {
      ...DEFAULT_PREFERENCES,
      ...pickPreferences(current),
      ...changes,
      id: userId,
      userId,
      updatedAt: new Date().toISOString(),
      version: current?.version ?? null,
    };
    const stored = await dispatch(
      writeSynced(userPreferencesEntity, { op: 'upsert', row }, { db }),
    );
    const saved = stored ?? row;
    dispatch(preferencesSaved(saved));
    return saved;
  };
}

function pickPreferences(row: UserPreferencesRecord | null): Partial<Preferences> {
  if (!row) return {};
  const { emailNotifications, pushNotifications, marketingEmails, theme, language, timeZone } = row;
  return { emailNotifications, pushNotifications, marketingEmails, theme, language, timeZone };
}
