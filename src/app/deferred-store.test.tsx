// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { initialAuthState } from '../features/auth/auth-state';
import { readThemeModeHint, writeThemeModeHint } from '../features/ui/ui-state';
import { themeModeChosen } from '../features/ui';
import { makeBootStore } from './boot-store';
import { App } from './app';
import { DeferredProviders } from './providers';
import { makeStore } from './store';
import type { AppStore } from './store-types';
import { AUTH_STORAGE_KEY } from '../lib/stored-session';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  window.history.pushState(null, '', '/');
});

describe('the theme hint', () => {
  it('reads the system setting when nothing or something unknown is stored', () => {
    expect(readThemeModeHint()).toBe('system');
    localStorage.setItem('postbloom:theme-mode', 'sepia');
    expect(readThemeModeHint()).toBe('system');
  });

  it('reads back what was written', () => {
    writeThemeModeHint('dark');
    expect(readThemeModeHint()).toBe('dark');
  });
});

describe('the boot store', () => {
  it('holds the start auth state and the theme last chosen on this device', () => {
    writeThemeModeHint('light');
    const { store } = makeBootStore();
    expect(store.getState().auth).toEqual(initialAuthState);
    expect(store.getState().ui.themeMode).toBe('light');
  });

  it('hands actions dispatched before the real store to it, in order', () => {
    const boot = makeBootStore();
    boot.store.dispatch(themeModeChosen('dark'));
    boot.store.dispatch(themeModeChosen('light'));
    const real = makeStore();
    const seen: string[] = [];
    real.subscribe(() => seen.push(real.getState().ui.themeMode));
    boot.handOver(real);
    expect(seen).toEqual(['dark', 'light']);
    // Handed over once: a second hand-over has nothing left to give.
    boot.handOver(real);
    expect(seen).toHaveLength(2);
  });
});

describe('DeferredProviders', () => {
  function renderApp(loadStore?: () => Promise<AppStore>) {
    render(
      <DeferredProviders loadStore={loadStore}>
        <App />
      </DeferredProviders>,
    );
  }

  /** A few turns of the event loop: long enough for an idle callback or a load to have run. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('on / gives a visitor the landing page with no store, until a link is about to be followed', async () => {
    const loadStore = vi.fn(() => Promise.resolve(makeStore()));
    renderApp(loadStore);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await settle();
    expect(loadStore).not.toHaveBeenCalled();

    // Pointing at something that is not a link asks for nothing either.
    fireEvent.pointerOver(screen.getByRole('heading', { level: 1 }));
    await settle();
    expect(loadStore).not.toHaveBeenCalled();

    fireEvent.pointerOver(screen.getAllByRole('link', { name: 'Get Started Free' })[0]!);
    await waitFor(() => expect(loadStore).toHaveBeenCalledTimes(1));
    // Loaded once: later intents find it loading or loaded.
    fireEvent.focusIn(screen.getAllByRole('link', { name: 'Get Started Free' })[0]!);
    await settle();
    expect(loadStore).toHaveBeenCalledTimes(1);
  });

  it('on / loads the store for a focused link too (keyboard users)', async () => {
    const loadStore = vi.fn(() => Promise.resolve(makeStore()));
    renderApp(loadStore);
    const link = (await screen.findAllByRole('link', { name: 'Get Started Free' }))[0]!;
    link.focus();
    await waitFor(() => expect(loadStore).toHaveBeenCalledTimes(1));
  });

  it.each([
    ['a password reset link', '/#access_token=token&refresh_token=r&type=recovery'],
    ['a link whose token expired', '/#error=access_denied&error_description=Email+link+expired'],
    ['a PKCE sign-in link', '/?code=4f1c'],
  ])('on / loads the store once the page is idle for %s', async (_, url) => {
    window.history.pushState(null, '', url);
    const loadStore = vi.fn(() => Promise.resolve(makeStore()));
    renderApp(loadStore);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(loadStore).toHaveBeenCalledTimes(1));
  });

  it('on / loads the store once the page is idle when this device has a saved session', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user: { id: 'user-1' } }));
    const loadStore = vi.fn(() => Promise.resolve(makeStore()));
    renderApp(loadStore);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(loadStore).toHaveBeenCalledTimes(1));
  });

  it.each([
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/contact', 'Contact Us'],
    ['/no-such-page', 'Page not found'],
  ])('paints the public page %s for a visitor with no store', async (path, heading) => {
    window.history.pushState(null, '', path);
    const loadStore = vi.fn(() => Promise.resolve(makeStore()));
    renderApp(loadStore);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await settle();
    expect(loadStore).not.toHaveBeenCalled();
  });

  it('paints the sign-up form before the store, and asks for it when the user turns to the form', async () => {
    window.history.pushState(null, '', '/signup');
    let release: (store: AppStore) => void = () => {};
    const loadStore = vi.fn(() => new Promise<AppStore>((resolve) => (release = resolve)));
    renderApp(loadStore);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
    await settle();
    expect(loadStore).not.toHaveBeenCalled();

    fireEvent.focus(screen.getByLabelText(/^Email/));
    await waitFor(() => expect(loadStore).toHaveBeenCalledTimes(1));
    release(makeStore());
    fireEvent.focus(screen.getByLabelText(/^Password/));
    await settle();
    expect(loadStore).toHaveBeenCalledTimes(1);
  });

  it('holds the pages that need the store on Loading... until it is ready, then shows them', async () => {
    window.history.pushState(null, '', '/dashboard');
    renderApp(); // the app's own store module
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    // A visitor: the sign-in screen, once the store says who is there.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' }),
    ).toBeInTheDocument();
    // The loaded store writes the theme hint once the saved state is back.
    await waitFor(() => expect(localStorage.getItem('postbloom:theme-mode')).toBe('system'));
  });
});
