// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  connectivityChanged,
  syncDiscardRequested,
  syncRetryRequested,
  syncStatusChanged,
} from './sync-slice';
import { renderSyncIndicator, status } from '../../testing/render-sync-indicator';

afterEach(cleanup);

describe('SyncIndicator', () => {
  it('says synced, waiting (singular and plural) and offline in a live region', () => {
    const { store } = renderSyncIndicator();
    expect(screen.getByRole('status')).toHaveAccessibleName('All changes synced');
    act(() => void store.dispatch(syncStatusChanged(status({ waiting: 1 }))));
    expect(screen.getByRole('status')).toHaveAccessibleName('1 change waiting');
    act(() => void store.dispatch(syncStatusChanged(status({ waiting: 3 }))));
    expect(screen.getByRole('status')).toHaveTextContent('3 changes waiting');
    act(() => void store.dispatch(connectivityChanged({ online: false })));
    expect(screen.getByRole('status')).toHaveAccessibleName('Offline, 3 changes waiting');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  });

  it('shows refused changes with Retry and Discard', async () => {
    const user = userEvent.setup();
    const { store, dispatch } = renderSyncIndicator();
    const error = {
      kind: 'rejected' as const,
      code: '23514',
      message: 'check violation',
      status: 200,
    };
    act(
      () =>
        void store.dispatch(
          syncStatusChanged(
            status({
              parked: [
                {
                  seq: 4,
                  entity: 'post_drafts',
                  entityId: 'd1',
                  op: 'upsert',
                  error,
                  createdAt: 1,
                },
                {
                  seq: 9,
                  entity: 'post_drafts',
                  entityId: 'd2',
                  op: 'delete',
                  error: { ...error, code: 'PGRST413', status: 413 },
                  createdAt: 2,
                },
                {
                  seq: 11,
                  entity: 'onboarding_data',
                  entityId: 'o1',
                  op: 'upsert',
                  error,
                  createdAt: 3,
                },
                {
                  seq: 12,
                  entity: 'post_drafts',
                  entityId: 'd3',
                  op: 'upsert',
                  error: { ...error, code: 'replay_expired', status: 0 },
                  createdAt: 4,
                },
              ],
            }),
          ),
        ),
    );
    await user.click(screen.getByRole('button', { name: 'Sync error' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changes the server refused' });
    expect(dialog).toHaveTextContent('Draft change');
    expect(dialog).toHaveTextContent('The server found invalid data in it.');
    expect(dialog).toHaveTextContent('Draft deletion');
    expect(dialog).toHaveTextContent('It is too large to upload.');
    expect(dialog).toHaveTextContent('Onboarding answers change');
    expect(dialog).toHaveTextContent(
      'It was sent over 30 days ago without an answer, so the server may already have it.',
    );
    await user.click(screen.getAllByRole('button', { name: 'Retry' })[0]!);
    expect(dispatch).toHaveBeenCalledWith(syncRetryRequested({ seqs: [4] }));
    await user.click(screen.getAllByRole('button', { name: 'Discard' })[1]!);
    expect(dispatch).toHaveBeenCalledWith(syncDiscardRequested({ seqs: [9] }));
    await user.click(screen.getByRole('button', { name: 'Retry all' }));
    expect(dispatch).toHaveBeenCalledWith(syncRetryRequested({}));
  });
});
