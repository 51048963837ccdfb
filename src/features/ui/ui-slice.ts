import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ThemeMode = 'light' | 'dark' | 'system';
export const THEME_MODES: readonly ThemeMode[] = ['light', 'dark', 'system'];

export interface UiState {
  themeMode: ThemeMode;
}

export const initialUiState: UiState = { themeMode: 'system' };

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}

export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    themeModeChosen(state, action: PayloadAction<ThemeMode>) {
      if (isThemeMode(action.payload)) state.themeMode = action.payload;
    },
  },
  selectors: {
    selectThemeMode: (state) => state.themeMode,
  },
});

export const { themeModeChosen } = uiSlice.actions;
export const { selectThemeMode } = uiSlice.selectors;
export const uiReducer = uiSlice.reducer;
