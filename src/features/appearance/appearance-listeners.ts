import type { AppStartListening } from '../../app/store-types';
import { selectThemeMode, themeModeChosen } from '../ui';

/**
 * A signed-in user's synced theme wins over the device's: when their preferences load, change on
 * this device or arrive from another, the device's theme (the ui slice, which the first paint and
 * the sign-in screen read) follows. A user who never saved preferences keeps the device's theme.
 */
export function addAppearanceListeners(startListening: AppStartListening): void {
  startListening({
    // The preferences row is read from the state, not through the preferences feature's index:
    // that would bring its repository (and Dexie) into the store's download.
    predicate: (_action, current, previous) => current.preferences.row !== previous.preferences.row,
    effect: (_action, api) => {
      const state = api.getState();
      const theme = state.preferences.row?.theme;
      if (theme && theme !== selectThemeMode(state)) api.dispatch(themeModeChosen(theme));
    },
  });
}
