// @vitest-environment jsdom
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { App } from '../../app/app';
import { Providers } from '../../app/providers';
import { makeStore } from '../../app/store';
import { createSupabaseClient, setSupabaseClient } from '../../lib/supabase';
import { setUpQuietAppTests } from '../../testing/app-test-support';
import { initialAuthState } from '../auth';
import { initialOnboardingState } from './onboarding-slice';

vi.setConfig({ testTimeout: 30_000 });

setUpQuietAppTests();

const user = { id: '00000000-0000-4000-8000-0000000000a1', email: 'ada@example.com' };

/** A server that takes connections and never answers: a check still under way. */
let silent: Server;
let silentUrl: string;
const sockets = new Set<Socket>();
beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  silentUrl = `http://127.0.0.1:${address.port}`;
  setSupabaseClient(await createSupabaseClient({ url: silentUrl, anonKey: 'anon-key' }));
});
afterAll(async () => {
  setSupabaseClient(undefined);
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

/** The app at `path` for the signed-in user, with nothing known yet of their onboarding. */
function open(path: string) {
  window.history.pushState(null, '', path);
  const store = makeStore({
    auth: {
      ...initialAuthState,
      status: 'signedIn',
      user: { id: user.id, email: user.email, firstName: 'Ada', lastName: 'Lovelace' },
    },
    onboarding: { ...initialOnboardingState, _persist: { version: 1, rehydrated: true } },
  });
  render(
    <Providers store={store}>
      <App />
    </Providers>,
  );
}

const teamHeading = () => screen.findByRole('heading', { level: 1, name: 'Team' });

describe('the onboarding gate, while the server has not answered', () => {
  it('shows the page at once on a device that saw the user finish onboarding', async () => {
    localStorage.setItem(`onboarding_completed:${user.id}`, 'true');
    open('/team');
    expect(await teamHeading()).toBeInTheDocument();
    expect(window.location.pathname).toBe('/team');
    localStorage.removeItem(`onboarding_completed:${user.id}`);
  });

  it('without that flag, shows Loading... until the server answers', async () => {
    open('/team');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('heading', { level: 1, name: 'Team' })).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/team');
  });
});
