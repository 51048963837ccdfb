import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  FAKE_FACEBOOK_APP,
  FAKE_LINKEDIN_APP,
  type FakePage,
  type FakeRequestLog,
} from '../support/fake-social/types';
import { signInReadyUser } from './compose-support';
import { localConfig, type TestUser } from './support';

// The fake Facebook and LinkedIn that playwright.config.ts starts beside the app. Tests in this
// file run in parallel against it, so they only read its state and never reset it.
const SOCIAL_URL = `http://127.0.0.1:${Number(process.env.E2E_SOCIAL_PORT)}`;

interface FakeState {
  facebook: { pages: FakePage[] };
  issuedTokens: string[];
}

async function fakeState(request: APIRequestContext): Promise<FakeState> {
  const res = await request.get(`${SOCIAL_URL}/__fake/state`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as FakeState;
}

async function fakeRequests(request: APIRequestContext): Promise<FakeRequestLog[]> {
  const res = await request.get(`${SOCIAL_URL}/__fake/requests`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as FakeRequestLog[];
}

async function openSettingsTab(page: Page, tab: 'Social Credentials' | 'Integrations') {
  if (!/\/settings$/.test(page.url())) await page.goto('/settings');
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

async function openSocialPlatforms(page: Page) {
  await openSettingsTab(page, 'Integrations');
  await page.getByRole('tab', { name: 'Social Media Platforms' }).click();
}

/** A platform's card in Settings › Social Credentials: its badge and its form. */
function credentialsForm(page: Page, idLabel: 'App ID' | 'Client ID'): Locator {
  return page
    .getByRole('tabpanel', { name: 'Social Credentials' })
    .getByRole('region', { name: idLabel === 'App ID' ? 'Facebook' : 'LinkedIn', exact: true });
}

const FORMS = {
  facebook: {
    name: 'Facebook',
    idLabel: 'App ID',
    secretLabel: 'App Secret',
    app: FAKE_FACEBOOK_APP,
  },
  linkedin: {
    name: 'LinkedIn',
    idLabel: 'Client ID',
    secretLabel: 'Client Secret',
    app: FAKE_LINKEDIN_APP,
  },
} as const;

async function saveCredentials(page: Page, platform: keyof typeof FORMS) {
  const f = FORMS[platform];
  await openSettingsTab(page, 'Social Credentials');
  const form = credentialsForm(page, f.idLabel);
  await expect(form.getByText('Not Configured', { exact: true })).toBeVisible();
  await form.getByLabel(f.idLabel, { exact: true }).fill(f.app.id);
  await form.getByLabel(f.secretLabel, { exact: true }).fill(f.app.secret);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`${f.name} credentials saved successfully!`)).toBeVisible();
  await expect(form.getByText('Configured', { exact: true })).toBeVisible();
  // Write-only: once saved, the secret is not shown back.
  await expect(form.getByLabel(f.secretLabel, { exact: true })).not.toHaveValue(f.app.secret);
}

/** Clicks a Connect button and returns the popup it opens, once the fake's dialog is up. */
async function openConnectPopup(page: Page, platform: keyof typeof FORMS): Promise<Page> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Connect ${FORMS[platform].name}` }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('button', { name: 'Continue' })).toBeVisible();
  return popup;
}

function confirmDialog(page: Page, text: string): Locator {
  return page.getByRole('dialog').filter({ hasText: text });
}

/** Everything the page keeps: localStorage, sessionStorage and every IndexedDB store's rows. */
async function dumpBrowserStorage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const idb: Record<string, Record<string, unknown[]>> = {};
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const stores: Record<string, unknown[]> = {};
      for (const store of Array.from(db.objectStoreNames)) {
        stores[store] = await new Promise<unknown[]>((resolve, reject) => {
          const tx = db.transaction(store, 'readonly');
          const keys = tx.objectStore(store).getAllKeys();
          const rows = tx.objectStore(store).getAll();
          tx.oncomplete = () => resolve([keys.result, rows.result]);
          tx.onerror = () => reject(tx.error);
        });
      }
      db.close();
      idb[info.name] = stores;
    }
    return JSON.stringify({
      localStorage: { ...localStorage },
      sessionStorage: { ...sessionStorage },
      indexedDB: idb,
    });
  });
}

async function serverCredentialRows(request: APIRequestContext, user: TestUser) {
  const { url, anonKey } = await localConfig(request);
  const res = await request.get(`${url}/rest/v1/user_social_credentials?select=*`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${user.accessToken}` },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { platform: string; is_active: boolean }[];
}

