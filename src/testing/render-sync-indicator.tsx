import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import type { SyncEngineStatus } from '../lib/sync/engine';
import { syncReducer } from '../features/sync/sync-slice';
import { SyncIndicator } from '../features/sync/sync-indicator';

/** An engine status: synced, online and leading, with `over` on top. */
export function status(over: Partial<SyncEngineStatus>): SyncEngineStatus {
  return {
    leader: true,
    online: true,
    syncing: false,
    waiting: 0,
    parked: [],
    lastSyncedAt: 1,
    lastError: null,
    nextRetryAt: null,
    ...over,
  };
}

/** Renders the indicator on a store of its own; `dispatch` watches what the indicator sends. */
export function renderSyncIndicator() {
  const store = configureStore({ reducer: { sync: syncReducer } });
  const dispatch = vi.spyOn(store, 'dispatch');
  render(
    <Provider store={store}>
      <SyncIndicator />
    </Provider>,
  );
  return { store, dispatch };
}
