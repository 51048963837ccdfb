import { expect, test } from '@playwright/test';
import { choosePrompt, signInReadyUser } from './compose-support';
import {
  accountMenuButton,
  expectSignInScreen,
  openAccountMenu,
  PHONE_VIEWPORT,
  waitForServiceWorkerControl,
} from './support';

test.use({ viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true });

test('offline on a phone: the sync state in words, saving, generating and signing out say what happens', async ({
  page,
  context,
  request,
}) => {
  await signInReadyUser(page, request);
  await page.goto('/create');
  const content = page.getByLabel('Post content');
  await expect(content).toBeVisible();
  await expect(page.getByRole('button', { name: 'All changes synced' })).toBeVisible();
  // Offline, the app's files come from its service worker: the menus and notices it fetches when
  // first opened need it in control (before that, they show their plain versions).
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  await content.fill('Fresh sourdough every morning at 7.');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(
    page.getByText(
      "Your draft has been saved! You can find it in your drafts folder and continue editing anytime. You're offline: it is saved on this device and will sync when you're back online.",
    ),
  ).toBeVisible();

  // The top bar has no room for the words on a phone: the count is on the icon, the words on a tap.
  const status = page.getByRole('button', { name: 'Offline, 1 change waiting' });
  await expect(status).toBeVisible();
  await expect(status).toContainText('1');
  await status.tap();
  const details = page.getByRole('dialog', { name: 'Offline, 1 change waiting' });
  await expect(details).toContainText(
    'You are offline. Your changes are saved on this device and will sync when you are back online.',
  );
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  await choosePrompt(page, 'Industry news');
  const started = Date.now();
  await page.getByRole('button', { name: 'Generate with ChatGPT' }).click();
  await expect(
    page.getByText(
      "You're offline. Generating a post needs an internet connection: try again when you're back online.",
    ),
  ).toBeVisible();
  expect(Date.now() - started).toBeLessThan(3000);
  await expect(page.getByRole('button', { name: 'Generating...' })).toHaveCount(0);

  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(accountMenuButton(page)).toHaveCount(0);
  await expectSignInScreen(page);
  expect(await page.evaluate(() => localStorage.getItem('postbloom-auth'))).toBeNull();
});
