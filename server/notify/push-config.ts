import type { RateLimit } from '../config.ts';
import { DEFAULT_PUSH_SERVICE_HOSTS } from './send-push.ts';

/** Web Push and notification settings of the embedded server (env: see README, "Configuration"). */
export interface NotifyConfig {
  /** VAPID key pair (base64url, as web-push makes them); generated and kept in the database when unset. */
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  /** Contact the push services may use: a mailto: or https: URL. */
  vapidSubject: string;
  /** Accept plain-http push endpoints on loopback (the tests' push service); never in production. */
  allowLoopbackEndpoints: boolean;
  /** Push service hosts the server posts to, subdomains included (PUSH_SERVICE_HOSTS). */
  pushServiceHosts: readonly string[];
  /** How long one push service request may take before it counts as failed. */
  pushTimeoutMs: number;
  /** How long a push service keeps an undelivered notification (the TTL header), in seconds. */
  pushTtlSeconds: number;
  /** "Send test notification" requests per user per window. */
  testRateLimit: RateLimit;
}

export const DEFAULT_NOTIFY_CONFIG: NotifyConfig = {
  vapidSubject: 'mailto:postbloom@localhost',
  allowLoopbackEndpoints: false,
  pushServiceHosts: DEFAULT_PUSH_SERVICE_HOSTS,
  pushTimeoutMs: 10_000,
  pushTtlSeconds: 24 * 3600,
  testRateLimit: { max: 5, windowMs: 60_000 },
};

export function notifyConfig(overrides: Partial<NotifyConfig> | undefined): NotifyConfig {
  return { ...DEFAULT_NOTIFY_CONFIG, ...overrides };
}
