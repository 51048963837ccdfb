import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../config.ts';
import { endpointAllowed } from './send-push.ts';

describe('notification settings from the environment', () => {
  it('takes a VAPID key pair only whole, and a mailto: or https: subject', () => {
    const keys = webpush.generateVAPIDKeys();
    const config = parseEnv({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://postbloom.example/contact',
      PUSH_TIMEOUT_MS: '2500',
    });
    expect(config.notify).toMatchObject({
      vapidPublicKey: keys.publicKey,
      vapidPrivateKey: keys.privateKey,
      vapidSubject: 'https://postbloom.example/contact',
      allowLoopbackEndpoints: false,
      pushTimeoutMs: 2500,
      testRateLimit: { max: 5, windowMs: 60_000 },
    });
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/set both or neither/);
    expect(() => parseEnv({ VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(() =>
      parseEnv({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: keys.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY must be a base64url P-256 public key/);
    expect(parseEnv({}).notify).toMatchObject({ vapidSubject: 'mailto:postbloom@localhost' });
  });
});

describe('endpointAllowed', () => {
  it('allows https, and http only on loopback when told to', () => {
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
    expect(endpointAllowed('http://127.0.0.1:8080/push/abc', false)).toBe(false);
    expect(endpointAllowed('http://127.0.0.1:8080/push/abc', true)).toBe(true);
    expect(endpointAllowed('http://localhost/push/abc', true)).toBe(true);
    expect(endpointAllowed('http://10.0.0.5/push/abc', true)).toBe(false);
    expect(endpointAllowed('https://user:pass@push.example.com/abc', false)).toBe(false);
    expect(endpointAllowed('not a url', true)).toBe(false);
  });

  it('posts over https only to the browsers’ push services, or the hosts configured', () => {
    for (const endpoint of [
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGz',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
    ])
      expect(endpointAllowed(endpoint, false), endpoint).toBe(true);
    for (const endpoint of [
      'https://push.example.com/abc',
      'https://169.254.169.254/latest/meta-data',
      'https://internal-admin.local/reset',
      'https://fcm.googleapis.com.evil.example/abc',
      'https://notfcm.googleapis.com/abc',
    ])
      expect(endpointAllowed(endpoint, false), endpoint).toBe(false);
    expect(endpointAllowed('https://push.example.com/abc', false, ['example.com'])).toBe(true);
    expect(
      parseEnv({ PUSH_SERVICE_HOSTS: ' Push.Example.com, fcm.googleapis.com ' }).notify,
    ).toMatchObject({ pushServiceHosts: ['push.example.com', 'fcm.googleapis.com'] });
    expect(parseEnv({}).notify?.pushServiceHosts).toBeUndefined();
    expect(() => parseEnv({ PUSH_SERVICE_HOSTS: ' , ' })).toThrow(/PUSH_SERVICE_HOSTS/);
    expect(() => parseEnv({ PUSH_SERVICE_HOSTS: 'evil.example/path' })).toThrow();
  });
});
