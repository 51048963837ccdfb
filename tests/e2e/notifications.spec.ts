import { expect, test, type Page } from '@playwright/test';
import { startFakePushService, type FakePushService } from '../support/fake-push-service';
import { signInReadyUser } from './compose-support';
import { horizontalOverflow, localConfig, waitForServiceWorkerControl } from './support';

// Chromium cannot register with a real push service here: PushManager.subscribe answers with a
// subscription on the fake push service (keys made by the test, as the browser would make them).
// Everything else is real: permission, the app, the server's encryption and VAPID signature, and
// the service worker that shows the pushed notice.

let push: FakePushService;

test.beforeAll(async () => {
  push = await startFakePushService();
});

test.afterAll(async () => {
  await push?.close();
});

async function openNotificationsTab(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('switch', { name: 'Email notifications' })).toBeVisible();
}

test('push on: permission, a subscription on the server, a test notice shown by the service worker; saved toggles survive a reload', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(['notifications']);
  const subscription = push.createSubscription();
  await page.addInitScript(({ endpoint, keys }) => {
    // Kept per tab, so a reload finds the subscription again as a real browser would.
    const STORE = 'fake-push-subscription-key';
    const fromBase64 = (value: string) => Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
    const make = (key: Uint8Array) => ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: key.slice().buffer },
      getKey: (name: 'p256dh' | 'auth') =>
        fromBase64(keys[name].replace(/-/g, '+').replace(/_/g, '/')).buffer,
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        sessionStorage.removeItem(STORE);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options!.applicationServerKey as Uint8Array);
      sessionStorage.setItem(STORE, btoa(String.fromCharCode(...key)));
      return make(key) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const stored = sessionStorage.getItem(STORE);
      return stored ? (make(fromBase64(stored)) as unknown as PushSubscription) : null;
    };
  }, subscription);

  const user = await signInReadyUser(page, request);
  await waitForServiceWorkerControl(page);
  await openNotificationsTab(page);

  const pushSwitch = page.getByRole('switch', { name: 'Push notifications' });
  const marketing = page.getByRole('switch', { name: 'Marketing emails' });
  const save = page.getByRole('button', { name: 'Save Preferences' });
  await expect(page.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
  await expect(pushSwitch).toBeChecked();
  await expect(marketing).not.toBeChecked();
  await expect(save).toBeDisabled();
  await expect(page.getByText('This browser does not receive them yet.')).toBeVisible();

  // Off and on again: turning push on subscribes this browser.
  await pushSwitch.click();
  await expect(pushSwitch).not.toBeChecked();
  await pushSwitch.click();
  await expect(pushSwitch).toBeChecked();
  await expect(page.getByText('This browser receives push notifications.')).toBeVisible();
  await marketing.click();
  await save.click();
  await expect(page.getByText('Notification preferences saved.')).toBeVisible();
  await expect(save).toBeDisabled();

  const { url, anonKey } = await localConfig(request);
  const rows = await request.get(`${url}/rest/v1/push_subscriptions?select=endpoint,p256dh,auth`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${user.accessToken}` },
  });
  expect(await rows.json()).toEqual([
    {
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
    },
  ]);

  await page.getByRole('button', { name: 'Send test notification' }).click();
  await expect(page.getByText('Test notification sent by email and to 1 browser.')).toBeVisible();
  const received = await push.waitForPush(subscription.id);
  const payload = subscription.decrypt(received.body);
  expect(JSON.parse(payload)).toEqual({
    title: 'Test notification',
    body: 'Postbloom notifications reach you here.',
    url: '/settings',
  });

  // What the push service would now deliver to the browser, handed to the real service worker
  // once it runs (a push to a worker that is still starting can be lost by the DevTools call).
  const cdp = await context.newCDPSession(page);
  let registrationId: string | null = null;
  let running = false;
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
    if (ours) registrationId = ours.registrationId;
  });
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    running = versions.some(
      (v) =>
        v.registrationId === registrationId &&
        v.status === 'activated' &&
        v.runningStatus === 'running',
    );
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrationId).not.toBeNull();
  await cdp.send('ServiceWorker.startWorker', { scopeURL: `${baseURL}/` });
  await expect.poll(() => running).toBe(true);
  const shownNotifications = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const shown = await registration.getNotifications();
      // The same notice delivered twice (see below) is one notice to the user.
      const unique = new Map(
        shown.map((n) => [`${n.title}\n${n.body}\n${n.data?.url}`, n] as const),
      );
      return [...unique.values()].map((n) => ({ title: n.title, body: n.body, url: n.data?.url }));
    });
  // DevTools can drop a delivery when the worker stops in between (it is idle): while nothing
  // is shown, the worker is started and the message delivered again.
  await expect(async () => {
    if ((await shownNotifications()).length === 0) {
      await cdp.send('ServiceWorker.startWorker', { scopeURL: `${baseURL}/` });
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseURL!,
        registrationId: registrationId!,
        data: payload,
      });
    }
    await expect.poll(shownNotifications, { timeout: 4000 }).toEqual([
      {
        title: 'Test notification',
        body: 'Postbloom notifications reach you here.',
        url: `${baseURL}/settings`,
      },
    ]);
  }).toPass({ timeout: 20_000 });

  await page.reload();
  await openNotificationsTab(page);
  await expect(marketing).toBeChecked();
  await expect(pushSwitch).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
  await expect(page.getByText('This browser receives push notifications.')).toBeVisible();
});

test('push off, saved: the subscription leaves this browser and the server', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['notifications']);
  const subscription = push.createSubscription();
  await page.addInitScript(({ endpoint, keys }) => {
    let key: ArrayBuffer | null = null;
    const make = () => ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: key },
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        key = null;
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      key = new Uint8Array(options!.applicationServerKey as Uint8Array).slice().buffer;
      return make() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return key ? (make() as unknown as PushSubscription) : null;
    };
  }, subscription);

  const user = await signInReadyUser(page, request);
  await waitForServiceWorkerControl(page);
  await openNotificationsTab(page);
  // A phone's width: the switches, their notes and the buttons wrap instead of overflowing.
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(page.getByText('This browser does not receive them yet.')).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Turn on in this browser' }).click();
  await expect(page.getByText('This browser receives push notifications.')).toBeVisible();

  const { url, anonKey } = await localConfig(request);
  const endpoints = async () => {
    const res = await request.get(`${url}/rest/v1/push_subscriptions?select=endpoint`, {
      headers: { apikey: anonKey, Authorization: `Bearer ${user.accessToken}` },
    });
    return ((await res.json()) as { endpoint: string }[]).map((r) => r.endpoint);
  };
  expect(await endpoints()).toEqual([subscription.endpoint]);

  await page.getByRole('switch', { name: 'Push notifications' }).click();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Notification preferences saved.')).toBeVisible();
  expect(await endpoints()).toEqual([]);
  await expect(page.getByRole('switch', { name: 'Push notifications' })).not.toBeChecked();
});
