import type { DraftPlatform, DraftPostType, DraftRecord, DraftStatus } from '../../lib/db';
import type { SyncEntity } from '../../lib/sync/entities';
import { isoOrNull } from '../../lib/sync/mapping';

/** A draft on this device and the server's post_drafts row. */
export const postDraftsEntity: SyncEntity<DraftRecord> = {
  name: 'post_drafts',
  table: (db) => db.drafts,
  toServer: (d) => ({
    content: d.content,
    platforms: d.platforms,
    post_type: d.postType,
    ai_prompt: d.prompt,
    ai_provider: d.aiProvider,
    status: d.status,
    scheduled_for: d.scheduledFor,
    // Only read when the server inserts the row: an offline draft keeps its creation time.
    created_at: d.createdAt,
  }),
  fromServer: (r) => ({
    id: r.id,
    userId: String(r.user_id),
    content: typeof r.content === 'string' ? r.content : '',
    platforms: Array.isArray(r.platforms) ? (r.platforms as DraftPlatform[]) : [],
    postType: (r.post_type as DraftPostType | undefined) ?? 'text',
    prompt: (r.ai_prompt as string | null | undefined) ?? null,
    aiProvider: (r.ai_provider as string | null | undefined) ?? null,
    status: (r.status as DraftStatus | undefined) ?? 'draft',
    scheduledFor: isoOrNull(r.scheduled_for),
    conflictOf: (r.conflict_of as string | null | undefined) ?? null,
    createdAt: isoOrNull(r.created_at) ?? new Date(0).toISOString(),
    updatedAt: isoOrNull(r.updated_at) ?? new Date(0).toISOString(),
    version: Number(r.version),
  }),
};
