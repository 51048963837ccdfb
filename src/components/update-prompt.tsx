import { useEffect, useSyncExternalStore } from 'react';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { Workbox } from 'workbox-window';

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
  void workbox.register().catch((error: unknown) => {
    console.warn('Service worker registration failed', error);
  });
  // A tab left open for days would otherwise only learn about a release on its next navigation.
  const wb = workbox;
  window.setInterval(() => {
    if (navigator.onLine && document.visibilityState === 'visible')
      void wb.update().catch(() => {});
  }, UPDATE_CHECK_INTERVAL_MS);
  return workbox;
}

function activateWaitingWorker() {
  if (!('serviceWorker' in navigator)) {
    window.location.reload();
    return;
  }
  // Straight to the registration, not through the Workbox object: it is the browser's own record of
  // the waiting worker, whatever the Workbox object has or has not seen yet. Reload once the new
  // worker has taken over, so the page loads the new precache.
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  void navigator.serviceWorker.getRegistration().then(
    (registration) => {
      const waiting = registration?.waiting;
      if (waiting) waiting.postMessage({ type: 'SKIP_WAITING' });
      else window.location.reload(); // already active: a reload picks it up
    },
    () => window.location.reload(),
  );
}

export default function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);

  useEffect(() => {
    registerServiceWorker();
  }, []);

  return (
    <Snackbar
      open={waiting}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message="A new version of Postbloom is available."
      action={
        <Button
          color="inherit"
          size="small"
          sx={{ fontWeight: 700 }}
          onClick={activateWaitingWorker}
        >
          Reload
        </Button>
      }
    />
  );
}
