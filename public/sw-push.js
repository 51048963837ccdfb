/* Web Push in the app's service worker (loaded by the generated worker with importScripts).
   The server sends {title, body, url}; see docs/notifications.md. */

const DEFAULT_TITLE = 'Postbloom';
const ICON = '/icons/icon-192.png';

/** Only a page of this app may be opened from a notification. */
function appUrl(value) {
  try {
    const url = new URL(typeof value === 'string' ? value : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

function readMessage(data) {
  if (!data) return {};
  try {
    const message = data.json();
    return message && typeof message === 'object' ? message : {};
  } catch {
    // A push that is not our JSON still tells the user something happened.
    return { body: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  const title = typeof message.title === 'string' && message.title ? message.title : DEFAULT_TITLE;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      icon: ICON,
      badge: ICON,
      data: { url: appUrl(message.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = appUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((client) => client.url === target);
      if (same) return same.focus();
      const any = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (any && 'navigate' in any) {
        await any.focus();
        return any.navigate(target);
      }
      return self.clients.openWindow(target);
    })(),
  );
});
