// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import type { SyncEngineStatus } from '../../lib/sync/engine';
import { connectivityChanged, syncReducer, syncStatusChanged } from './sync-slice';
import { SyncIndicator } from './sync-indicator';

afterEach(cleanup);

function status(over: Partial<SyncEngineStatus>): SyncEngineStatus {
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

function setup() {
  const store = configureStore({ reducer: { sync: syncReducer } });
  render(
    <Provider store={store}>
      <SyncIndicator />
    </Provider>,
  );
  return store;
}

describe('the sync state in words', () => {
  it('shows the waiting count on the icon and says the state on a tap', async () => {
    const user = userEvent.setup();
    const store = setup();
    act(() => {
      store.dispatch(syncStatusChanged(status({ waiting: 2 })));
      store.dispatch(connectivityChanged({ online: false }));
    });
    const button = screen.getByRole('button', { name: 'Offline, 2 changes waiting' });
    expect(within(button).getByText('2')).toBeInTheDocument();

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Offline, 2 changes waiting' });
    expect(dialog).toHaveTextContent(
      'You are offline. Your changes are saved on this device and will sync when you are back online.',
    );
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  it('says when everything is on the server', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('button', { name: 'All changes synced' }));
    expect(await screen.findByRole('dialog', { name: 'All changes synced' })).toHaveTextContent(
      'Everything you saved is on the server.',
    );
  });
});
