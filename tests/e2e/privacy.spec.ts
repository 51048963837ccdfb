import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { contentField, liveServerDrafts, notice, signInReadyUser } from './compose-support';
import {
  expectSignInScreen,
  formAlert,
  horizontalOverflow,
  openAccountMenu,
  passwordField,
} from './support';

const SAVED =
  'Your draft has been saved! You can find it in your drafts folder and continue editing anytime.';

async function openPrivacyTab(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await page.getByRole('tab', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
}

function field(page: Page, label: RegExp) {
  return page.getByRole('textbox', { name: label }).or(page.getByLabel(label));
}

/** Everything this browser keeps for the app: its IndexedDB tables and local storage, as text. */
function deviceDump(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const open = indexedDB.open('postbloom');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tables: unknown[] = [];
    for (const name of Array.from(db.objectStoreNames)) {
      const rows = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(name).objectStore(name).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      tables.push(name, rows);
    }
    db.close();
    return JSON.stringify(tables) + JSON.stringify({ ...localStorage });
  });
}

function userIdOf(accessToken: string): string {
  return (
    JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sub: string }
  ).sub;
}

/** The sign-in screen's attempt, ending on the dashboard or on the form's red box. */
async function trySignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/dashboard');
  await expectSignInScreen(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('changes the password with the current one: the new one signs in, the old one no longer does', async ({
  page,
  request,
}) => {
  const user = await signInReadyUser(page, request);
  await openPrivacyTab(page);
  const current = field(page, /^Current password/);
  const next = field(page, /^New password/);
  const confirm = field(page, /^Confirm new password/);
  const update = page.getByRole('button', { name: 'Update Security' });

  await current.fill('not-my-password');
  await next.fill('Brand-new-Secret-2');
  await confirm.fill('Brand-new-Secret-2');
  await update.click();
  await expect(page.getByRole('alert')).toHaveText('Current password is incorrect.');

  await current.fill(user.password);
  await update.click();
  await expect(notice(page, 'Password updated successfully!')).toBeVisible();
  await expect(current).toHaveValue('');

  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  await trySignIn(page, user.email, user.password);
  await expect(formAlert(page)).toHaveText('Invalid login credentials');
  await trySignIn(page, user.email, 'Brand-new-Secret-2');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('Export Data downloads a JSON file holding a saved draft', async ({ page, request }) => {
  const user = await signInReadyUser(page, request);
  const text = 'Spring opening hours: we bake from 7am every day this April!';
  await page.getByRole('link', { name: 'Create Content' }).first().click();
  await contentField(page).fill(text);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(notice(page, SAVED)).toBeVisible();
  await expect
    .poll(async () => (await liveServerDrafts(request, user)).map((d) => d.content), {
      timeout: 30_000,
    })
    .toEqual([text]);

  await openPrivacyTab(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^postbloom-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    source: string;
    account: { email: string };
    drafts: { content: string }[];
  };
  expect(exported.source).toBe('server');
  expect(exported.account.email).toBe(user.email);
  expect(exported.drafts.map((d) => d.content)).toEqual([text]);
  await expect(notice(page, 'Your data has been exported.')).toBeVisible();
});

test('deletes the account after the typed confirmation; signing in then fails', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const user = await signInReadyUser(page, request);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { name: 'Danger zone' })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  const userId = userIdOf(user.accessToken);
  // What the app keeps of the account on this device (its profile, sync cursor, persisted state).
  await expect.poll(() => deviceDump(page)).toContain(userId);

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.click();

  await expectSignInScreen(page);
  await trySignIn(page, user.email, user.password);
  await expect(formAlert(page)).toHaveText('Invalid login credentials');
  // Nothing of the account is left in this browser's storage.
  const device = await deviceDump(page);
  expect(device).not.toContain(userId);
  expect(device).not.toContain(user.email);
});
