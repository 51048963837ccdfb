import type { ContentIdeaRecord, ContentIdeaType } from '../../lib/db';
import type { SyncEntity } from '../../lib/sync/entities';
import { isoOrNull, text, textOrNull } from '../../lib/sync/mapping';

export const IDEA_TYPES: readonly ContentIdeaType[] = ['ai-generated', 'trending', 'recommended'];

export function isIdeaType(value: unknown): value is ContentIdeaType {
  return IDEA_TYPES.includes(value as ContentIdeaType);
}

/** A whole number from 0 to 100; anything else is brought into that range. */
export function clampScore(value: unknown): number {
  const n = typeof value === 'string' ? Number.parseFloat(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return 0;
  return Math.round(Math.min(Math.max(n, 0), 100));
}

const EPOCH = new Date(0).toISOString();

/** A content idea on this device and the server's content_ideas row. */
export const contentIdeasEntity: SyncEntity<ContentIdeaRecord> = {
  name: 'content_ideas',
  table: (db) => db.contentIdeas,
  toServer: (i) => ({
    title: i.title,
    description: i.description,
    type: i.type,
    score: i.score,
    saved: i.saved,
    saved_at: i.savedAt,
    batch_id: i.batchId,
    sample_key: i.sampleKey,
    // Only read when the server inserts the row: an idea made offline keeps its creation time.
    created_at: i.createdAt,
  }),
  fromServer: (r) => ({
    id: r.id,
    userId: String(r.user_id),
    title: text(r.title),
    description: text(r.description),
    type: isIdeaType(r.type) ? r.type : 'ai-generated',
    score: clampScore(r.score),
    saved: r.saved === true,
    savedAt: isoOrNull(r.saved_at),
    batchId: textOrNull(r.batch_id),
    sampleKey: textOrNull(r.sample_key),
    createdAt: isoOrNull(r.created_at) ?? EPOCH,
    updatedAt: isoOrNull(r.updated_at) ?? EPOCH,
    version: Number(r.version),
  }),
};
