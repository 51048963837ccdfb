import type { Table } from 'dexie';
import type { AppDb, DraftPlatform } from '../../lib/db';
import type { SyncEntity } from '../../lib/sync/entities';
import { isoOrNull, strings, text, textOrNull } from '../../lib/sync/mapping';
import { AI_POSTS_ENTITY, type AiPost, type AiPostStatus } from './ai-posts-slice';

const PLATFORMS: readonly DraftPlatform[] = ['facebook', 'instagram', 'linkedin', 'twitter'];
const STATUSES: readonly AiPostStatus[] = [
  'pending-review',
  'approved',
  'needs-revision',
  'rejected',
  'scheduled',
];

const EPOCH = new Date(0).toISOString();

/** The Dexie table of AI generated posts (schema version 2; not typed on AppDb). */
export function aiPostsTable(db: AppDb): Table<AiPost, string> {
  return db.table<AiPost, string>('aiPosts');
}

/** A whole percentage, as the server's check wants it. */
function percent(value: number): number {
  return Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0;
}

/** An AI generated post on this device and the server's ai_generated_posts row. */
export const aiGeneratedPostsEntity: SyncEntity<AiPost> = {
  name: AI_POSTS_ENTITY,
  table: aiPostsTable,
  toServer: (p) => ({
    content: p.content,
    platforms: p.platforms,
    ai_provider: p.aiProvider,
    status: p.status,
    generated_at: p.generatedAt,
    prompt: p.prompt,
    engagement_prediction: percent(p.engagementPrediction),
    hashtags: p.hashtags,
    feedback: p.feedback,
    reviewed_at: p.reviewedAt,
    suggested_for: p.suggestedFor,
    scheduled_post_id: p.scheduledPostId,
    // Only read when the server inserts the row: a post generated offline keeps its time.
    created_at: p.generatedAt,
  }),
  fromServer: (r) => ({
    id: r.id,
    userId: String(r.user_id),
    content: text(r.content),
    platforms: strings(r.platforms).filter((p): p is DraftPlatform =>
      PLATFORMS.includes(p as DraftPlatform),
    ),
    aiProvider: text(r.ai_provider, 'chatgpt'),
    status: STATUSES.includes(r.status as AiPostStatus)
      ? (r.status as AiPostStatus)
      : 'pending-review',
    generatedAt: isoOrNull(r.generated_at) ?? EPOCH,
    prompt: text(r.prompt),
    engagementPrediction: typeof r.engagement_prediction === 'number' ? r.engagement_prediction : 0,
    hashtags: strings(r.hashtags),
    feedback: textOrNull(r.feedback),
    reviewedAt: isoOrNull(r.reviewed_at),
    suggestedFor: isoOrNull(r.suggested_for),
    scheduledPostId: textOrNull(r.scheduled_post_id),
    version: Number(r.version),
    updatedAt: isoOrNull(r.updated_at) ?? EPOCH,
  }),
};
