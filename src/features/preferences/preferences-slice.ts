import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserPreferencesRecord } from '../../lib/db';
import { syncRowsChanged } from '../../lib/sync/events';
import { sessionEnded } from '../auth';
import { userPreferencesEntity } from './preferences-sync';

/** What the app uses: the user's row without its bookkeeping. */
export type Preferences = Pick<
  UserPreferencesRecord,
  'emailNotifications' | 'pushNotifications' | 'marketingEmails' | 'theme' | 'language' | 'timeZone'
>;

/** Spec §9: email on, push on, marketing off; the rest as a new device has it. */
export const DEFAULT_PREFERENCES: Preferences = {
  emailNotifications: true,
  pushNotifications: true,
  marketingEmails: false,
  theme: 'system',
  language: 'en-US',
  timeZone: null,
};

export interface PreferencesState {
  /** Whose preferences are loaded; null before sign-in. */
  userId: string | null;
  loaded: boolean;
  /** The user's row, or null while they never saved one (defaults apply). */
  row: UserPreferencesRecord | null;
}

export const initialPreferencesState: PreferencesState = { userId: null, loaded: false, row: null };

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: initialPreferencesState,
  reducers: {
    preferencesLoaded(
      state,
      action: PayloadAction<{ userId: string; row: UserPreferencesRecord | null }>,
    ) {
      state.userId = action.payload.userId;
      state.loaded = true;
      state.row = action.payload.row?.userId === action.payload.userId ? action.payload.row : null;
    },
    preferencesSaved(state, action: PayloadAction<UserPreferencesRecord>) {
      if (action.payload.userId === state.userId) state.row = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(syncRowsChanged, (state, action) => {
        if (action.payload.entity !== userPreferencesEntity.name || state.userId === null) return;
        const mine = (action.payload.upserted as UserPreferencesRecord[]).filter(
          (p) => p.userId === state.userId,
        );
        const newest = mine.at(-1);
        if (newest) state.row = newest;
        if (state.row && action.payload.removed.includes(state.row.id)) state.row = null;
      })
      .addCase(sessionEnded, () => initialPreferencesState);
  },
  selectors: {
    selectPreferencesLoaded: (state) => state.loaded,
    selectPreferencesRow: (state) => state.row,
  },
});

export const { preferencesLoaded, preferencesSaved } = preferencesSlice.actions;
export const { selectPreferencesLoaded, selectPreferencesRow } = preferencesSlice.selectors;
export const preferencesReducer = preferencesSlice.reducer;

let lastRow: UserPreferencesRecord | null | undefined;
let lastPreferences: Preferences = DEFAULT_PREFERENCES;

/** The signed-in user's preferences, defaults filled in (the same object while the row is). */
export function selectPreferences(state: { preferences: PreferencesState }): Preferences {
  const row = state.preferences.row;
  if (row === lastRow) return lastPreferences;
  lastRow = row;
  lastPreferences = row
    ? {
        emailNotifications: row.emailNotifications,
        pushNotifications: row.pushNotifications,
        marketingEmails: row.marketingEmails,
        theme: row.theme,
        language: row.language,
        timeZone: row.timeZone,
      }
    : DEFAULT_PREFERENCES;
  return lastPreferences;
}
