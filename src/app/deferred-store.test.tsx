// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { initialAuthState } from '../features/auth/auth-state';
import { readThemeModeHint, writeThemeModeHint } from '../features/ui/ui-state';
import { themeModeChosen } from '../features/ui';
import { makeBootStore } from './boot-store';
import { App } from './app';
import { DeferredProviders } from './providers';
import { makeStore } from './store';

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
  // First in this file: the store module is loaded once per file, and this test sees it arrive.
  it('paints the landing page, then loads the store once the page is idle', async () => {
    render(
      <DeferredProviders>
        <App />
      </DeferredProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    // The loaded store writes the theme hint once the saved state is back.
    await waitFor(() => expect(localStorage.getItem('postbloom:theme-mode')).toBe('system'));
  });

  it('holds other pages on Loading... until the store is ready, then shows them', async () => {
    window.history.pushState(null, '', '/privacy');
    render(
      <DeferredProviders>
        <App />
      </DeferredProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }),
    ).toBeInTheDocument();
  });
});
