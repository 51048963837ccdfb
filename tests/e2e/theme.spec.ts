import { expect, test, type Page } from '@playwright/test';
import { bodyBackground, createUser, luminance, signInThroughUi } from './support';

async function openAppearance(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: /appearance/i }).click();
}

async function chooseTheme(page: Page, theme: 'Light' | 'Dark' | 'System') {
  await page.getByRole('radio', { name: theme, exact: true }).check();
}

async function expectBackground(page: Page, shade: 'dark' | 'light') {
  // Polled: the theme switch re-renders the page's base styles a frame after the click.
  const background = expect.poll(async () => luminance(await bodyBackground(page)), {
    message: `body background should be ${shade}`,
  });
  if (shade === 'dark') await background.toBeLessThan(0.1);
  else await background.toBeGreaterThan(0.8);
}

test('the theme chosen in Settings › Appearance survives a reload', async ({ page, request }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const user = await createUser(request, { onboarded: true });
  await signInThroughUi(page, user);

  await openAppearance(page);
  await chooseTheme(page, 'Dark');
  await expectBackground(page, 'dark');
  await page.reload();
  await expectBackground(page, 'dark');
  await page.getByRole('tab', { name: /appearance/i }).click();
  await expect(page.getByRole('radio', { name: 'Dark', exact: true })).toBeChecked();

  await chooseTheme(page, 'Light');
  await expectBackground(page, 'light');
  await page.reload();
  await expectBackground(page, 'light');

  // System follows the operating system's preference, now and after a reload.
  await openAppearance(page);
  await chooseTheme(page, 'System');
  await expectBackground(page, 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectBackground(page, 'dark');
  await page.reload();
  await expectBackground(page, 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expectBackground(page, 'light');
});
