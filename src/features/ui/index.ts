export {
  initialUiState,
  isThemeMode,
  selectThemeMode,
  themeModeChosen,
  uiReducer,
  THEME_MODES,
  type ThemeMode,
  type UiState,
} from './ui-slice';
