// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { AppStore } from '../../app/store';
import { getAppDb } from '../../lib/db';
import { FRAME_HINTS_KEY, rememberFrameHint, rememberedFrameHints } from '../../lib/frame-hints';
import { makeUserProfileRecord } from '../../testing/factories';
import {
  indexedDbDump,
  recordActions,
  signedUpStore,
  withSocialBackend,
} from '../../testing/social-backend';
import { connectivityChanged } from '../sync';
import SettingsPage from './settings-page';
import { credentialsFormTexts, SocialCredentialsSettings } from './social-credentials-settings';
import { guidanceTexts } from './social-setup-guidance';

vi.setConfig({ testTimeout: 60_000 });

const social = withSocialBackend();

let recorder: ReturnType<typeof recordActions>;

beforeEach(async () => {
  await social.backend.connect();
  social.fake.reset();
  recorder = recordActions();
});

afterEach(async () => {
  cleanup();
  recorder.stop();
  const db = getAppDb();
  await Promise.all(db.tables.map((table) => table.clear()));
});

async function renderCredentials(store: AppStore, routeState: unknown = null) {
  const user = userEvent.setup({ delay: null });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[{ pathname: '/settings', state: routeState }]}>
        <Routes>
          <Route path="/settings" element={<SocialCredentialsSettings />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  await screen.findByRole('textbox', { name: 'App ID' });
  return user;
}

const region = (name: string) => screen.getByRole('region', { name });

function facebookApp() {
  const app = { id: `${Date.now()}`, secret: `fb-secret-${crypto.randomUUID()}` };
  social.fake.facebook.apps.set(app.id, app.secret);
  return app;
}

