import { expect, test } from '@playwright/test';
import {
  accountMenuButton,
  createUser,
  expectSignInScreen,
  formAlert,
  openAccountMenu,
  passwordField,
  signInThroughUi,
} from './support';

test('a protected route shows the sign-in screen to a visitor', async ({ page }) => {
  for (const path of ['/dashboard', '/calendar', '/settings']) {
    await page.goto(path);
    await expectSignInScreen(page);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(accountMenuButton(page)).toHaveCount(0);
  }
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
});

test('the sign-in screen toggles to account creation and back', async ({ page }) => {
  await page.goto('/dashboard');
  await expectSignInScreen(page);
  await expect(page.getByLabel('First Name', { exact: true })).toHaveCount(0);
  await page.getByText("Don't have an account?").getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByLabel('First Name', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Last Name', { exact: true })).toBeVisible();
  await page.getByText('Already have an account?').getByRole('button', { name: 'Sign in' }).click();
  await expectSignInScreen(page);
});

test('a wrong password shows the server message in the red box', async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto('/dashboard');
  await expectSignInScreen(page);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await passwordField(page).fill(`${user.password}-wrong`);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  const alert = formAlert(page);
  await expect(alert).toContainText('Invalid login credentials');
  // The red box: its text or its background has a clearly red hue, whatever the Alert variant.
  const colours = await alert.evaluate((el) => {
    const style = getComputedStyle(el);
    return [style.color, style.backgroundColor];
  });
  const reddish = colours.some((colour) => {
    const [r = 0, g = 0, b = 0] = (colour.match(/\d+/g) ?? []).map(Number);
    return r - g > 40 && r - b > 40;
  });
  expect(reddish, `alert colours ${colours.join(' / ')}`).toBe(true);
  await expectSignInScreen(page);
});

test('signing in with the right password opens the app; signing out returns to the sign-in screen', async ({
  page,
  request,
}) => {
  const user = await createUser(request, {
    firstName: 'Katherine',
    lastName: 'Johnson',
    onboarded: true,
  });
  await signInThroughUi(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);

  const menu = await openAccountMenu(page);
  await expect(menu).toContainText('Katherine Johnson');
  await expect(menu).toContainText(user.email);
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();

  await expect(accountMenuButton(page)).toHaveCount(0);
  await page.goto('/dashboard');
  await expectSignInScreen(page);
  // Signing out ends the stored session too, not just the screen.
  await page.reload();
  await expectSignInScreen(page);
});
