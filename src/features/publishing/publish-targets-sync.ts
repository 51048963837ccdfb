import type { DraftPlatform, PublishTargetRecord, TargetStatus } from '../../lib/db';
import type { SyncEntity } from '../../lib/sync/entities';
import { isoOrNull, text, textOrNull } from '../../lib/sync/mapping';

const STATUSES: readonly TargetStatus[] = [
  'scheduled',
  'publishing',
  'published',
  'failed',
  'needs_attention',
  'reminder',
  'posted',
  'cancelled',
];

const EPOCH = new Date(0).toISOString();

/**
 * Where a scheduled post goes (public.publish_targets). Written by the server only: the app pulls
 * these rows and never queues a write for them (the server would refuse it).
 */
export const publishTargetsEntity: SyncEntity<PublishTargetRecord> = {
  name: 'publish_targets',
  table: (db) => db.publishTargets,
  toServer: () => {
    throw new Error('Publish targets are written by the server.');
  },
  fromServer: (r) => ({
    id: r.id,
    userId: String(r.user_id),
    postId: text(r.post_id),
    platform: text(r.platform) as DraftPlatform,
    accountId: textOrNull(r.account_id),
    accountName: textOrNull(r.account_name),
    kind: r.kind === 'auto' ? 'auto' : 'manual',
    status: STATUSES.includes(r.status as TargetStatus) ? (r.status as TargetStatus) : 'scheduled',
    dueAt: isoOrNull(r.due_at) ?? EPOCH,
    attempts: typeof r.attempts === 'number' ? r.attempts : Number(r.attempts ?? 0) || 0,
    claimedAt: isoOrNull(r.claimed_at),
    remoteId: textOrNull(r.remote_id),
    permalink: textOrNull(r.permalink),
    errorCode: textOrNull(r.error_code),
    errorMessage: textOrNull(r.error_message),
    publishedAt: isoOrNull(r.published_at),
    version: Number(r.version),
    updatedAt: isoOrNull(r.updated_at) ?? EPOCH,
  }),
};
