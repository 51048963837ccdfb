import { render } from '@testing-library/react';
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
