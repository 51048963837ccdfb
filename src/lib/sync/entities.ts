import type { Table } from 'dexie';
import type { AppDb, DraftPlatform, DraftPostType, DraftRecord, DraftStatus } from '../db';

/** A row as the server returns it (to_jsonb of the table row). */
export type ServerRow = Record<string, unknown> & {
  id: string;
  version: number;
  deleted_at?: string | null;
};

/** How one server table maps onto a local Dexie table. */
export interface SyncEntity<L extends { id: string; userId: string; version: number | null }> {
  name: string;
  table(db: AppDb): Table<L, string>;
  /** The columns a client may write, in the server's shape. */
  toServer(row: L): Record<string, unknown>;
  fromServer(row: ServerRow): L;
}

function isoOrNull(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? value : new Date(t).toISOString();
}

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

type AnyEntity = SyncEntity<{ id: string; userId: string; version: number | null }>;

// Onboarding answers and the profile join here in their own issues.
const registry = new Map<string, AnyEntity>([
  [postDraftsEntity.name, postDraftsEntity as unknown as AnyEntity],
]);

export function syncEntity(name: string): AnyEntity {
  const entity = registry.get(name);
  if (!entity) throw new Error(`Unknown sync entity: ${name}`);
  return entity;
}

export function syncEntityNames(): string[] {
  return [...registry.keys()];
}

export function entityTables(db: AppDb): Table[] {
  return [...registry.values()].map((e) => e.table(db) as unknown as Table);
}
