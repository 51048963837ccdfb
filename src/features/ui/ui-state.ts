// The UI state's shape, start value and selector, apart from the slice: the first paint reads them
// before Redux Toolkit (and the slice built with it) has loaded.

export type ThemeMode = 'light' | 'dark' | 'system';
export const THEME_MODES: readonly ThemeMode[] = ['light', 'dark', 'system'];

export interface UiState {
  themeMode: ThemeMode;
}

export const initialUiState: UiState = { themeMode: 'system' };

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}

export const selectThemeMode = (state: { ui: UiState }): ThemeMode => state.ui.themeMode;

// The persisted store lives in IndexedDB, which cannot be read before the first paint. A copy of
// the chosen theme in localStorage lets that paint use it; the persisted store stays the source.
const THEME_HINT_KEY = 'postbloom:theme-mode';

export function readThemeModeHint(): ThemeMode {
  try {
    const saved = globalThis.localStorage?.getItem(THEME_HINT_KEY);
    return isThemeMode(saved) ? saved : initialUiState.themeMode;
  } catch {
    return initialUiState.themeMode; // storage blocked: the system setting it is
  }
}

export function writeThemeModeHint(mode: ThemeMode): void {
  try {
    globalThis.localStorage?.setItem(THEME_HINT_KEY, mode);
  } catch {
    // Storage blocked or full: the next first paint uses the system setting, nothing is lost.
  }
}
