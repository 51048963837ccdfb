import { useMemo, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import { selectThemeMode } from '../features/ui';
import { useAppSelector } from './hooks';
import type { AppStore } from './store-types';
import { makeTheme, resolvePaletteMode } from './theme';

function AppThemeProvider({ children }: { children: ReactNode }) {
  const themeMode = useAppSelector(selectThemeMode);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const paletteMode = resolvePaletteMode(themeMode, prefersDark);
  const theme = useMemo(() => makeTheme(paletteMode), [paletteMode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <AppThemeProvider>
        <BrowserRouter>{children}</BrowserRouter>
      </AppThemeProvider>
    </ReduxProvider>
  );
}
