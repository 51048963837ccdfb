import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store-types';
import type { FormatSettings } from '../../lib/intl/format';
import { deviceTimeZone, isValidTimeZone } from '../../lib/intl/zoned-time';
import { DEFAULT_PREFERENCES, selectPreferences, type Preferences } from '../preferences';

// The first paint renders against a store with only the auth and ui slices (app/boot-store.ts):
// until the real one is there, the defaults apply.
const selectPreferencesOrDefaults = (state: RootState): Preferences =>
  (state as Partial<RootState>).preferences ? selectPreferences(state) : DEFAULT_PREFERENCES;

/** Whether the signed-in user has saved preferences (a theme among them) on any device. */
export const selectHasSavedPreferences = (state: RootState): boolean =>
  Boolean((state as Partial<RootState>).preferences?.row);

/** The zone scheduled times are shown and entered in: the user's choice, else the device's. */
export const selectTimeZone = createSelector(
  [(state: RootState) => selectPreferencesOrDefaults(state).timeZone],
  (timeZone): string => (timeZone && isValidTimeZone(timeZone) ? timeZone : deviceTimeZone()),
);

/** The language and zone every date, time and number in the app is written in. */
export const selectFormatSettings = createSelector(
  [(state: RootState) => selectPreferencesOrDefaults(state).language, selectTimeZone],
  (locale, timeZone): FormatSettings => ({ locale, timeZone }),
);

export const selectAppearance = createSelector(
  [selectPreferencesOrDefaults],
  ({ theme, language, timeZone }) => ({ theme, language, timeZone }),
);
