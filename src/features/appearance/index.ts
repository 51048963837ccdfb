export { addAppearanceListeners } from './appearance-listeners';
export {
  selectAppearance,
  selectFormatSettings,
  selectHasSavedPreferences,
  selectTimeZone,
} from './appearance-selectors';
export { useFormatters, useTimeZone } from './use-formatters';
