export { themeModeChosen, uiReducer } from './ui-slice';
export {
  initialUiState,
  isThemeMode,
  readThemeModeHint,
  selectThemeMode,
  writeThemeModeHint,
  THEME_MODES,
  type ThemeMode,
  type UiState,
} from './ui-state';
export { uiPersist } from './ui-persist';
