import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifyUser, type NotifyContext } from '../../server/notify/notify-user.ts';
import type { NotifyConfig } from '../../server/notify/push-config.ts';
import {
  startFakePushService,
  type FakePushService,
  type TestSubscription,
} from '../support/fake-push-service.ts';
import { mailTo } from './auth-helpers.ts';
import { startTestServer, type TestServer } from './harness.ts';

const NOTIFY: Partial<NotifyConfig> = {
  allowLoopbackEndpoints: true,
  pushTimeoutMs: 1500,
  vapidSubject: 'mailto:ops@postbloom.test',
  testRateLimit: { max: 3, windowMs: 60_000 },
};

let server: TestServer;
let push: FakePushService;
let ctx: NotifyContext;

beforeAll(async () => {
  push = await startFakePushService();
  server = await startTestServer({ notify: NOTIFY });
  ctx = { db: server.db, config: { notify: NOTIFY } };
});

afterAll(async () => {
  await server?.close();
  await push?.close();
});

async function subscribe(client: SupabaseClient, sub: TestSubscription) {
  const { data, error } = await client
    .from('push_subscriptions')
    .upsert(
      {
        endpoint: sub.endpoint,
        p256dh: sub.keys.p256dh,
        auth: sub.keys.auth,
        user_agent: 'api test',
      },
      { onConflict: 'user_id,endpoint' },
    )
    .select()
    .single();
  expect(error).toBeNull();
  return data as { id: string; user_id: string; endpoint: string; last_used_at: string | null };
}

async function setPreferences(
  client: SupabaseClient,
  userId: string,
  prefs: { email_notifications: boolean; push_notifications: boolean },
) {
  const { error } = await client
    .from('user_preferences')
    .upsert({ id: userId, user_id: userId, ...prefs });
  expect(error).toBeNull();
}

async function subscriptionRows(userId: string) {
  const { rows } = await server.db.query<{ endpoint: string; last_used_at: unknown }>(
    'select endpoint, last_used_at from public.push_subscriptions where user_id = $1',
    [userId],
  );
  return rows;
}