test('credentials, both connect flows, their refusals, disconnect and delete leave no secret or token in the browser', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await signInReadyUser(page, request);
  const defaultPages = (await fakeState(request)).facebook.pages;
  expect(defaultPages).toHaveLength(3);

  await test.step('connecting before saving credentials leads to them', async () => {
    await openSocialPlatforms(page);
    await page.getByRole('button', { name: 'Connect Facebook' }).click();
    await expect(
      page.getByText('Please configure your Facebook API credentials in Settings first.'),
    ).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Social Credentials' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  await test.step('save Facebook credentials', async () => {
    await saveCredentials(page, 'facebook');
  });

  await test.step('connect Facebook through the popup', async () => {
    await openSocialPlatforms(page);
    const popup = await openConnectPopup(page, 'facebook');
    const dialog = new URL(popup.url());
    expect(`${dialog.origin}${dialog.pathname}`).toBe(`${SOCIAL_URL}/v24.0/dialog/oauth`);
    const origin = new URL(page.url()).origin;
    expect(Object.fromEntries(dialog.searchParams)).toMatchObject({
      client_id: FAKE_FACEBOOK_APP.id,
      redirect_uri: `${origin}/oauth/facebook`,
      response_type: 'code',
      scope: 'pages_show_list,pages_read_engagement,pages_manage_posts',
      state: expect.any(String),
    });
    const logBefore = (await fakeRequests(request)).length;
    await popup.getByRole('button', { name: 'Continue' }).click();
    await popup.waitForEvent('close');
    await expect(page.getByText('Successfully connected 3 Facebook page(s)!')).toBeVisible();
    // The fake hands out two pages at a time: the server followed paging.next for the third.
    // (Grouped by user token: another test may connect at the same time.)
    const listings = new Map<string, boolean[]>();
    for (const r of (await fakeRequests(request)).slice(logBefore)) {
      if (r.path !== '/v24.0/me/accounts') continue;
      const token = r.query.access_token ?? '';
      listings.set(token, [...(listings.get(token) ?? []), Boolean(r.query.after)]);
    }
    expect([...listings.values()]).toContainEqual([false, true]);
    for (const p of defaultPages)
      await expect(page.getByText(p.name, { exact: true })).toBeVisible();
  });

  await test.step('Cancel in the Facebook dialog reports the provider error', async () => {
    const popup = await openConnectPopup(page, 'facebook');
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await popup.waitForEvent('close');
    await expect(page.getByText(/Facebook connection failed: Permissions error/)).toBeVisible();
  });

  await test.step('a blocked popup is reported', async () => {
    // Chromium lets a click open a popup; a blocker makes window.open return null.
    await page.evaluate(() => {
      const open = window.open;
      window.open = () => {
        window.open = open;
        return null;
      };
    });
    await page.getByRole('button', { name: 'Connect Facebook' }).click();
    await expect(page.getByText('Popup blocked. Please allow popups for this site.')).toBeVisible();
  });

  await test.step('closing the popup by hand cancels connecting', async () => {
    const connectCalls: string[] = [];
    const onRequest = (r: { url(): string }) => {
      if (r.url().includes('/functions/v1/facebook-connect')) connectCalls.push(r.url());
    };
    page.on('request', onRequest);
    const popup = await openConnectPopup(page, 'facebook');
    const connectButton = page.getByRole('button', { name: 'Connect Facebook' });
    await expect(connectButton).toBeDisabled();
    await popup.close();
    // The app checks every second whether the popup is still open.
    await expect(connectButton).toBeEnabled({ timeout: 5_000 });
    page.off('request', onRequest);
    expect(connectCalls).toEqual([]);
  });

  await test.step('save LinkedIn credentials and connect LinkedIn', async () => {
    await saveCredentials(page, 'linkedin');
    await openSocialPlatforms(page);
    const popup = await openConnectPopup(page, 'linkedin');
    const auth = new URL(popup.url());
    expect(`${auth.origin}${auth.pathname}`).toBe(`${SOCIAL_URL}/oauth/v2/authorization`);
    expect(Object.fromEntries(auth.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: FAKE_LINKEDIN_APP.id,
      redirect_uri: `${new URL(page.url()).origin}/oauth/linkedin`,
      scope: 'openid profile email w_member_social',
      state: expect.any(String),
    });
    await popup.getByRole('button', { name: 'Continue' }).click();
    await popup.waitForEvent('close');
    await expect(page.getByText('Successfully connected LinkedIn account!')).toBeVisible();
    await expect(page.getByText('Fake LinkedIn Member')).toBeVisible();
  });

  await test.step('a forged LinkedIn state is refused', async () => {
    const popup = await openConnectPopup(page, 'linkedin');
    // Only until the answer arrives: the page answers its opener and closes itself, which can
    // happen before its load event, and a navigation awaited past that fails in Playwright.
    await popup.goto('/oauth/linkedin?code=forged-code&state=forged', { waitUntil: 'commit' });
    // The popup loads the app, store included, before it can answer: on a busy machine that has
    // taken longer than the default 15 s.
    await expect(page.getByText(/Invalid state/)).toBeVisible({ timeout: 30_000 });
    const log = await fakeRequests(request);
    expect(log.filter((r) => r.form.code === 'forged-code')).toEqual([]);
    if (!popup.isClosed()) await popup.close();
  });

  await test.step('disconnect a Facebook page', async () => {
    await openSocialPlatforms(page);
    const pageName = defaultPages[0]!.name;
    await page.getByRole('button', { name: `Disconnect ${pageName}` }).click();
    const confirm = confirmDialog(page, 'Are you sure you want to disconnect this Facebook page?');
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expect(page.getByText('Facebook page disconnected successfully.')).toBeVisible();
    await expect(page.getByText(pageName, { exact: true })).toHaveCount(0);
    await expect(page.getByText(defaultPages[1]!.name, { exact: true })).toBeVisible();
  });

  await test.step('delete the Facebook credentials', async () => {
    await openSettingsTab(page, 'Social Credentials');
    const form = credentialsForm(page, 'App ID');
    await form.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Facebook credentials deleted successfully')).toBeVisible();
    await expect(form.getByText('Not Configured', { exact: true })).toBeVisible();
    const rows = await serverCredentialRows(request, user);
    expect(rows.find((r) => r.platform === 'facebook')?.is_active ?? false).toBe(false);
  });

  await test.step('no app secret and no issued token is kept in the browser', async () => {
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Social Credentials' })).toBeVisible();
    const dump = await dumpBrowserStorage(page);
    // The dump is real: the signed-in session is in it.
    expect(dump).toContain(user.email);
    const { issuedTokens } = await fakeState(request);
    expect(issuedTokens.length).toBeGreaterThan(0);
    for (const secret of [FAKE_FACEBOOK_APP.secret, FAKE_LINKEDIN_APP.secret]) {
      expect(dump).not.toContain(secret);
    }
    const leaked = issuedTokens.filter((token) => dump.includes(token));
    expect(leaked).toEqual([]);
  });
});

