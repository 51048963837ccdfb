// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AppStore } from '../../app/store';
import { getAppDb } from '../../lib/db';
import { FACEBOOK_OAUTH_STATE_KEY, LINKEDIN_OAUTH_STATE_KEY, saveCredentials } from '../social';
import {
  FAKE_LINKEDIN_APP,
  indexedDbDump,
  recordActions,
  signedUpStore,
  withSocialBackend,
} from '../../testing/social-backend';
import { IntegrationsSettings } from './integrations-settings';

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
  vi.restoreAllMocks();
  const db = getAppDb();
  await Promise.all(db.tables.map((table) => table.clear()));
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

async function renderPanel(store: AppStore) {
  const user = userEvent.setup({ delay: null });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/settings']}>
        <Routes>
          <Route
            path="/settings"
            element={
              <>
                <IntegrationsSettings />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  await user.click(screen.getByRole('tab', { name: 'Social Media Platforms' }));
  return user;
}

/** The popup window the app opens, as the opener sees it. */
function popupWindow() {
  const popup = { closed: false, close: vi.fn(() => (popup.closed = true)) };
  const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  return { popup, open };
}

/** What the callback page posts to the opener. */
function callback(data: unknown) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin }));
  });
}

function dialogQuery(open: ReturnType<typeof vi.spyOn>) {
  const url = new URL(String(open.mock.calls.at(-1)![0]));
  return Object.fromEntries(url.searchParams);
}

const region = (name: string) => screen.getByRole('region', { name });

async function withFacebookCredentials() {
  const signed = await signedUpStore();
  const app = { id: `${Date.now()}`, secret: `fb-secret-${crypto.randomUUID()}` };
  social.fake.facebook.apps.set(app.id, app.secret);
  await signed.store.dispatch(saveCredentials('facebook', app.id, app.secret));
  return { ...signed, app };
}

