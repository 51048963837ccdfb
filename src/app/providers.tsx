import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { CssBaseline, useMediaQuery } from '@mui/material';
import { StyleCacheProvider } from './style-cache';
import { ThemeProvider } from './theme-provider';
import { selectThemeMode } from '../features/ui/ui-state';
import { arrivedFromAuthEmail, readStoredSessionUser } from '../lib/stored-session';
import { makeBootStore } from './boot-store';
import { useAppSelector } from './hooks';
import { StoreStatusContext, type StoreStatus, type StoreStatusValue } from './store-status';
import type { AppStore } from './store-types';
import { makeTheme, resolvePaletteMode } from './theme';

function AppThemeProvider({ children }: { children: ReactNode }) {
  const themeMode = useAppSelector(selectThemeMode);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const paletteMode = resolvePaletteMode(themeMode, prefersDark);
  const theme = useMemo(() => makeTheme(paletteMode), [paletteMode]);
  return (
    <StyleCacheProvider>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </StyleCacheProvider>
  );
}

export function Providers({
  store,
  storeStatus,
  children,
}: {
  store: AppStore;
  storeStatus?: StoreStatusValue;
  children: ReactNode;
}) {
  const loaded = useMemo<StoreStatusValue>(
    () => ({ status: 'ready', load: () => {}, ready: () => Promise.resolve(store) }),
    [store],
  );
  return (
    <ReduxProvider store={store}>
      <StoreStatusContext.Provider value={storeStatus ?? loaded}>
        <AppThemeProvider>
          <BrowserRouter>{children}</BrowserRouter>
        </AppThemeProvider>
      </StoreStatusContext.Provider>
    </ReduxProvider>
  );
}

/** Runs `task` once the page has loaded and the main thread is idle. */
function whenIdleAfterLoad(task: () => void): () => void {
  let handle: number | undefined;
  const idle = () => {
    if ('requestIdleCallback' in window)
      handle = window.requestIdleCallback(task, { timeout: 3000 });
    else task();
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    if (handle !== undefined) window.cancelIdleCallback(handle);
  };
}

const LINK_INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/** Runs `task` once a link is pointed at, touched or focused: the user is about to leave the page. */
function onLinkIntent(task: () => void): () => void {
  const stop = () => {
    for (const type of LINK_INTENT_EVENTS) document.removeEventListener(type, listener, true);
  };
  const listener = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest('a[href]')) return;
    stop();
    task();
  };
  for (const type of LINK_INTENT_EVENTS)
    document.addEventListener(type, listener, { capture: true, passive: true });
  return stop;
}

/**
 * A link from an auth email (sign-up confirmation, password reset) that landed here, e.g. where a
 * hosted project sends it to the site URL: its tokens or its error are in the URL, for supabase-js
 * (in the store) to take up.
 */
/**
 * When the store loads if no page has asked for it yet. A device with a saved session loads it
 * once the page is idle: the landing page's call to action depends on who is signed in, and that
 * user's queued writes should go out; so does a page opened from an auth email, whose session is
 * in the URL. A visitor's landing page needs nothing from it, so it loads when a link is about to
 * be followed (the next page then rarely waits), or when a page that needs it asks (StoreGate).
 * Returns the cleanup.
 */
function scheduleStoreLoad(load: () => void): () => void {
  return readStoredSessionUser() || arrivedFromAuthEmail()
    ? whenIdleAfterLoad(load)
    : onLinkIntent(load);
}

/** The app's store, once its saved state is back (the module loads once, however often asked). */
export const loadStoreInstance = () =>
  import('./store-instance').then((module) => module.storeReady);

/**
 * The app's providers with the store loaded after the first paint: the landing page needs neither
 * Redux Toolkit nor persistence to show, so they stay out of the first download. A page that needs
 * the store (StoreGate) asks for it at once; otherwise `scheduleStoreLoad` says when.
 */
export function DeferredProviders({
  children,
  loadStore = loadStoreInstance,
}: {
  children: ReactNode;
  /** Where the real store comes from (tests count the calls). */
  loadStore?: () => Promise<AppStore>;
}) {
  const [boot] = useState(makeBootStore);
  const [store, setStore] = useState<AppStore | null>(null);
  const [failed, setFailed] = useState(false);
  const pending = useRef<Promise<AppStore> | null>(null);
  const load = useCallback(() => {
    if (pending.current) return;
    const loading = loadStore().then((ready) => {
      boot.handOver(ready);
      // A transition: React re-renders the page for the real store in slices, between which
      // the browser stays responsive.
      startTransition(() => setStore(ready));
      return ready;
    });
    pending.current = loading;
    loading.catch((error: unknown) => {
      console.error('The app store failed to load', error);
      setFailed(true);
    });
  }, [boot, loadStore]);
  const ready = useCallback(() => {
    load();
    return pending.current as Promise<AppStore>;
  }, [load]);
  useEffect(() => scheduleStoreLoad(load), [load]);
  const status: StoreStatus = store ? 'ready' : failed ? 'failed' : 'loading';
  const value = useMemo(() => ({ status, load, ready }), [status, load, ready]);
  return (
    <Providers store={store ?? boot.store} storeStatus={value}>
      {children}
    </Providers>
  );
}
