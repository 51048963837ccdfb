// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import {
  ada,
  renderApp,
  setUpAppTests,
  SIGNED_IN_PAGES,
  signedIn,
} from '../testing/app-test-support';

// The first visit to each lazily loaded page compiles it: allow more than the default second.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

setUpAppTests();

describe('protected routes', () => {
  it('show Loading... while the session resolves', async () => {
    renderApp('/dashboard');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('show the sign-in screen in place to a visitor, with the session error in the red box', async () => {
    renderApp('/calendar', { status: 'signedOut', error: 'Authentication error' });
    expect(
      await screen.findByRole('heading', { name: 'Sign in to your account' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Welcome back! Please sign in to continue')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Authentication error');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(window.location.pathname).toBe('/calendar');
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it.each(SIGNED_IN_PAGES)(
    '%s shows its title in the app shell to a signed-in user',
    async (path, title) => {
      renderApp(path, signedIn);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    },
  );
});

describe('the app shell', () => {
  it('has the sidebar items under their headings', async () => {
    renderApp('/dashboard', signedIn);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/dashboard'],
      ['Content Calendar', '/calendar'],
      ['Create Content', '/create'],
      ['Analytics', '/analytics'],
      ['Onboarding Wizard', '/onboarding'],
      ['Team', '/team'],
      ['Messages', '/messages'],
      ['Settings', '/settings'],
    ]);
    expect(within(nav).getByRole('heading', { name: 'Management' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Notifications/ })).toBeInTheDocument();
  });

  it('opens the mobile drawer and closes it on navigation', async () => {
    const { user } = renderApp('/dashboard', signedIn);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    // The drawer is modal: the page behind it, sidebar included, leaves the accessibility tree.
    const drawer = await waitFor(() => {
      const shown = screen.getByRole('navigation', { name: 'Main' });
      expect(shown).not.toBe(sidebar);
      return shown;
    });
    await user.click(within(drawer).getByRole('link', { name: 'Team' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open navigation' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('shows the user menu with the display name and email, and its settings items', async () => {
    const { user } = renderApp('/dashboard', signedIn);
    const button = await screen.findByRole('button', { name: 'Account menu' });
    expect(button).toHaveTextContent('A');
    await user.click(button);
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Ada Lovelace');
    expect(menu).toHaveTextContent('ada@example.com');
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Account Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/settings');
  });

  it('falls back to the email name, then to User', async () => {
    const { user } = renderApp('/dashboard', {
      status: 'signedIn',
      user: { ...ada, lastName: '' },
    });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menu')).toHaveTextContent('ada');
    expect(screen.getByRole('menu')).not.toHaveTextContent('Ada Lovelace');
  });
});
