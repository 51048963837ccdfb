import webpush from 'web-push';
import type { VapidKeys } from './vapid.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushOutcome =
  | { kind: 'delivered'; status: number }
  /** The push service no longer knows the subscription (404/410): it should be forgotten. */
  | { kind: 'gone'; status: number }
  /** Anything else (429, 5xx, a timeout, a refused connection): kept, and tried next time. */
  | { kind: 'failed'; status: number | null; reason: string; retryAfter?: string };

export interface SendOptions {
  ttlSeconds: number;
  timeoutMs: number;
  allowLoopbackEndpoints: boolean;
  /** Push service hosts the server posts to (subdomains included). */
  pushServiceHosts?: readonly string[];
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The browsers' push services (Chrome and other Chromium browsers, Firefox, Safari, Edge). The
 * server posts only to these, so a subscription naming any other host cannot make it call an
 * address of the user's choosing (an internal service, say).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
];

/** A host is allowed when it is one of `hosts` or a subdomain of one. */
function hostAllowed(hostname: string, hosts: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/**
 * https to a known push service, or http on loopback when allowed (the tests' push service). The
 * push_subscriptions trigger accepts any https endpoint; this is what the server will post to.
 */
export function endpointAllowed(
  endpoint: string,
  allowLoopback: boolean,
  hosts: readonly string[] = DEFAULT_PUSH_SERVICE_HOSTS,
): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return hostAllowed(url.hostname, hosts);
  return allowLoopback && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * One Web Push message (RFC 8030) to one subscription: web-push encrypts the payload (RFC 8291,
 * aes128gcm) and signs the VAPID JWT (RFC 8292); the request itself goes through fetch so it can
 * be bounded in time, never follows a redirect, and can reach the tests' loopback push service.
 */
export async function sendPush(
  target: PushTarget,
  payload: string,
  vapid: VapidKeys,
  options: SendOptions,
): Promise<PushOutcome> {
  if (!endpointAllowed(target.endpoint, options.allowLoopbackEndpoints, options.pushServiceHosts))
    return { kind: 'failed', status: null, reason: 'endpoint not allowed' };
  let details;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: vapid,
        TTL: options.ttlSeconds,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
  } catch (e) {
    // Keys the browser gave that do not make a P-256 point, say: nothing can ever be sent.
    return { kind: 'failed', status: null, reason: `cannot encrypt: ${(e as Error).message}` };
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(details.headers)) {
    // fetch computes the length itself.
    if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
  }
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (e) {
    const err = e as Error;
    const reason =
      err.name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : 'network error';
    return { kind: 'failed', status: null, reason };
  }
  // The body is the push service's explanation; only the status matters here.
  await response.body?.cancel().catch(() => undefined);
  if (response.status >= 200 && response.status < 300)
    return { kind: 'delivered', status: response.status };
  if (response.status === 404 || response.status === 410)
    return { kind: 'gone', status: response.status };
  return {
    kind: 'failed',
    status: response.status,
    reason: `push service answered ${response.status}`,
    ...(response.headers.get('retry-after')
      ? { retryAfter: response.headers.get('retry-after')! }
      : {}),
  };
}
