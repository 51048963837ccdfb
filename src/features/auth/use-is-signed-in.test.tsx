// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeBootStore } from '../../app/boot-store';
import { makeStore } from '../../app/store';
import type { AppStore } from '../../app/store-types';
import { AUTH_STORAGE_KEY } from '../../lib/stored-session';
import { initialAuthState, type AuthStatus } from './auth-state';
import { useIsSignedIn } from './use-is-signed-in';

function Probe() {
  return <output>{useIsSignedIn() ? 'signed in' : 'visitor'}</output>;
}

function shown(store: AppStore): string {
  render(
    <Provider store={store}>
      <Probe />
    </Provider>,
  );
  return screen.getByRole('status').textContent ?? '';
}

const withStatus = (status: AuthStatus) =>
  makeStore({ auth: { ...initialAuthState, status, user: null } });

const saveSession = () =>
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({ access_token: 'a', refresh_token: 'r', user: { id: 'user-1' } }),
  );

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('useIsSignedIn', () => {
  it('counts a session saved on this device before the store has loaded', () => {
    saveSession();
    expect(shown(makeBootStore().store)).toBe('signed in');
  });

  it('is a visitor before the store has loaded when no session is saved', () => {
    expect(shown(makeBootStore().store)).toBe('visitor');
    localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
    cleanup();
    expect(shown(makeBootStore().store)).toBe('visitor');
  });

  it('follows the store once it knows', () => {
    saveSession();
    expect(shown(withStatus('signedOut'))).toBe('visitor');
    cleanup();
    localStorage.clear();
    expect(shown(withStatus('signedIn'))).toBe('signed in');
  });
});
