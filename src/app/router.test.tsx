// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderApp, signedIn } from '../testing/app-test-support';
import { isRoutePath, ROUTE_PATHS } from './route-paths';
import { preloadRoute, routedPaths, routeNeedsStore } from './router';

// Each test opens a page no earlier test in this file has loaded: a chunk, once in, stays in.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.history.pushState(null, '', '/');
});

describe('preloadRoute', () => {
  it('is what spares a page its loading screen: without it the first render waits', async () => {
    renderApp('/terms', signedIn);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }),
    ).toBeInTheDocument();
  });

  it('fetches a public page so that its first render is the page', async () => {
    await preloadRoute('/privacy');
    renderApp('/privacy', signedIn);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
  });

  it('fetches every chunk of an app page: its gates, the layout and the page', async () => {
    // No backend here: the onboarding gate's server check fails and keeps this device's verdict.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await preloadRoute('/settings');
    renderApp('/settings', signedIn);
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });

  it('fetches the not-found page for a path no route has', async () => {
    await preloadRoute('/no-such-page');
    renderApp('/no-such-page', signedIn);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('routeNeedsStore', () => {
  it('is false for the public pages and sign-up, true for the callbacks and the app', () => {
    for (const path of [
      '/',
      '/signup',
      '/privacy',
      '/terms',
      '/contact',
      '/no-such-page',
      '/a/b',
    ]) {
      expect(routeNeedsStore(path), path).toBe(false);
    }
    for (const path of ['/oauth/facebook', '/oauth/linkedin', '/dashboard', '/create']) {
      expect(routeNeedsStore(path), path).toBe(true);
    }
  });
});

describe('the list of paths with a page (route-paths.ts)', () => {
  it('is exactly the paths the routes have, so the server answers 404 where the app does', () => {
    expect([...routedPaths()].sort()).toEqual([...ROUTE_PATHS].sort());
  });

  it('matches as the router does: a trailing slash and letter case make no difference', () => {
    for (const path of ['/', '/dashboard', '/dashboard/', '/Dashboard', '/oauth/facebook//'])
      expect(isRoutePath(path), path).toBe(true);
    for (const path of ['/no-such-page', '/dashboard/x', '/privacy-policy', '/oauth', '/404'])
      expect(isRoutePath(path), path).toBe(false);
  });
});
