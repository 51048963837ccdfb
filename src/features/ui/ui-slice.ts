import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { initialUiState, isThemeMode, type ThemeMode } from './ui-state';

export {
  initialUiState,
  isThemeMode,
  selectThemeMode,
  THEME_MODES,
  type ThemeMode,
  type UiState,
} from './ui-state';

export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    themeModeChosen(state, action: PayloadAction<ThemeMode>) {
      if (isThemeMode(action.payload)) state.themeMode = action.payload;
    },
  },
});

export const { themeModeChosen } = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
