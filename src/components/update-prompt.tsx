import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { Workbox } from 'workbox-window';
import { whenQuiet } from '../lib/when-quiet';

// The prompt's look (MUI's Snackbar and its transition) is fetched once there is an update to
// offer, not with every page. This version's precache holds it; should it still not load, the
// page goes on without the prompt rather than failing.
const UpdateSnackbar = lazy((): Promise<{ default: ComponentType }> =>
  import('./update-snackbar').catch((error: unknown) => {
    console.warn('The update prompt could not load', error);
    return { default: () => null };
  }),
);

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

// One registration per page: the prompt may be mounted more than once (StrictMode, remounts),
// and a "waiting" event that fired while it was unmounted must still show the prompt later.
let workbox: Workbox | undefined;
let updateWaiting = false;
const listeners = new Set<() => void>();

function setUpdateWaiting(value: boolean) {
  updateWaiting = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot() {
  return updateWaiting;
}

function getServerSnapshot() {
  return false;
}

function registerServiceWorker(): Workbox | undefined {
  if (workbox) return workbox;
  // The worker only exists in production builds; in development Vite serves modules unbundled.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined;
  workbox = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  workbox.addEventListener('waiting', () => setUpdateWaiting(true));
  const wb = workbox;
  // Once the page has started and gone quiet: a first visit's worker downloads the whole app, two
  // hundred files, which on a phone would compete with the page's own start-up for the network and
  // the CPU. It still installs within seconds, and a page it does not control works as well.
  whenQuiet(() => {
    void wb.register({ immediate: true }).catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  });
  // A tab left open for days would otherwise only learn about a release on its next navigation.
  window.setInterval(() => {
    if (navigator.onLine && document.visibilityState === 'visible')
      void wb.update().catch(() => {});
  }, UPDATE_CHECK_INTERVAL_MS);
  return workbox;
}

export default function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);

  useEffect(() => {
    registerServiceWorker();
  }, []);

  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdateSnackbar />
    </Suspense>
  );
}
