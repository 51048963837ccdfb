// @vitest-environment jsdom
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen } from '@testing-library/react';
import { openAppDb, setAppDb, type AppDb, type UserPreferencesRecord } from '../../lib/db';
import { syncRowsChanged } from '../../lib/sync/events';
import { ada, renderApp, setUpAppTests, signedIn } from '../../testing/app-test-support';
import { loadPreferences, selectPreferences } from '../preferences';
import {
  notificationLabels,
  notificationMessages,
  testResultNotice,
} from './notification-settings';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

setUpAppTests();

let db: AppDb;
let name: string;

beforeEach(() => {
  name = `notification-settings-test-${crypto.randomUUID()}`;
  db = openAppDb(name);
  setAppDb(db);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setAppDb(undefined);
  db.close();
  await Dexie.delete(name);
});

async function openNotifications() {
  const rendered = renderApp('/settings', signedIn, { tab: 'notifications' });
  // What the sync engine's local reader does at sign-in.
  await act(() => rendered.store.dispatch(loadPreferences(ada.id, db)));
  await screen.findByRole('switch', { name: notificationLabels.email });
  return rendered;
}

const toggle = (label: string) => screen.getByRole('switch', { name: label });
const saveButton = () => screen.getByRole('button', { name: notificationLabels.save });

/** A browser with the Push API whose user answers the permission prompt with `answer`. */
function browserAskingPermission(answer: NotificationPermission) {
  const requestPermission = vi.fn(async () => answer);
  const subscribe = vi.fn();
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission: 'default', requestPermission }),
  );
  vi.stubGlobal('PushManager', function PushManager() {});
  const registration = { pushManager: { getSubscription: async () => null, subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  });
  return { requestPermission, subscribe };
}

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('notification settings', () => {
  it('shows the spec’s defaults and saves changes through the outbox', async () => {
    const { store, user } = await openNotifications();
    expect(toggle(notificationLabels.email)).toBeChecked();
    expect(toggle(notificationLabels.push)).toBeChecked();
    expect(toggle(notificationLabels.marketing)).not.toBeChecked();
    expect(saveButton()).toBeDisabled();

    await user.click(toggle(notificationLabels.marketing));
    await user.click(toggle(notificationLabels.email));
    expect(saveButton()).toBeEnabled();
    // Nothing is saved before Save Preferences.
    expect(await db.outbox.count()).toBe(0);
    // Unsaved changes would not be what the server uses for a test.
    expect(screen.getByRole('button', { name: notificationLabels.test })).toBeDisabled();

    await user.click(saveButton());
    expect(await screen.findByText(notificationMessages.saved)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    expect(selectPreferences(store.getState())).toMatchObject({
      emailNotifications: false,
      pushNotifications: true,
      marketingEmails: true,
    });
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.entity, e.entityId])).toEqual([['user_preferences', ada.id]]);
    expect(entries[0]!.data).toMatchObject({
      email_notifications: false,
      push_notifications: true,
      marketing_emails: true,
    });
    expect(await db.userPreferences.get(ada.id)).toMatchObject({ marketingEmails: true });
  });

  it('follows preferences synced from another device while nothing is being edited', async () => {
    const { store } = await openNotifications();
    const row = {
      id: ada.id,
      userId: ada.id,
      emailNotifications: false,
      pushNotifications: false,
      marketingEmails: true,
      theme: 'system',
      language: 'en-US',
      timeZone: null,
      version: 3,
      updatedAt: new Date().toISOString(),
    } as UserPreferencesRecord;
    act(() => {
      store.dispatch(syncRowsChanged({ entity: 'user_preferences', upserted: [row], removed: [] }));
    });
    expect(toggle(notificationLabels.email)).not.toBeChecked();
    expect(toggle(notificationLabels.marketing)).toBeChecked();
    expect(saveButton()).toBeDisabled();
  });

  it('says push is not supported in a browser without the Push API', async () => {
    await openNotifications();
    expect(toggle(notificationLabels.push)).toBeDisabled();
    expect(toggle(notificationLabels.push)).toHaveAccessibleDescription(
      notificationMessages.pushUnsupported,
    );
  });

  it('keeps push off and explains when the user blocks notifications', async () => {
    const browser = browserAskingPermission('denied');
    const { user } = await openNotifications();
    await user.click(toggle(notificationLabels.push));
    expect(toggle(notificationLabels.push)).not.toBeChecked();

    await user.click(toggle(notificationLabels.push));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(notificationMessages.pushDenied)).toBeInTheDocument();
    expect(toggle(notificationLabels.push)).not.toBeChecked();
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('words the test notification’s outcome', () => {
    const push = { enabled: true, delivered: 0, removed: 0, failed: 0 };
    expect(testResultNotice({ email: 'sent', push: { ...push, delivered: 2 } }).text).toBe(
      'Test notification sent by email and to 2 browsers.',
    );
    expect(testResultNotice({ email: 'off', push: { ...push, delivered: 1 } }).text).toBe(
      'Test notification sent to 1 browser.',
    );
    expect(testResultNotice({ email: 'off', push: { ...push, enabled: false } }).text).toBe(
      notificationMessages.testNothingOn,
    );
    expect(testResultNotice({ email: 'off', push: { ...push, failed: 1 } })).toMatchObject({
      severity: 'warning',
      text: notificationMessages.testPushRefused,
    });
    expect(testResultNotice({ email: 'off', push }).text).toBe(notificationMessages.testNoChannel);
  });
});
