import webpush from 'web-push';
import type { Queryable } from '../db.ts';
import { notifyConfig, type NotifyConfig } from './push-config.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

interface SettingsRow {
  vapid_public_key: string | null;
  vapid_private_key: string | null;
}

/**
 * Run at start-up, before any request: records whether loopback endpoints are accepted (read by
 * the push_subscriptions trigger) and returns the VAPID keys, from the environment or generated
 * once and kept in private.web_push_settings, so subscriptions outlive restarts and stay with the
 * data when it moves.
 */
export async function prepareWebPush(db: Queryable, config: NotifyConfig): Promise<VapidKeys> {
  await db.query(
    `insert into private.web_push_settings (id, allow_loopback_endpoints, updated_at)
     values (true, $1, now())
     on conflict (id) do update set allow_loopback_endpoints = excluded.allow_loopback_endpoints,
       updated_at = excluded.updated_at`,
    [config.allowLoopbackEndpoints],
  );
  if (config.vapidPublicKey && config.vapidPrivateKey) {
    return {
      publicKey: config.vapidPublicKey,
      privateKey: config.vapidPrivateKey,
      subject: config.vapidSubject,
    };
  }
  const generated = webpush.generateVAPIDKeys();
  // Two servers starting on one database at once: the first key pair written wins.
  await db.query(
    `update private.web_push_settings
        set vapid_public_key = $1, vapid_private_key = $2, updated_at = now()
      where id and (vapid_public_key is null or vapid_private_key is null)`,
    [generated.publicKey, generated.privateKey],
  );
  const { rows } = await db.query<SettingsRow>(
    'select vapid_public_key, vapid_private_key from private.web_push_settings where id',
  );
  const row = rows[0];
  if (!row?.vapid_public_key || !row.vapid_private_key)
    throw new Error('Could not store the generated VAPID keys');
  return {
    publicKey: row.vapid_public_key,
    privateKey: row.vapid_private_key,
    subject: config.vapidSubject,
  };
}

const prepared = new WeakMap<object, Promise<VapidKeys>>();

/** The server's VAPID keys, prepared once per server (start-up calls this before serving). */
export function vapidKeys(ctx: { db: Queryable; config: { notify?: Partial<NotifyConfig> } }) {
  let keys = prepared.get(ctx);
  if (!keys) {
    keys = prepareWebPush(ctx.db, notifyConfig(ctx.config.notify));
    prepared.set(ctx, keys);
    keys.catch(() => prepared.delete(ctx));
  }
  return keys;
}