test('saving credentials offline says it needs the network and keeps nothing', async ({
  page,
  request,
}) => {
  const user = await signInReadyUser(page, request);
  await openSettingsTab(page, 'Social Credentials');
  const form = credentialsForm(page, 'App ID');
  await expect(form.getByText('Not Configured', { exact: true })).toBeVisible();

  await page.context().setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await expect(
    page.getByText('Saving credentials needs a connection. Try again once you are online.'),
  ).toBeVisible();
  await form.getByLabel('App ID', { exact: true }).fill(FAKE_FACEBOOK_APP.id);
  await form.getByLabel('App Secret', { exact: true }).fill(FAKE_FACEBOOK_APP.secret);
  await expect(form.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  // Enter in a field submits the form even with its button disabled: it must not save either.
  await form.getByLabel('App Secret', { exact: true }).press('Enter');
  await expect(page.getByText('Facebook credentials saved successfully!')).toHaveCount(0);
  await expect(form.getByText('Not Configured', { exact: true })).toBeVisible();
  const offlineDump = await dumpBrowserStorage(page);
  expect(offlineDump).not.toContain(FAKE_FACEBOOK_APP.secret);

  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  // Nothing was queued to go out once back online.
  await page.waitForTimeout(1_500);
  expect(await serverCredentialRows(request, user)).toEqual([]);
  await page.reload();
  await openSettingsTab(page, 'Social Credentials');
  await expect(
    credentialsForm(page, 'App ID').getByText('Not Configured', { exact: true }),
  ).toBeVisible();
  expect(await dumpBrowserStorage(page)).not.toContain(FAKE_FACEBOOK_APP.secret);
});
