// Renders the public pages to HTML and critical CSS at build time (see vite.config.ts), so a first
// visit to one of them paints from its HTML file alone, before any script has loaded.
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider as ReduxProvider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { CssBaseline, Typography } from '@mui/material';
import { AppShell } from '../components/app-shell/app-shell';
import { LoadingScreen } from '../components/loading-screen';
import { analyticsTexts } from '../features/analytics/analytics-texts';
import { composeHeaderTexts } from '../features/compose/compose-header';
import { DashboardFrame } from '../features/dashboard/dashboard-page';
import { SettingsFrame } from '../features/settings/settings-page';
import { InPrerenderedFrame } from '../components/frame-part';
import { makeStyleCache } from './style-cache';
import { ThemeProvider } from './theme-provider';
import SignUpPage from '../features/auth/sign-up-page';
import ContactPage from '../features/marketing/contact-page';
import LandingPage from '../features/marketing/landing-page';
import NotFoundPage from '../features/marketing/not-found-page';
import PrivacyPage from '../features/marketing/privacy-page';
import TermsPage from '../features/marketing/terms-page';
import { makeBootStore } from './boot-store';
import type { AppStore } from './store-types';
import { initialAiState } from '../features/ai/ai-slice';
import { NAV_SECTIONS } from './nav';
import { StoreStatusContext, type StoreStatusValue } from './store-status';
import { makeTheme } from './theme';
import {
  FRAME_MODULES,
  PUBLIC_PAGE_MODULES,
  SIGNED_IN_PAGE_MODULES,
  STORE_MODULE,
  SYNC_MODULES,
} from './load-starts';

/**
 * The pages written out at build time, by path, with the module of each (as the router loads it).
 * Each paints without the store (src/app/router.tsx), so what renders here is what the app renders
 * first. The app renders over this markup rather than hydrating it: the forms of sign-up and
 * contact take over what was typed into the prerendered ones (src/lib/prerendered-form.ts).
 */
export const PRERENDERED_PAGES: Record<string, { module: string; Page: ComponentType }> = {
  '/': { module: PUBLIC_PAGE_MODULES['/'], Page: LandingPage },
  '/privacy': { module: PUBLIC_PAGE_MODULES['/privacy'], Page: PrivacyPage },
  '/terms': { module: PUBLIC_PAGE_MODULES['/terms'], Page: TermsPage },
  '/signup': { module: PUBLIC_PAGE_MODULES['/signup'], Page: SignUpPage },
  '/contact': { module: PUBLIC_PAGE_MODULES['/contact'], Page: ContactPage },
  // Any path no route has (src/app/route-paths.ts): 404.html, which the app server answers it with.
  '*': { module: PUBLIC_PAGE_MODULES['*'], Page: NotFoundPage },
};

/** No store at build time: what a form would send waits for the app's script. */
const NO_STORE: StoreStatusValue = {
  status: 'loading',
  load: () => {},
  ready: () => Promise.reject(new Error('prerendering: no store')),
};

