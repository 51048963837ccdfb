export {
  DEFAULT_PREFERENCES,
  preferencesReducer,
  selectPreferences,
  selectPreferencesLoaded,
  type Preferences,
  type PreferencesState,
} from './preferences-slice';
export {
  loadPreferences,
  savePreferences,
  PreferencesNotSignedInError,
} from './preferences-repository';
export {
  LANGUAGE_TAGS,
  THEME_PREFERENCES,
  isLanguageTag,
  isThemePreference,
  userPreferencesEntity,
} from './preferences-sync';
export type { LanguageTag, ThemePreference, UserPreferencesRecord } from '../../lib/db';
