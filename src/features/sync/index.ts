export {
  syncReducer,
  initialSyncState,
  connectivityChanged,
  syncRetryRequested,
  syncDiscardRequested,
  windowFocused,
  pullRequested,
  selectSyncIndicator,
  selectWaitingCount,
  selectParkedEntries,
  selectSyncOnline,
  selectLastSyncedAt,
  selectLocalReady,
  type SyncState,
  type SyncIndicatorState,
} from './sync-slice';
export {
  addSyncListeners,
  setSyncRuntime,
  stopSync,
  selectRehydrated,
  type SyncListenerOptions,
  type SyncRuntime,
} from './sync-listeners';
export { SyncIndicator } from './sync-indicator';