/** The markup of `element` rendered at `location` as the app renders it first, and its critical CSS. */
function renderWithStyles(
  element: ReactNode,
  location: string,
  store: AppStore = makeBootStore().store,
): { html: string; styleTags: string } {
  // The app's own cache, whose key makes the app adopt these styles instead of adding copies.
  const cache = makeStyleCache();
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  // What the app renders there before the store loads (see DeferredProviders), in the light
  // palette; the page's inline script hides this markup where the app will paint dark.
  const html = renderToString(
    <CacheProvider value={cache}>
      <ReduxProvider store={store}>
        <StoreStatusContext.Provider value={NO_STORE}>
          <ThemeProvider theme={makeTheme('light')}>
            <CssBaseline enableColorScheme />
            <StaticRouter location={location}>{element}</StaticRouter>
          </ThemeProvider>
        </StoreStatusContext.Provider>
      </ReduxProvider>
    </CacheProvider>,
  );
  return { html, styleTags: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
}

export function prerenderPage(path: string): { html: string; styleTags: string } {
  const entry = PRERENDERED_PAGES[path];
  if (!entry) throw new Error(`prerender: no page for ${path}`);
  const { Page } = entry;
  return renderWithStyles(<Page />, path === '*' ? '/404' : path);
}

const noop = () => {};

/**
 * What every signed-in page loads besides its own module, which its frame asks for beside the
 * entry rather than once the entry has run: the store (which src/main.tsx starts), the gates and
 * the layout (src/app/router.tsx). Source paths, or parts. Not the backend client nor Dexie: the
 * page opens for the session kept on this device (auth-listeners.ts) with the state saved there
 * (kv-read.ts) without them.
 */
export const SIGNED_IN_FIRST_LOAD = [STORE_MODULE, ...FRAME_MODULES];

/**
 * What a signed-in page's frame asks for after the page's own chunks: the sync and the synced
 * entities (with Dexie), which read this device's rows for the page once it is on screen;
 * supabase-js, which the store's first flows ask for; and the onboarding gate's repository.
 * Each chunk not asked for here is asked for by the import that needs it, with every chunk it
 * imports, in one task of the app's start-up.
 */
export const SIGNED_IN_SOON_AFTER = [
  ...SYNC_MODULES,
  '@supabase/supabase-js/dist/index.mjs',
  '/src/features/onboarding/onboarding-repository.ts',
];

/**
 * The signed-in pages whose frame is prerendered (into dashboard.html and the like), with their
 * heading as the page renders it. The frame is drawn over the app while it loads, for a user whose
 * session is saved on this device, and taken away once the app shows more than a loading screen
 * (src/lib/prerendered-shell.ts).
 */
export const PRERENDERED_SHELLS: Record<
  string,
  {
    module: string;
    heading: string;
    /** The heading when the address has one of these parameters (the first that it has). */
    headingByParam?: Record<string, string>;
    /**
     * What the frame shows above its loading screen, instead of the heading alone: the page's
     * first screen as far as it is the same for everyone, its heading included, with the parts
     * that depend on the user's data as `RememberedPart`s (src/components/frame-part.tsx).
     */
    Frame?: ComponentType;
  }
> = {
  '/dashboard': {
    module: SIGNED_IN_PAGE_MODULES.dashboard,
    heading: 'Dashboard',
    Frame: DashboardFrame,
  },
  '/create': {
    module: SIGNED_IN_PAGE_MODULES.create,
    heading: composeHeaderTexts.titles.new,
    headingByParam: {
      editDraft: composeHeaderTexts.titles.draft,
      editPost: composeHeaderTexts.titles.scheduled,
    },
  },
  '/calendar': { module: SIGNED_IN_PAGE_MODULES.calendar, heading: 'Content Calendar' },
  '/analytics': {
    module: SIGNED_IN_PAGE_MODULES.analytics,
    heading: analyticsTexts.title,
  },
  '/settings': {
    module: SIGNED_IN_PAGE_MODULES.settings,
    heading: 'Settings',
    Frame: SettingsFrame,
  },
};

/** What the prerendered frame is drawn on: the light page background, as the app's. */
export const SHELL_BACKGROUND = makeTheme('light').palette.background.default;

/** The boot store with the AI slice as it starts, which the dashboard's frame reads. */
function frameStore(): AppStore {
  const { store } = makeBootStore();
  const state = { ...store.getState(), ai: initialAiState };
  return { ...store, getState: () => state } as AppStore;
}

/** The app's frame at `path` with the page's heading and a loading screen where the page goes. */
export function prerenderShell(path: string): { html: string; styleTags: string } {
  const entry = PRERENDERED_SHELLS[path];
  if (!entry) throw new Error(`prerender: no frame for ${path}`);
  return renderWithStyles(
    <AppShell
      sections={NAV_SECTIONS}
      homePath="/dashboard"
      user={{ name: '', email: '', initial: '' }}
      onProfileSettings={noop}
      onAccountSettings={noop}
      onSignOut={noop}
    >
      {entry.Frame ? (
        <InPrerenderedFrame.Provider value>
          <entry.Frame />
        </InPrerenderedFrame.Provider>
      ) : (
        <Typography variant="h4" component="h1" data-shell-heading>
          {entry.heading}
        </Typography>
      )}
      <LoadingScreen />
    </AppShell>,
    path,
    frameStore(),
  );
}
