import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uniqueEmail } from '../../../tests/api/harness';
import { makeStore } from '../../app/store';
import { withEmbeddedBackend } from '../../testing/embedded-backend';
import { sessionEnded } from '../auth';
import { disablePush, enablePush, pushSupport } from './web-push';

const backend = withEmbeddedBackend();
let client: SupabaseClient;

beforeEach(async () => {
  client = await backend.connect();
  const { error } = await client.auth.signUp({
    email: uniqueEmail('push'),
    password: 'bloom-Secret-1',
  });
  expect(error).toBeNull();
});

/** What PushManager.subscribe hands back: an https endpoint and this browser's keys. */
function fakeBrowserSubscription(applicationServerKey: Uint8Array) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const endpoint = `https://push.example.com/send/${randomUUID()}`;
  const keys = {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  return {
    endpoint,
    options: { applicationServerKey: applicationServerKey.buffer },
    toJSON: () => ({ endpoint, keys }),
    unsubscribe: vi.fn(async () => true),
  };
}

type FakeSubscription = ReturnType<typeof fakeBrowserSubscription>;

/** The browser APIs push needs, as small doubles; the user answers the prompt with `answer`. */
function browserWithPush(answer: NotificationPermission) {
  let current: FakeSubscription | null = null;
  const requestPermission = vi.fn(async () => answer);
  const subscribe = vi.fn(
    async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      current = fakeBrowserSubscription(options.applicationServerKey);
      return current;
    },
  );
  const notification = { permission: 'default' as NotificationPermission, requestPermission };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('window', {
    isSecureContext: true,
    PushManager: function PushManager() {},
    Notification: notification,
  });
  vi.stubGlobal('navigator', {
    userAgent: 'PushTest/1.0',
    serviceWorker: {
      ready: Promise.resolve({
        pushManager: { getSubscription: async () => current, subscribe },
      }),
    },
  });
  return { requestPermission, subscribe, current: () => current };
}

async function storedRows() {
  const { data, error } = await client.from('push_subscriptions').select('endpoint, user_agent');
  expect(error).toBeNull();
  return data ?? [];
}

describe('push in this browser', () => {
  it('is unsupported without the Push API', async () => {
    vi.stubGlobal('window', { isSecureContext: true });
    vi.stubGlobal('navigator', { userAgent: 'Old/1.0' });
    expect(pushSupport()).toBe('unsupported');
    expect(await enablePush()).toEqual({ status: 'unsupported' });
  });

  it('asks for permission, subscribes with the server’s key and keeps the subscription on the server', async () => {
    const browser = browserWithPush('granted');
    const outcome = await enablePush();
    const subscription = browser.current()!;
    expect(outcome).toEqual({ status: 'subscribed', endpoint: subscription.endpoint });
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    const { data } = await client.functions.invoke<{ publicKey: string }>(
      'notifications/vapid-public-key',
      { method: 'GET' },
    );
    expect(Buffer.from(options.applicationServerKey).toString('base64url')).toBe(data!.publicKey);
    expect(await storedRows()).toEqual([
      { endpoint: subscription.endpoint, user_agent: 'PushTest/1.0' },
    ]);

    // Turning it on again reuses the subscription and keeps one row.
    await enablePush();
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    expect(await storedRows()).toHaveLength(1);

    await disablePush();
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(await storedRows()).toEqual([]);
  });

  it('ends this browser’s subscription when the session ends (a shared computer)', async () => {
    const browser = browserWithPush('granted');
    await enablePush();
    const subscription = browser.current()!;
    makeStore().dispatch(sessionEnded());
    await vi.waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalledTimes(1));
  });

  it('subscribes nothing when the user blocks notifications', async () => {
    const browser = browserWithPush('denied');
    expect(await enablePush()).toEqual({ status: 'denied' });
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(await storedRows()).toEqual([]);
  });
});
