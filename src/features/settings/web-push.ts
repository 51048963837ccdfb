import { getSupabase } from '../../lib/supabase';

/** What the server keeps of one browser's subscription (public.push_subscriptions). */
export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushSupport = 'supported' | 'unsupported';

export type EnableOutcome =
  { status: 'subscribed'; endpoint: string } | { status: 'denied' } | { status: 'unsupported' };

// The service worker is registered at start-up; a page without one (dev server) never gets ready.
const WORKER_READY_TIMEOUT_MS = 10_000;

/** Push needs a service worker, the Push API and notifications: in a secure context, all three. */
export function pushSupport(): PushSupport {
  return typeof window !== 'undefined' &&
    window.isSecureContext !== false &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
    ? 'supported'
    : 'unsupported';
}

export function notificationPermission(): NotificationPermission {
  return pushSupport() === 'supported' ? Notification.permission : 'default';
}

async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's current subscription, or null (none, or no push here). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await workerRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function storedSubscription(subscription: PushSubscription): StoredSubscription {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) throw new Error('The push subscription has no keys');
  return { endpoint: json.endpoint, p256dh, auth };
}

/** The server's VAPID public key: pushes to this browser must be signed with its private half. */
export async function fetchVapidPublicKey(): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.functions.invoke<{ publicKey?: unknown }>(
    'notifications/vapid-public-key',
    { method: 'GET' },
  );
  if (error) throw error;
  if (typeof data?.publicKey !== 'string') throw new Error('The server sent no push key');
  return data.publicKey;
}

async function saveSubscription(subscription: StoredSubscription): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('push_subscriptions').upsert(
    {
      ...subscription,
      user_agent: navigator.userAgent.slice(0, 512),
    },
    { onConflict: 'user_id,endpoint' },
  );
  if (error) throw error;
}

async function deleteSubscription(endpoint: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('push_subscriptions').delete().eq('endpoint', endpoint);
  if (error) throw error;
}

/**
 * Asks for permission (call it from a click: browsers ignore the request otherwise), subscribes
 * this browser with the server's key and keeps the subscription on the server.
 */
export async function enablePush(): Promise<EnableOutcome> {
  if (pushSupport() !== 'supported') return { status: 'unsupported' };
  const permission =
    Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return { status: 'denied' };
  const registration = await workerRegistration();
  if (!registration) return { status: 'unsupported' };
  const publicKey = await fetchVapidPublicKey();
  let subscription = await registration.pushManager.getSubscription();
  const key = subscription?.options.applicationServerKey;
  const wanted = base64UrlToBytes(publicKey);
  // One made with another server key (the server's keys changed) cannot be used any more.
  if (subscription && key && !sameBytes(new Uint8Array(key), wanted)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: wanted,
  });
  const stored = storedSubscription(subscription);
  await saveSubscription(stored);
  return { status: 'subscribed', endpoint: stored.endpoint };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Forgets this browser's subscription, on the server first so nothing is sent to a dead one. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await deleteSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}

export interface TestNotificationResult {
  email: 'sent' | 'off' | 'no-address';
  push: { enabled: boolean; delivered: number; removed: number; failed: number };
}

export class TestNotificationError extends Error {}

/** Asks the server to notify the signed-in user through their saved channels. */
export async function sendTestNotification(): Promise<TestNotificationResult> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.functions.invoke<TestNotificationResult>(
    'notifications/test',
    { method: 'POST' },
  );
  if (error) {
    const context = (error as { context?: unknown }).context;
    if (context instanceof Response && context.status === 429) {
      const body = (await context.json().catch(() => null)) as { message?: unknown } | null;
      throw new TestNotificationError(
        typeof body?.message === 'string' ? body.message : 'Too many test notifications',
      );
    }
    throw error;
  }
  if (!data) throw new Error('The server sent no answer');
  return data;
}

/**
 * On sign-out this browser stops receiving the account's pushes (a shared computer must not show
 * the last user's notices). Unsubscribing ends the endpoint: the push service answers 410 to the
 * next send and the server deletes the row then, so no session is needed here.
 */
export async function unsubscribeThisBrowser(): Promise<void> {
  const subscription = await currentSubscription();
  await subscription?.unsubscribe();
}
