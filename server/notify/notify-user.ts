import { deliverMail } from '../auth/local-mail.ts';
import type { Queryable } from '../db.ts';
import { notifyConfig, type NotifyConfig } from './push-config.ts';
import { sendPush, type PushOutcome } from './send-push.ts';
import { vapidKeys } from './vapid.ts';

/** What a notice says. `url` is a path in the app (or an absolute URL on the site). */
export interface Notice {
  title: string;
  body: string;
  url?: string;
}

export interface NotifyResult {
  email: 'sent' | 'off' | 'no-address';
  push: { enabled: boolean; delivered: number; removed: number; failed: number };
}

export interface NotifyContext {
  db: Queryable;
  config: { notify?: Partial<NotifyConfig>; siteUrl?: string | undefined };
}

interface PreferencesRow {
  email_notifications: boolean;
  push_notifications: boolean;
}

interface SubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

// The spec's defaults (§9) for a user who never saved preferences.
const DEFAULT_PREFERENCES: PreferencesRow = { email_notifications: true, push_notifications: true };
const MAX_TITLE = 120;
const MAX_BODY = 1000;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The notice's link on the site, when it is a path or an http(s) URL; null otherwise. */
function absoluteUrl(url: string | undefined, site: string | undefined): string | null {
  if (!url) return null;
  try {
    const resolved = new URL(url, site);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : null;
  } catch {
    return null;
  }
}

/** Only the push service's host: endpoints carry the subscription's identity in their path. */
function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid endpoint';
  }
}

export async function readNotificationPreferences(
  db: Queryable,
  userId: string,
): Promise<PreferencesRow> {
  const { rows } = await db.query<PreferencesRow>(
    'select email_notifications, push_notifications from public.user_preferences where user_id = $1',
    [userId],
  );
  return rows[0] ?? DEFAULT_PREFERENCES;
}

/**
 * Tells a user something happened (a post published or failed, a test): by email when their
 * preferences have email on (the local mailbox on the embedded server), and by Web Push to each
 * of their subscriptions when push is on. Never throws for a push service's failure: a gone
 * subscription is deleted, anything else is logged (host and status only) and kept.
 */
export async function notifyUser(
  ctx: NotifyContext,
  userId: string,
  notice: Notice,
  options: { siteUrl?: string } = {},
): Promise<NotifyResult> {
  const config = notifyConfig(ctx.config.notify);
  const prefs = await readNotificationPreferences(ctx.db, userId);
  const title = clip(notice.title, MAX_TITLE);
  const body = clip(notice.body, MAX_BODY);
  // Links in mail need the app's address (SITE_URL, or the page that asked); without it, none.
  const site = options.siteUrl ?? ctx.config.siteUrl;
  const link = absoluteUrl(notice.url, site);
  const result: NotifyResult = {
    email: 'off',
    push: { enabled: prefs.push_notifications, delivered: 0, removed: 0, failed: 0 },
  };

  if (prefs.email_notifications) {
    const { rows } = await ctx.db.query<{ email: string | null }>(
      'select email from auth.users where id = $1',
      [userId],
    );
    const to = rows[0]?.email;
    if (to) {
      await deliverMail(ctx.db, {
        to,
        subject: title,
        text: link ? `${body}\n\n${link}` : body,
        link,
      });
      result.email = 'sent';
    } else {
      result.email = 'no-address';
    }
  }

  if (prefs.push_notifications) {
    const { rows: subscriptions } = await ctx.db.query<SubscriptionRow>(
      'select id, endpoint, p256dh, auth from public.push_subscriptions where user_id = $1',
      [userId],
    );
    if (subscriptions.length > 0) {
      const vapid = await vapidKeys(ctx);
      // Small JSON: push services take at most 4 KiB, and the worker only needs these three.
      // The worker resolves a path against the app's own origin.
      const payload = JSON.stringify({ title, body, url: notice.url ?? '/' });
      const outcomes = await Promise.all(
        subscriptions.map(async (s): Promise<[SubscriptionRow, PushOutcome]> => [
          s,
          await sendPush(s, payload, vapid, {
            ttlSeconds: config.pushTtlSeconds,
            timeoutMs: config.pushTimeoutMs,
            allowLoopbackEndpoints: config.allowLoopbackEndpoints,
            pushServiceHosts: config.pushServiceHosts,
          }),
        ]),
      );
      for (const [s, outcome] of outcomes) {
        try {
          if (outcome.kind === 'delivered') {
            result.push.delivered++;
            await ctx.db.query(
              'update public.push_subscriptions set last_used_at = now() where id = $1',
              [s.id],
            );
          } else if (outcome.kind === 'gone') {
            result.push.removed++;
            await ctx.db.query('delete from public.push_subscriptions where id = $1', [s.id]);
          } else {
            result.push.failed++;
            console.warn(
              `web push to ${endpointHost(s.endpoint)} failed: ${outcome.reason}` +
                (outcome.retryAfter ? ` (retry after ${outcome.retryAfter})` : ''),
            );
          }
        } catch (e) {
          console.error('web push bookkeeping failed:', (e as Error).message);
        }
      }
    }
  }
  return result;
}
