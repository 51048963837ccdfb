import type { DraftRecord } from '../lib/db';

/**
 * A local draft as saved on this device and never synced (version null), with `overrides` on top.
 * Without timestamps it is created now; given only `updatedAt`, it was created then too.
 */
export function makeDraftRecord(overrides: Partial<DraftRecord> = {}): DraftRecord {
  const at = overrides.updatedAt ?? overrides.createdAt ?? new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    userId: 'u1',
    content: 'Draft text',
    platforms: ['facebook'],
    postType: 'text',
    prompt: null,
    aiProvider: null,
    status: 'draft',
    scheduledFor: null,
    conflictOf: null,
    createdAt: at,
    updatedAt: at,
    version: null,
    ...overrides,
  };
}
