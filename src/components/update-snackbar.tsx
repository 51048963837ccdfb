import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';

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

/** "A new version of Postbloom is available." with Reload, which hands over to the new version. */
export default function UpdateSnackbar() {
  return (
    <Snackbar
      open
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
