import type { NotificationKind, NotificationRecord } from '../../lib/db';
import type { SyncEntity } from '../../lib/sync/entities';
import { isoOrNull, text, textOrNull } from '../../lib/sync/mapping';

export const NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'published',
  'failed',
  'needs_attention',
  'reconnect_needed',
  'reminder',
];

const isKind = (v: unknown): v is NotificationKind =>
  NOTIFICATION_KINDS.includes(v as NotificationKind);

/**
 * The server writes notices; a device only ever marks one read, so `read_at` is all it sends (the
 * server keeps the earliest read time and never un-reads).
 */
export const userNotificationsEntity: SyncEntity<NotificationRecord> = {
  name: 'user_notifications',
  table: (db) => db.notifications,
  toServer: (n) => ({ read_at: n.readAt }),
  fromServer: (r) => {
    const createdAt = isoOrNull(r.created_at) ?? new Date(0).toISOString();
    return {
      id: r.id,
      userId: text(r.user_id),
      // A kind this version does not know yet still shows, as a plain notice.
      kind: isKind(r.kind) ? r.kind : 'reminder',
      title: text(r.title),
      body: text(r.body),
      url: textOrNull(r.url),
      postId: textOrNull(r.post_id),
      targetId: textOrNull(r.target_id),
      readAt: isoOrNull(r.read_at),
      createdAt,
      version: Number(r.version),
      updatedAt: isoOrNull(r.updated_at) ?? createdAt,
    };
  },
};
