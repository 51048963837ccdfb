import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialAuthState, type AuthState } from '../features/auth';
import { initialOnboardingState } from '../features/onboarding';
import { App } from '../app/app';
import { Providers } from '../app/providers';
import { makeStore } from '../app/store';

export const ada = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
};

// There is no backend here: the onboarding gate's server check fails and falls back to this
// device's record, which renderApp sets up. Any other console error fails the test.
const EXPECTED_ERRORS = [/^Onboarding status check failed/, /^Failed to load onboarding data/];

/**
 * Registers the calling file's hooks: after each test the app is unmounted, the URL is back at /,
 * and a console error other than the onboarding gate's expected ones fails the test.
 */
export function setUpAppTests() {
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
}

/**
 * Like setUpAppTests, for pages whose loads all fail here and log it: console errors are silenced,
 * not checked. After each test the app is unmounted, mocks are restored and the URL is back at /.
 */
export function setUpQuietAppTests() {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    window.history.pushState(null, '', '/');
  });
}

/** The whole app at `path`, on a real store holding `auth`. */
export function renderApp(path: string, auth: Partial<AuthState> = {}, routeState?: unknown) {
  // BrowserRouter keeps navigation state under history.state.usr.
  window.history.pushState({ usr: routeState ?? null, key: 'test', idx: 0 }, '', path);
  // A signed-in user here has finished onboarding on this device, so the gate lets pages through.
  const onboarding = {
    ...initialOnboardingState,
    userId: auth.user?.id ?? null,
    completed: auth.status === 'signedIn',
    _persist: { version: 1, rehydrated: true },
  };
  const store = makeStore({ auth: { ...initialAuthState, ...auth }, onboarding });
  const user = userEvent.setup({ delay: null });
  render(
    <Providers store={store}>
      <App />
    </Providers>,
  );
  return { store, user };
}

export const signedIn = { status: 'signedIn' as const, user: ada };

/** The signed-in pages of the app shell, each with the heading it shows. */
export const SIGNED_IN_PAGES = [
  ['/dashboard', 'Dashboard'],
  ['/calendar', 'Content Calendar'],
  ['/create', 'Create New Post'],
  ['/analytics', 'Analytics'],
  ['/settings', 'Settings'],
  ['/onboarding', 'Onboarding Wizard'],
  ['/team', 'Team'],
  ['/messages', 'Messages'],
] as const;
