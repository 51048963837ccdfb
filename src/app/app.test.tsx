// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { selectThemeMode } from '../features/ui';
import { AUTH_STORAGE_KEY } from '../lib/supabase';
import { ada, renderApp, SIGNED_IN_PAGES, signedIn } from '../testing/app-test-support';

// The first visit to each lazily loaded page compiles it: allow more than the default second.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

// There is no backend here: the onboarding gate's server check fails and falls back to this
// device's record, which renderApp sets up. Any other console error fails the test.
const EXPECTED_ERRORS = [/^Onboarding status check failed/, /^Failed to load onboarding data/];
let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  window.history.pushState(null, '', '/');
  const unexpected = consoleError.mock.calls.filter(
    ([first]) => !EXPECTED_ERRORS.some((expected) => expected.test(String(first))),
  );
  consoleError.mockRestore();
  expect(unexpected).toEqual([]);
});

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

describe('the sign-in screen', () => {
  it('toggles to account creation and checks the fields in the spec order', async () => {
    const { user } = renderApp('/dashboard', { status: 'signedOut' });
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(screen.queryByLabelText('First Name')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Create Account' });

    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter both first and last name');
    await user.type(screen.getByLabelText('First Name'), 'A');
    await user.type(screen.getByLabelText('Last Name'), 'Lovelace');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'First name must be at least 2 characters long',
    );
    await user.type(screen.getByLabelText('First Name'), 'da');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    await user.type(screen.getByLabelText('Email'), 'ada.example.com');
    await user.type(screen.getByLabelText('Password'), '123');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Password must be at least 6 characters long',
    );

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const { user } = renderApp('/dashboard', { status: 'signedOut' });
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('asks for a valid email before sending a reset link', async () => {
    const { user } = renderApp('/dashboard', { status: 'signedOut' });
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
  });
});

describe('the sign-up page', () => {
  it('has the fields, the links and the fine print', async () => {
    renderApp('/signup', { status: 'signedOut' });
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    for (const label of ['First Name', 'Last Name', 'Email', 'Password']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });
});

describe('the sign-up page for a signed-in user', () => {
  afterEach(() => localStorage.clear());

  it('sends them to the dashboard instead of the form', async () => {
    renderApp('/signup', signedIn);
    await vi.waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
  });

  it('shows Loading..., not the form, while the session saved on this device is restored', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user: { id: ada.id } }));
    renderApp('/signup');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
  });
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
    const drawer = screen.getByRole('navigation', { name: 'Main' });
    expect(drawer).not.toBe(sidebar);
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
    const menu = screen.getByRole('menu');
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
    expect(screen.getByRole('menu')).toHaveTextContent('ada');
    expect(screen.getByRole('menu')).not.toHaveTextContent('Ada Lovelace');
  });
});

describe('settings', () => {
  it('has six tabs and preselects the one named in the route state', async () => {
    renderApp('/settings', signedIn, { tab: 'appearance' });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Social Credentials',
      'Notifications',
      'Integrations',
      'Appearance',
      'Privacy',
    ]);
    expect(screen.getByRole('tab', { name: 'Appearance' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Appearance');
  });

  it('opens on the profile tab and switches tabs', async () => {
    const { user } = renderApp('/settings', signedIn);
    expect(await screen.findByRole('tab', { name: 'Profile' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(screen.getByRole('tab', { name: 'Privacy' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Privacy');
  });

  it('sets the theme from the appearance tab', async () => {
    const { store, user } = renderApp('/settings', signedIn, { tab: 'appearance' });
    const dark = await screen.findByRole('radio', { name: 'Dark' });
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    await user.click(dark);
    expect(dark).toBeChecked();
    expect(selectThemeMode(store.getState())).toBe('dark');
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(selectThemeMode(store.getState())).toBe('light');
  });
});
