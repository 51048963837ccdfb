import { describe, expect, it } from 'vitest';
import type { SyncEngineStatus } from '../../lib/sync/engine';
import { initialSyncState, syncReducer, syncStatusChanged } from './sync-slice';

const status = (over: Partial<SyncEngineStatus> = {}): SyncEngineStatus => ({
  leader: true,
  online: true,
  syncing: false,
  waiting: 0,
  parked: [],
  lastSyncedAt: null,
  lastError: null,
  nextRetryAt: null,
  ...over,
});

const refused = () => ({
  seq: 7,
  entity: 'post_drafts',
  entityId: 'd1',
  op: 'upsert' as const,
  error: { kind: 'rejected' as const, code: '23514', message: 'Content is too long.', status: 400 },
  createdAt: 1_795_000_000_000,
});

describe('sync reducer', () => {
  it('keeps the parked list and the error when the engine reports them unchanged', () => {
    const failure = { kind: 'retry' as const, code: 'offline', message: 'Network down', status: 0 };
    const before = syncReducer(
      initialSyncState,
      syncStatusChanged(status({ parked: [refused()], lastError: { ...failure } })),
    );
    // The engine's next report: new arrays and objects of the same content.
    const after = syncReducer(
      before,
      syncStatusChanged(status({ parked: [refused()], lastError: { ...failure } })),
    );
    expect(after).toBe(before);
    // A change still comes through.
    const retried = syncReducer(after, syncStatusChanged(status({ waiting: 1 })));
    expect(retried).toMatchObject({ waiting: 1, parked: [], lastError: null });
    expect(syncReducer(retried, syncStatusChanged(status({ waiting: 1 }))).parked).toBe(
      retried.parked,
    );
  });
});
