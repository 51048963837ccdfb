import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from '../features/ui';

export type PaletteMode = 'light' | 'dark';

// The brand orange is #FF5722; on a white background it reads at 3.2:1, below the 4.5:1 that
// text needs, so light mode uses a deeper shade for text and filled buttons.
const BRAND_ORANGE = '#FF5722';

export function resolvePaletteMode(mode: ThemeMode, prefersDark: boolean): PaletteMode {
  if (mode === 'system') return prefersDark ? 'dark' : 'light';
  return mode;
}

export function makeTheme(mode: PaletteMode): Theme {
  const light = mode === 'light';
  return createTheme({
    palette: {
      mode,
      primary: light
        ? { main: '#C63F17', light: BRAND_ORANGE, dark: '#8E2A0B', contrastText: '#FFFFFF' }
        : { main: '#FF7043', light: '#FFA270', dark: BRAND_ORANGE, contrastText: '#1B1B1B' },
      secondary: light ? { main: '#1565C0' } : { main: '#90CAF9' },
      background: light
        ? { default: '#F7F7F9', paper: '#FFFFFF' }
        : { default: '#121212', paper: '#1E1E1E' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
      h1: { fontWeight: 700 },
      h2: { fontWeight: 700 },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiButton: {
        defaultProps: { disableElevation: true },
        // Without elevation a filled button's keyboard focus was only a faint ripple: a ring it is.
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-focusVisible': {
              outline: `3px solid ${theme.palette.text.primary}`,
              outlineOffset: 2,
            },
          }),
        },
      },
    },
  });
}
