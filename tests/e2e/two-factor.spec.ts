import { Secret, TOTP } from 'otpauth';
import { expect, test, type Page } from '@playwright/test';
import {
  accountMenuButton,
  createUser,
  expectSignInScreen,
  formAlert,
  horizontalOverflow,
  openAccountMenu,
  passwordField,
  signInThroughUi,
} from './support';

function codeFor(key: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(key) }).generate({ timestamp });
}

function wrongCode(key: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((d) => codeFor(key, Date.now() + d)));
  return ['000000', '111111', '222222'].find((c) => !valid.has(c))!;
}

async function openPrivacyTab(page: Page): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
}

test('turns two-factor on from Settings → Privacy, asks for the code at sign-in, and turns it off', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { onboarded: true });
  await signInThroughUi(page, user);
  await openPrivacyTab(page);

  await page.getByRole('button', { name: 'Enable 2FA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enable two-factor authentication' });
  await expect(dialog).toBeVisible();
  const qr = dialog.getByRole('img', { name: 'QR code for setting up two-factor authentication' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  // The QR code is a real image: it has drawn at its size.
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const shownKey = await dialog.getByLabel('Setup key', { exact: true }).inputValue();
  expect(shownKey).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const key = shownKey.replace(/\s/g, '');

  await dialog.getByLabel('Authentication code', { exact: true }).fill(wrongCode(key));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Invalid TOTP code entered');
  await dialog.getByLabel('Authentication code', { exact: true }).fill(codeFor(key));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Two-factor authentication is on.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable 2FA' })).toBeVisible();

  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(accountMenuButton(page)).toHaveCount(0);

  // The password alone stops at the code step.
  await page.goto('/dashboard');
  await expectSignInScreen(page);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await passwordField(page).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(accountMenuButton(page)).toHaveCount(0);

  // A reload keeps asking: the session is only aal1.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(accountMenuButton(page)).toHaveCount(0);

  const code = page.getByLabel('Authentication code', { exact: true });
  await code.fill(wrongCode(key));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(formAlert(page)).toHaveText('Invalid TOTP code entered');
  await code.fill(codeFor(key));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(accountMenuButton(page)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await openPrivacyTab(page);
  await page.getByRole('button', { name: 'Disable 2FA' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disable two-factor authentication?' });
  await confirm.getByRole('button', { name: 'Disable 2FA' }).click();
  await expect(page.getByText('Two-factor authentication is off.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable 2FA' })).toBeVisible();

  // Off again: the password alone opens the app.
  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(accountMenuButton(page)).toHaveCount(0);
  await signInThroughUi(page, user);
});

test('the code step and the setup dialog fit a 360 px screen and cancel cleanly', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await createUser(request, { onboarded: true });
  await signInThroughUi(page, user);
  await openPrivacyTab(page);
  await page.getByRole('button', { name: 'Enable 2FA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enable two-factor authentication' });
  await expect(dialog.getByLabel('Setup key', { exact: true })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // An abandoned setup does not block the next one.
  await page.getByRole('button', { name: 'Enable 2FA' }).click();
  const again = page.getByRole('dialog', { name: 'Enable two-factor authentication' });
  const key = (await again.getByLabel('Setup key', { exact: true }).inputValue()).replace(
    /\s/g,
    '',
  );
  await again.getByLabel('Authentication code', { exact: true }).fill(codeFor(key));
  await again.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'Disable 2FA' })).toBeVisible();

  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.goto('/dashboard');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await passwordField(page).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Cancel and sign out' }).click();
  await expectSignInScreen(page);
  await page.reload();
  await expectSignInScreen(page);
});
