// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { connectivityChanged, syncStatusChanged } from './sync-slice';
import { renderSyncIndicator, status } from '../../testing/render-sync-indicator';

afterEach(cleanup);

describe('the sync state in words', () => {
  it('shows the waiting count on the icon and says the state on a tap', async () => {
    const user = userEvent.setup();
    const { store } = renderSyncIndicator();
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
    renderSyncIndicator();
    await user.click(screen.getByRole('button', { name: 'All changes synced' }));
    expect(await screen.findByRole('dialog', { name: 'All changes synced' })).toHaveTextContent(
      'Everything you saved is on the server.',
    );
  });
});