describe('Settings › Social Credentials', () => {
  it('saves Facebook credentials: Configured, valid, the secret field empty and nowhere kept', async () => {
    const { store } = await signedUpStore();
    const app = facebookApp();
    const user = await renderCredentials(store);
    const facebook = region('Facebook');
    expect(within(facebook).getByText('Not Configured')).toBeInTheDocument();
    expect(within(region('LinkedIn')).getByText('Not Configured')).toBeInTheDocument();

    await user.type(within(facebook).getByRole('textbox', { name: 'App ID' }), app.id);
    const secret = within(facebook).getByLabelText('App Secret') as HTMLInputElement;
    await user.type(secret, app.secret);
    expect(secret.type).toBe('password');
    await user.click(within(facebook).getByRole('button', { name: 'Show App Secret' }));
    expect(secret.type).toBe('text');
    await user.click(within(facebook).getByRole('button', { name: 'Hide App Secret' }));
    expect(secret.type).toBe('password');

    await user.click(within(facebook).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Facebook credentials saved successfully!')).toBeVisible();
    expect(within(facebook).getByText('Configured')).toBeInTheDocument();
    expect(within(facebook).getByText(/^Valid · last checked .+/)).toBeInTheDocument();
    expect(secret.value).toBe('');
    expect(secret).toHaveAccessibleDescription(credentialsFormTexts.secretSaved('App Secret'));
    expect(within(facebook).getByRole('textbox', { name: 'App ID' })).toHaveValue(app.id);
    const device =
      JSON.stringify(store.getState()) +
      recorder.dump() +
      social.backend.storage.dump() +
      (await indexedDbDump());
    expect(device).not.toContain(app.secret);
  });

  it('shows the platform’s refusal of a wrong secret', async () => {
    const { store } = await signedUpStore();
    const app = facebookApp();
    const user = await renderCredentials(store);
    const facebook = region('Facebook');
    await user.type(within(facebook).getByRole('textbox', { name: 'App ID' }), app.id);
    await user.type(within(facebook).getByLabelText('App Secret'), 'wrong-secret');
    await user.click(within(facebook).getByRole('button', { name: 'Save' }));
    expect(await within(facebook).findByText(/^Invalid: .+/)).toBeVisible();
    expect(within(facebook).getByText('Configured')).toBeInTheDocument();
  });

  it('asks for both fields of each form', async () => {
    const { store } = await signedUpStore();
    const user = await renderCredentials(store);
    const facebook = region('Facebook');
    await user.type(within(facebook).getByRole('textbox', { name: 'App ID' }), '12345');
    await user.click(within(facebook).getByRole('button', { name: 'Save' }));
    expect(
      await within(facebook).findByText('Please fill in all Facebook credentials'),
    ).toBeVisible();

    const linkedin = region('LinkedIn');
    await user.type(within(linkedin).getByLabelText('Client Secret'), 'only-the-secret');
    await user.click(within(linkedin).getByRole('button', { name: 'Save' }));
    expect(
      await within(linkedin).findByText('Please fill in all LinkedIn credentials'),
    ).toBeVisible();
    expect(social.fake.requests).toEqual([]);
    expect(recorder.dump()).not.toContain('only-the-secret');
  });

  it('deletes after a confirmation and shows Not Configured', async () => {
    const { store } = await signedUpStore();
    const user = await renderCredentials(store);
    const linkedin = region('LinkedIn');
    expect(within(linkedin).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await user.type(within(linkedin).getByRole('textbox', { name: 'Client ID' }), 'li-client');
    await user.type(within(linkedin).getByLabelText('Client Secret'), 'li-secret');
    await user.click(within(linkedin).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('LinkedIn credentials saved successfully!')).toBeVisible();
    expect(within(linkedin).getByText(credentialsFormTexts.linkedinPending)).toBeVisible();

    await user.click(within(linkedin).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(credentialsFormTexts.deleteConfirm('LinkedIn'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('LinkedIn credentials deleted successfully')).toBeVisible();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(linkedin).getByText('Not Configured')).toBeInTheDocument();
    expect(within(linkedin).getByRole('textbox', { name: 'Client ID' })).toHaveValue('');
  });

  it('gives the redirect addresses to register with each platform', async () => {
    const { store } = await signedUpStore();
    await renderCredentials(store);
    const origin = window.location.origin;
    expect(within(region('Facebook')).getByText(`${origin}/oauth/facebook`)).toBeVisible();
    expect(within(region('LinkedIn')).getByText(`${origin}/oauth/linkedin`)).toBeVisible();
  });

  it('says saving needs a connection while offline, and keeps Save disabled', async () => {
    const { store } = await signedUpStore();
    const user = await renderCredentials(store);
    act(() => {
      store.dispatch(connectivityChanged({ online: false }));
    });
    expect(screen.getByText(credentialsFormTexts.offline)).toBeVisible();
    const facebook = region('Facebook');
    await user.type(within(facebook).getByLabelText('App Secret'), 'typed-offline');
    expect(within(facebook).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(recorder.dump() + social.backend.storage.dump()).not.toContain('typed-offline');
  });

  it('shows the message a connect attempt without credentials brought here', async () => {
    const { store } = await signedUpStore();
    const text = 'Please configure your Facebook API credentials in Settings first.';
    await renderCredentials(store, { tab: 'social-credentials', notice: text });
    expect(screen.getByText(text)).toBeVisible();
  });
});

describe('first-run guidance on Settings', () => {
  function renderSettingsPage(store: AppStore) {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/settings']}>
          <Routes>
            <Route path="/settings" element={<SettingsPage />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
  }

  async function renderSettings(store: AppStore) {
    const user = userEvent.setup({ delay: null });
    renderSettingsPage(store);
    await screen.findByRole('tab', { name: 'Profile' });
    return user;
  }

  it('comes with the sections, never after them: it does not push them down', async () => {
    const { store } = await signedUpStore();
    renderSettingsPage(store);
    // The profile on this device is read first; until then, one loading status.
    const loading = screen.getByRole('progressbar', { name: 'Loading settings' });
    // The prerendered frame stays over a loading screen (src/lib/prerendered-shell.ts).
    expect(loading.closest('[data-loading-screen]')).not.toBeNull();
    expect(screen.queryByRole('tab', { name: 'Profile' })).not.toBeInTheDocument();
    await screen.findByRole('tab', { name: 'Profile' });
    expect(screen.getByText(guidanceTexts.guidance)).toBeVisible();
    expect(screen.queryByRole('progressbar', { name: 'Loading settings' })).not.toBeInTheDocument();
  });

  it('suggests setting up social credentials and opens that tab', async () => {
    const { store, userId } = await signedUpStore();
    localStorage.removeItem(FRAME_HINTS_KEY);
    const user = await renderSettings(store);
    const open = await screen.findByRole('button', { name: guidanceTexts.button });
    expect(screen.getByText(guidanceTexts.guidance)).toBeVisible();
    // Remembered for the settings page's prerendered frame, for this user only.
    expect(rememberedFrameHints(userId)).toEqual(['social-setup-guidance']);
    expect(rememberedFrameHints('someone-else')).toEqual([]);
    await user.click(open);
    expect(screen.getByRole('tab', { name: 'Social Credentials' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('textbox', { name: 'App ID' })).toBeVisible();
  });

  it('is gone once the profile says social setup is complete', async () => {
    const { store, userId } = await signedUpStore();
    await getAppDb().userProfiles.put(
      makeUserProfileRecord({ id: userId, userId, socialCredentialsWizardCompleted: true }),
    );
    rememberFrameHint(userId, 'social-setup-guidance', true);
    await renderSettings(store);
    expect(await screen.findByRole('textbox', { name: 'First Name' })).toBeVisible();
    expect(screen.queryByText(guidanceTexts.guidance)).not.toBeInTheDocument();
    expect(rememberedFrameHints(userId)).toEqual([]);
  });
});