describe('push subscriptions table', () => {
  it('lets a user keep their own subscriptions and nobody else read or delete them', async () => {
    const alice = await server.signedInClient();
    const bob = await server.signedInClient();
    const sub = push.createSubscription();
    const row = await subscribe(alice.client, sub);
    expect(row.user_id).toBe(alice.userId);
    expect(row.last_used_at).toBeNull();

    const seen = await bob.client.from('push_subscriptions').select('id');
    expect(seen.error).toBeNull();
    expect(seen.data).toEqual([]);
    const deleted = await bob.client
      .from('push_subscriptions')
      .delete()
      .eq('id', row.id)
      .select('id');
    expect(deleted.data).toEqual([]);
    const stolen = await bob.client
      .from('push_subscriptions')
      .insert({ user_id: alice.userId, endpoint: `${sub.endpoint}x`, ...sub.keys });
    expect(stolen.error?.code).toBe('42501');
    const anon = await server.anonClient().from('push_subscriptions').select('id');
    expect(anon.data ?? []).toEqual([]);
    expect(await subscriptionRows(alice.userId)).toHaveLength(1);

    // Subscribing the same browser again keeps one row.
    const again = await subscribe(alice.client, sub);
    expect(again.id).toBe(row.id);
    const own = await alice.client.from('push_subscriptions').delete().eq('id', row.id).select();
    expect(own.data).toHaveLength(1);
    expect(await subscriptionRows(alice.userId)).toHaveLength(0);
  });

  it('takes only https endpoints (loopback http when the server allows it) and bounded keys', async () => {
    const { client } = await server.signedInClient();
    const sub = push.createSubscription();
    const insert = (values: Record<string, string>) =>
      client.from('push_subscriptions').insert({ ...sub.keys, endpoint: sub.endpoint, ...values });

    for (const endpoint of [
      'http://push.example.com/send/abc',
      'ftp://push.example.com/abc',
      'https://push.example.com',
      `https://push.example.com/${'a'.repeat(2100)}`,
      'https://push.example.com/has space',
    ]) {
      const { error } = await insert({ endpoint });
      expect(error, endpoint).not.toBeNull();
      expect(['22023', '23514']).toContain(error!.code);
    }
    expect((await insert({ p256dh: 'not-a-key' })).error?.code).toBe('23514');
    expect((await insert({ auth: 'x'.repeat(40) })).error?.code).toBe('23514');
    expect((await insert({ user_agent: 'u'.repeat(600) })).error?.code).toBe('23514');
    expect((await insert({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def' })).error).toBe(
      null,
    );

    // A server not told to accept loopback endpoints refuses the fake push service's.
    const strict = await startTestServer();
    try {
      const other = await strict.signedInClient();
      const { error } = await other.client
        .from('push_subscriptions')
        .insert({ endpoint: sub.endpoint, ...sub.keys });
      expect(error?.code).toBe('22023');
      expect(error?.message).toBe('push subscription endpoint must be an https URL');
    } finally {
      await strict.close();
    }
  });
});

describe('notifyUser', () => {
  it('sends email and an encrypted, VAPID-signed push by default (no saved preferences)', async () => {
    const { client, userId, email } = await server.signedInClient();
    const sub = push.createSubscription();
    await subscribe(client, sub);

    const result = await notifyUser(ctx, userId, {
      title: 'Post published',
      body: 'Your post is live on Facebook.',
      url: '/calendar',
    });
    expect(result).toEqual({
      email: 'sent',
      push: { enabled: true, delivered: 1, removed: 0, failed: 0 },
    });

    const mails = await mailTo(server, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Post published', recipient: email });
    expect(mails[0]!.body).toContain('Your post is live on Facebook.');

    const received = await push.waitForPush(sub.id);
    expect(received.contentEncoding).toBe('aes128gcm');
    expect(received.ttl).toBeGreaterThan(0);
    expect(received.vapid.claims).toMatchObject({
      aud: push.url,
      sub: 'mailto:ops@postbloom.test',
    });
    expect(JSON.parse(sub.decrypt(received.body))).toEqual({
      title: 'Post published',
      body: 'Your post is live on Facebook.',
      url: '/calendar',
    });
    // The key the app subscribes with is the one the pushes are signed with.
    const res = await fetch(`${server.url}/functions/v1/notifications/vapid-public-key`, {
      headers: { Authorization: `Bearer ${server.keys.anonKey}`, apikey: server.keys.anonKey },
    });
    expect(await res.json()).toEqual({ publicKey: received.vapid.publicKey });
    const [row] = await subscriptionRows(userId);
    expect(row!.last_used_at).not.toBeNull();
  });

  it('honours the saved preferences for email and push', async () => {
    const { client, userId, email } = await server.signedInClient();
    const sub = push.createSubscription();
    await subscribe(client, sub);

    await setPreferences(client, userId, { email_notifications: false, push_notifications: true });
    const pushOnly = await notifyUser(ctx, userId, { title: 'One', body: 'push only' });
    expect(pushOnly.email).toBe('off');
    expect(pushOnly.push.delivered).toBe(1);
    expect(await mailTo(server, email)).toEqual([]);

    await setPreferences(client, userId, { email_notifications: true, push_notifications: false });
    const before = push.received.filter((p) => p.subscriptionId === sub.id).length;
    const emailOnly = await notifyUser(ctx, userId, { title: 'Two', body: 'email only' });
    expect(emailOnly).toEqual({
      email: 'sent',
      push: { enabled: false, delivered: 0, removed: 0, failed: 0 },
    });
    expect((await mailTo(server, email)).map((m) => m.subject)).toEqual(['Two']);
    expect(push.received.filter((p) => p.subscriptionId === sub.id)).toHaveLength(before);
  });

  it('forgets a subscription the push service says is gone (410, 404)', async () => {
    const { client, userId } = await server.signedInClient();
    const gone = push.createSubscription();
    const missing = push.createSubscription();
    const fine = push.createSubscription();
    for (const s of [gone, missing, fine]) await subscribe(client, s);
    push.setMode('gone', gone.id);
    push.setMode('not-found', missing.id);

    const result = await notifyUser(ctx, userId, { title: 'Hello', body: 'there' });
    expect(result.push).toEqual({ enabled: true, delivered: 1, removed: 2, failed: 0 });
    expect((await subscriptionRows(userId)).map((r) => r.endpoint)).toEqual([fine.endpoint]);
  });

  it('keeps the subscription and does not throw on 429, 500 or no answer', async () => {
    const { client, userId } = await server.signedInClient();
    const limited = push.createSubscription();
    const broken = push.createSubscription();
    const silent = push.createSubscription();
    for (const s of [limited, broken, silent]) await subscribe(client, s);
    push.setMode('rate-limit', limited.id);
    push.setMode('error', broken.id);
    push.setMode('hang', silent.id);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const started = Date.now();
      const result = await notifyUser(ctx, userId, { title: 'Hello', body: 'there' });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(result.push).toEqual({ enabled: true, delivered: 0, removed: 0, failed: 3 });
      const logged = warn.mock.calls.map((args) => String(args[0])).join('\n');
      expect(logged).toContain('answered 429');
      expect(logged).toContain('retry after 30');
      expect(logged).toContain('answered 500');
      expect(logged).toContain('no answer within 1500 ms');
      // Endpoints identify the browser and keys decrypt its messages: neither is logged.
      for (const s of [limited, broken, silent]) {
        expect(logged).not.toContain(s.id);
        expect(logged).not.toContain(s.keys.auth);
      }
    } finally {
      warn.mockRestore();
    }
    expect(await subscriptionRows(userId)).toHaveLength(3);
  });
});

describe('POST /functions/v1/notifications/test', () => {
  const send = (token: string | null) =>
    fetch(`${server.url}/functions/v1/notifications/test`, {
      method: 'POST',
      headers: {
        apikey: server.keys.anonKey,
        Origin: 'http://localhost:5173',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });

  it('needs a signed-in user', async () => {
    const none = await send(null);
    expect(none.status).toBe(401);
    const anon = await send(server.keys.anonKey);
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({
      code: 'not_signed_in',
      message: 'Sign in to send yourself a test notification',
    });
    expect((await send('not-a-jwt')).status).toBe(401);
  });

  it('notifies the caller through their channels, a few times a minute at most', async () => {
    const { client, userId, email, accessToken } = await server.signedInClient();
    const sub = push.createSubscription();
    await subscribe(client, sub);

    const res = await send(accessToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      email: 'sent',
      push: { enabled: true, delivered: 1, removed: 0, failed: 0 },
    });
    const payload = JSON.parse(sub.decrypt((await push.waitForPush(sub.id)).body));
    expect(payload).toEqual({
      title: 'Test notification',
      body: 'Postbloom notifications reach you here.',
      url: '/settings',
    });
    const [mail] = await mailTo(server, email);
    expect(mail).toMatchObject({
      subject: 'Test notification',
      link: 'http://localhost:5173/settings',
    });

    expect((await send(accessToken)).status).toBe(200);
    expect((await send(accessToken)).status).toBe(200);
    const limited = await send(accessToken);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ code: 'over_notification_rate_limit' });

    // Another user has their own allowance.
    const other = await server.signedInClient();
    expect((await send(other.accessToken)).status).toBe(200);
    expect(userId).not.toBe(other.userId);
  });
});