describe('Settings › Integrations › Social Media Platforms', () => {
  it('connects Facebook pages through the popup, lists them and disconnects one', async () => {
    const { store, app } = await withFacebookCredentials();
    const user = await renderPanel(store);
    const overview = region('Status overview');
    expect(await within(overview).findByText('Ready')).toBeInTheDocument();
    expect(within(overview).getByText('Setup Required')).toBeInTheDocument();
    expect(within(overview).getAllByText('0 connected')).toHaveLength(2);

    const { open } = popupWindow();
    const connect = screen.getByRole('button', { name: 'Connect Facebook' });
    await user.click(connect);
    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(connect).toBeDisabled();
    fireEvent.click(connect);
    expect(open).toHaveBeenCalledTimes(1);

    const query = dialogQuery(open);
    expect(query).toMatchObject({
      client_id: app.id,
      redirect_uri: `${window.location.origin}/oauth/facebook`,
      response_type: 'code',
      scope: 'pages_show_list,pages_read_engagement,pages_manage_posts',
    });
    expect(localStorage.getItem(FACEBOOK_OAUTH_STATE_KEY)).toBe(query.state);
    expect(open.mock.calls[0]![2]).toMatch(/width=600,height=720/);

    // What the dialog's Continue does; the callback page then posts the code.
    const code = social.fake.facebook.issueCode(app.id, query.redirect_uri!);
    callback({ type: 'facebook-oauth-success', code });

    expect(await screen.findByText('Successfully connected 3 Facebook page(s)!')).toBeVisible();
    const facebook = region('Facebook');
    const pages = social.fake.facebook.pages;
    for (const page of pages) expect(within(facebook).getByText(page.name)).toBeInTheDocument();
    expect(within(facebook).getByText(pages[0]!.category)).toBeInTheDocument();
    expect(within(overview).getByText('3 connected')).toBeInTheDocument();
    expect(connect).toBeEnabled();
    // The profile's setup flag changed on the server: the sync engine is asked for a pull.
    expect(recorder.actions.map((a) => a.type)).toContain('sync/pullRequested');

    const first = [...pages].sort((a, b) => a.name.localeCompare(b.name))[0]!;
    await user.click(within(facebook).getByRole('button', { name: `Disconnect ${first.name}` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to disconnect this Facebook page?');
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Facebook page disconnected successfully.')).toBeVisible();
    expect(within(facebook).queryByText(first.name)).not.toBeInTheDocument();
    expect(within(overview).getByText('2 connected')).toBeInTheDocument();

    // No secret and no platform token anywhere on the device.
    const device =
      JSON.stringify(store.getState()) +
      recorder.dump() +
      social.backend.storage.dump() +
      (await indexedDbDump());
    expect(device).not.toContain(app.secret);
    for (const token of social.fake.issuedTokens()) expect(device).not.toContain(token);
  });

  it('connects LinkedIn and reports the member', async () => {
    const { store } = await signedUpStore('Lin');
    await store.dispatch(
      saveCredentials('linkedin', FAKE_LINKEDIN_APP.id, FAKE_LINKEDIN_APP.secret),
    );
    const user = await renderPanel(store);
    expect(await within(region('Status overview')).findAllByText('Ready')).toHaveLength(1);
    const { open } = popupWindow();
    await user.click(screen.getByRole('button', { name: 'Connect LinkedIn' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalled());
    const query = dialogQuery(open);
    expect(query).toMatchObject({
      client_id: FAKE_LINKEDIN_APP.id,
      response_type: 'code',
      scope: 'openid profile email w_member_social',
      redirect_uri: `${window.location.origin}/oauth/linkedin`,
    });
    expect(localStorage.getItem(LINKEDIN_OAUTH_STATE_KEY)).toBe(query.state);

    callback({
      type: 'linkedin-oauth-success',
      code: social.fake.linkedin.issueCode(FAKE_LINKEDIN_APP.id, query.redirect_uri!),
    });

    expect(await screen.findByText('Successfully connected LinkedIn account!')).toBeVisible();
    expect(
      within(region('LinkedIn')).getByText(social.fake.linkedin.member.name),
    ).toBeInTheDocument();
  });

  it('marks an account whose connection the platform refused as Reconnect needed, with the reason', async () => {
    const { store, userId } = await signedUpStore('Rita');
    await store.dispatch(
      saveCredentials('linkedin', FAKE_LINKEDIN_APP.id, FAKE_LINKEDIN_APP.secret),
    );
    const user = await renderPanel(store);
    const { open } = popupWindow();
    await user.click(await screen.findByRole('button', { name: 'Connect LinkedIn' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalled());
    callback({
      type: 'linkedin-oauth-success',
      code: social.fake.linkedin.issueCode(FAKE_LINKEDIN_APP.id, dialogQuery(open).redirect_uri!),
    });
    expect(await screen.findByText('Successfully connected LinkedIn account!')).toBeVisible();
    expect(within(region('LinkedIn')).queryByText('Reconnect needed')).not.toBeInTheDocument();

    // What the publisher does when LinkedIn answers 401 for the account's token.
    const admin = social.backend.server.serviceClient();
    const { data: accounts } = await admin
      .from('social_media_accounts')
      .select('id')
      .eq('user_id', userId)
      .eq('platform', 'linkedin');
    const reason = 'Reconnect LinkedIn: the connection expired or was revoked.';
    const { error } = await admin.rpc('publisher_reconnect_needed', {
      p_account: accounts![0]!.id,
      p_reason: reason,
    });
    expect(error).toBeNull();

    // The list is read when the panel opens.
    cleanup();
    await renderPanel(store);
    const linkedin = region('LinkedIn');
    expect(await within(linkedin).findByText('Reconnect needed')).toBeVisible();
    expect(within(linkedin).getByText(reason)).toBeVisible();
    expect(within(linkedin).getByText(social.fake.linkedin.member.name)).toBeVisible();
  });

  it('sends a user without credentials to Settings › Social Credentials with the spec’s text', async () => {
    const { store } = await signedUpStore();
    const user = await renderPanel(store);
    const { open } = popupWindow();
    await user.click(screen.getByRole('button', { name: 'Connect Facebook' }));
    const text = 'Please configure your Facebook API credentials in Settings first.';
    expect(await screen.findByText(text)).toBeVisible();
    await vi.waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(
        `/settings {"tab":"social-credentials","notice":"${text}"}`,
      ),
    );
    expect(open).not.toHaveBeenCalled();
  });

  it('reports a forged state, a refused code, a blocked popup and a closed one', async () => {
    const { store, app } = await withFacebookCredentials();
    const user = await renderPanel(store);
    const connect = await screen.findByRole('button', { name: 'Connect Facebook' });
    const { popup, open } = popupWindow();

    // The callback page found another state than the one stored.
    await user.click(connect);
    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    callback({ type: 'facebook-oauth-error', error: 'Invalid state' });
    expect(await screen.findByText('Facebook connection failed: Invalid state')).toBeVisible();
    expect(localStorage.getItem(FACEBOOK_OAUTH_STATE_KEY)).toBeNull();

    // A code Facebook does not know: the function's {error} follows the spec's prefix.
    await vi.waitFor(() => expect(connect).toBeEnabled());
    await user.click(connect);
    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(2));
    callback({ type: 'facebook-oauth-success', code: 'not-a-code' });
    const refused = await screen.findByText(/^Failed to connect Facebook: .+/);
    expect(refused.textContent).not.toContain(app.secret);

    // The browser blocked the popup.
    await vi.waitFor(() => expect(connect).toBeEnabled());
    open.mockImplementationOnce(() => null);
    await user.click(connect);
    expect(
      await screen.findByText('Popup blocked. Please allow popups for this site.'),
    ).toBeVisible();

    // Closed by hand: connecting is cancelled within a second, with nothing to report.
    await vi.waitFor(() => expect(connect).toBeEnabled());
    await user.click(connect);
    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(4));
    expect(connect).toBeDisabled();
    popup.closed = true;
    await vi.waitFor(() => expect(connect).toBeEnabled(), { timeout: 3000 });
    expect(localStorage.getItem(FACEBOOK_OAUTH_STATE_KEY)).toBeNull();
    expect(within(region('Facebook')).getByText('No Facebook pages connected yet.')).toBeVisible();
  });

  it('keeps Twitter and Instagram as coming soon', async () => {
    const { store } = await signedUpStore();
    await renderPanel(store);
    expect(screen.getByRole('button', { name: 'Connect Twitter' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Connect Instagram' })).toBeDisabled();
    expect(screen.getAllByText('Coming soon')).toHaveLength(2);
  });
});
