import { createAction, createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SyncEngineStatus } from '../../lib/sync/engine';
import type { ParkedEntry } from '../../lib/sync/outbox';
import { sessionEnded } from '../auth';

export interface SyncState {
  online: boolean;
  /** Local writes not yet on the server (pending or being pushed). */
  waiting: number;
  /** Writes the server refused: kept, shown, and retried or discarded by the user. */
  parked: ParkedEntry[];
  syncing: boolean;
  lastSyncedAt: number | null;
  /** The last transient failure (network, server, session), while retrying with backoff. */
  lastError: { kind: string; code: string; message: string } | null;
  nextRetryAt: number | null;
  /** The signed-in user's local data is loaded (or nobody is signed in). */
  localReady: boolean;
}

export const initialSyncState: SyncState = {
  online: true,
  waiting: 0,
  parked: [],
  syncing: false,
  lastSyncedAt: null,
  lastError: null,
  nextRetryAt: null,
  localReady: false,
};

/** Whether two small serialisable values are equal. */
function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export const syncSlice = createSlice({
  name: 'sync',
  initialState: initialSyncState,
  reducers: {
    syncStatusChanged(state, action: PayloadAction<SyncEngineStatus>) {
      const s = action.payload;
      const lastError = s.lastError
        ? { kind: s.lastError.kind, code: s.lastError.code, message: s.lastError.message }
        : null;
      state.waiting = s.waiting;
      state.syncing = s.syncing;
      state.lastSyncedAt = s.lastSyncedAt ?? state.lastSyncedAt;
      state.nextRetryAt = s.nextRetryAt;
      // The engine reports its status at every step, each time with new arrays and objects: an
      // unchanged list or error keeps its place, so what shows it does not render again.
      if (!sameJson(state.parked, s.parked)) state.parked = s.parked;
      if (!sameJson(state.lastError, lastError)) state.lastError = lastError;
    },
    connectivityChanged(state, action: PayloadAction<{ online: boolean }>) {
      state.online = action.payload.online;
    },
    localDataReady(state) {
      state.localReady = true;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, (state) => ({
      ...initialSyncState,
      online: state.online,
      localReady: true,
    }));
  },
  selectors: {
    selectSyncOnline: (state) => state.online,
    selectWaitingCount: (state) => state.waiting,
    selectParkedEntries: (state) => state.parked,
    selectIsSyncing: (state) => state.syncing,
    selectLastSyncedAt: (state) => state.lastSyncedAt,
    selectSyncError: (state) => state.lastError,
    selectLocalReady: (state) => state.localReady,
  },
});

export const { syncStatusChanged, connectivityChanged, localDataReady } = syncSlice.actions;
export const {
  selectSyncOnline,
  selectWaitingCount,
  selectParkedEntries,
  selectIsSyncing,
  selectLastSyncedAt,
  selectSyncError,
  selectLocalReady,
} = syncSlice.selectors;
export const syncReducer = syncSlice.reducer;

/** The user pressed Retry (on some parked entries, or all of them). */
export const syncRetryRequested = createAction<{ seqs?: number[] }>('sync/retryRequested');
/** The user gave up on parked entries. */
export const syncDiscardRequested = createAction<{ seqs: number[] }>('sync/discardRequested');
/** The window came back into view: a good moment to pull. */
export const windowFocused = createAction('sync/windowFocused');
/** A feature expects server changes now (its own write went out, a post is due): pull. */
export const pullRequested = createAction('sync/pullRequested');

export type SyncIndicatorState =
  | { kind: 'offline'; waiting: number }
  | { kind: 'error'; parked: number; waiting: number }
  | { kind: 'waiting'; waiting: number }
  | { kind: 'synced' };

/** What the top bar shows, in order of importance. */
export const selectSyncIndicator = createSelector(
  [
    (state: { sync: SyncState }) => state.sync.parked.length,
    (state: { sync: SyncState }) => state.sync.online,
    (state: { sync: SyncState }) => state.sync.waiting,
  ],
  (parked, online, waiting): SyncIndicatorState => {
    if (parked > 0) return { kind: 'error', parked, waiting };
    if (!online) return { kind: 'offline', waiting };
    if (waiting > 0) return { kind: 'waiting', waiting };
    return { kind: 'synced' };
  },
);
