// Renders the landing page to HTML and critical CSS at build time (see vite.config.ts), so a first
// visit to / paints from index.html alone, before any script has loaded.
import { renderToString } from 'react-dom/server';
import { Provider as ReduxProvider } from 'react-redux';
import { StaticRouter } from 'react-router';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { CssBaseline, ThemeProvider } from '@mui/material';
import LandingPage from '../features/marketing/landing-page';
import { makeBootStore } from './boot-store';
import { makeTheme } from './theme';

export function prerenderLanding(): { html: string; styleTags: string } {
  // The same key as the browser's default cache: it adopts these styles instead of adding copies.
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  // What the app renders on / for a visitor before the store loads (see DeferredProviders), in the
  // light palette; index.html's inline script hides this markup where the app will paint dark.
  const html = renderToString(
    <CacheProvider value={cache}>
      <ReduxProvider store={makeBootStore().store}>
        <ThemeProvider theme={makeTheme('light')}>
          <CssBaseline enableColorScheme />
          <StaticRouter location="/">
            <LandingPage />
          </StaticRouter>
        </ThemeProvider>
      </ReduxProvider>
    </CacheProvider>,
  );
  return { html, styleTags: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
}
