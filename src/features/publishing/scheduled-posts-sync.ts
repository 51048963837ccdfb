import type {
  DraftPlatform,
  PublishMode,
  ScheduledPostRecord,
  ScheduledPostStatus,
} from '../../lib/db';
import type { SyncEntity } from '../../lib/sync/entities';
import { isoOrNull, strings, text, textOrNull } from '../../lib/sync/mapping';

const PLATFORMS: readonly DraftPlatform[] = ['facebook', 'instagram', 'linkedin', 'twitter'];
const MODES: readonly PublishMode[] = ['now', 'schedule', 'optimal'];
const STATUSES: readonly ScheduledPostStatus[] = [
  'scheduled',
  'publishing',
  'published',
  'failed',
  'needs_attention',
  'cancelled',
];

const EPOCH = new Date(0).toISOString();

/**
 * A scheduled post on this device and the server's scheduled_posts row. `status` is never sent:
 * the server keeps it as the summary of the post's targets.
 */
export const scheduledPostsEntity: SyncEntity<ScheduledPostRecord> = {
  name: 'scheduled_posts',
  table: (db) => db.scheduledPosts,
  toServer: (p) => ({
    content: p.content,
    platforms: p.platforms,
    account_ids: p.accountIds,
    scheduled_for: p.scheduledFor,
    publish_mode: p.publishMode,
    time_rule: p.timeRule,
    draft_id: p.draftId,
    // Only read when the server inserts the row: a post scheduled offline keeps its creation time.
    created_at: p.createdAt,
  }),
  fromServer: (r) => ({
    id: r.id,
    userId: String(r.user_id),
    content: text(r.content),
    platforms: strings(r.platforms).filter((p): p is DraftPlatform =>
      PLATFORMS.includes(p as DraftPlatform),
    ),
    accountIds: strings(r.account_ids),
    scheduledFor: isoOrNull(r.scheduled_for) ?? EPOCH,
    publishMode: MODES.includes(r.publish_mode as PublishMode)
      ? (r.publish_mode as PublishMode)
      : 'schedule',
    timeRule: textOrNull(r.time_rule),
    draftId: textOrNull(r.draft_id),
    status: STATUSES.includes(r.status as ScheduledPostStatus)
      ? (r.status as ScheduledPostStatus)
      : 'scheduled',
    version: Number(r.version),
    createdAt: isoOrNull(r.created_at) ?? EPOCH,
    updatedAt: isoOrNull(r.updated_at) ?? EPOCH,
  }),
};
