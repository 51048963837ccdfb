// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { useLayoutEffect } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore, type RootState } from './store';
import { connectivityChanged } from '../features/sync/sync-slice';
import { useAppSelector, useBackgroundSelector } from './hooks';

afterEach(cleanup);

const selectOnline = (state: RootState) => state.sync.online;

/** What each commit showed: the value followed in the background, and the one at once. */
function Both({ commits }: { commits: Array<[boolean, boolean]> }) {
  const background = useBackgroundSelector(selectOnline);
  const atOnce = useAppSelector(selectOnline);
  useLayoutEffect(() => {
    commits.push([background, atOnce]);
  });
  return <p>{background ? 'online' : 'offline'}</p>;
}

describe('useBackgroundSelector', () => {
  it('follows the store in a render after the one a store update makes at once', async () => {
    const store = makeStore();
    const commits: Array<[boolean, boolean]> = [];
    render(
      <Provider store={store}>
        <Both commits={commits} />
      </Provider>,
    );
    expect(screen.getByText('online')).toBeInTheDocument();
    commits.length = 0;
    act(() => {
      store.dispatch(connectivityChanged({ online: false }));
    });
    expect(await screen.findByText('offline')).toBeInTheDocument();
    // The store update renders first with the old value, then the transition with the new one.
    expect(commits).toEqual([
      [true, false],
      [false, false],
    ]);
  });

  it('catches a change the store took between its first render and its subscription', async () => {
    const store = makeStore();
    const Late = () => {
      const online = useBackgroundSelector(selectOnline);
      return <p>{online ? 'online' : 'offline'}</p>;
    };
    // A layout effect runs before the effect that subscribes.
    const ChangesAtOnce = () => {
      useLayoutEffect(() => {
        store.dispatch(connectivityChanged({ online: false }));
      }, []);
      return null;
    };
    render(
      <Provider store={store}>
        <Late />
        <ChangesAtOnce />
      </Provider>,
    );
    expect(await screen.findByText('offline')).toBeInTheDocument();
  });
});
