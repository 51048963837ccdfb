import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { contentField, draftsPanel, notice } from './compose-support';
import {
  bodyBackground,
  createUser,
  goBackOnline,
  horizontalOverflow,
  localConfig,
  luminance,
  signInThroughUi,
  type TestUser,
} from './support';

// The device is in Tokyo: the zone chosen in Settings, not the device's, must rule scheduled times.
test.use({ timezoneId: 'Asia/Tokyo', locale: 'en-US' });

const SAVED = 'Appearance settings saved.';

async function openAppearance(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Appearance' }).click();
}

async function chooseOption(page: Page, field: 'Language' | 'Timezone', option: string | RegExp) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
  await expect(notice(page, SAVED)).toBeVisible();
}

async function expectBackground(page: Page, shade: 'dark' | 'light') {
  // Polled: the theme switch re-renders the page's base styles a frame after the click.
  const background = expect.poll(async () => luminance(await bodyBackground(page)), {
    message: `body background should be ${shade}`,
  });
  if (shade === 'dark') await background.toBeLessThan(0.1);
  else await background.toBeGreaterThan(0.8);
}

async function serverRows<T>(request: APIRequestContext, user: TestUser, path: string) {
  const { url, anonKey } = await localConfig(request);
  const response = await request.get(`${url}/rest/v1/${path}`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${user.accessToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T[];
}

// "24. Nov. 2026" / "3. März 2026": German puts the day first, with a full stop.
const GERMAN_DATE = /^\d{1,2}\. \p{L}+\.? \d{4}$/u;

test('System follows the operating system live; Dark and Light apply at once', async ({
  page,
  request,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const user = await createUser(request, { onboarded: true });
  await signInThroughUi(page, user);
  await openAppearance(page);

  await page.getByRole('radio', { name: 'Dark', exact: true }).check();
  await expectBackground(page, 'dark');
  await expect(notice(page, SAVED)).toBeVisible();

  await page.getByRole('radio', { name: 'System', exact: true }).check();
  await expectBackground(page, 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectBackground(page, 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expectBackground(page, 'light');

  await page.getByRole('radio', { name: 'Light', exact: true }).check();
  await page.emulateMedia({ colorScheme: 'dark' });
  // Light stays light whatever the system says.
  await expectBackground(page, 'light');
});

test('language, zone and theme apply everywhere, survive a reload and reach another device', async ({
  page,
  request,
  browser,
}) => {
  // Two devices, a reload and every page in another language: one of the longest journeys.
  test.slow();
  await page.emulateMedia({ colorScheme: 'light' });
  const user = await createUser(request, { onboarded: true });
  await signInThroughUi(page, user);
  await openAppearance(page);

  await page.getByRole('radio', { name: 'Dark', exact: true }).check();
  await expectBackground(page, 'dark');
  await chooseOption(page, 'Language', 'German');
  await chooseOption(page, 'Timezone', /^UTC-5/);
  await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveText('UTC-5');

  // A post scheduled for 09:30 on 15 July 2030, New York time (summer: UTC-4).
  await page.goto('/create');
  await contentField(page).fill('Summer opening hours start next week!');
  await page.getByRole('radio', { name: 'Schedule for later' }).check();
  await page.getByLabel('Date', { exact: true }).fill('2030-07-15');
  await page.getByLabel('Time', { exact: true }).fill('09:30');
  await expect(page.getByText('(New York)')).toBeVisible();
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(notice(page, /Your draft has been saved!/)).toBeVisible();

  await expect
    .poll(async () =>
      (
        await serverRows<{ scheduled_for: string | null }>(
          request,
          user,
          'post_drafts?select=scheduled_for',
        )
      ).map((row) => new Date(row.scheduled_for ?? '').toISOString()),
    )
    .toEqual(['2030-07-15T13:30:00.000Z']);

  // The dashboard's drafts list writes the date the German way.
  await page.goto('/dashboard');
  const draft = draftsPanel(page).getByRole('listitem').first();
  const date = draft.locator('.MuiTypography-caption').first();
  await expect(date).toHaveText(GERMAN_DATE);

  // Opened again, the draft shows its time in New York, not in Tokyo (22:30).
  await draft.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue('2030-07-15');
  await expect(page.getByLabel('Time', { exact: true })).toHaveValue('09:30');

  // All three are on the server, for every device of the user.
  await expect
    .poll(async () => serverRows(request, user, 'user_preferences?select=theme,language,time_zone'))
    .toEqual([{ theme: 'dark', language: 'de', time_zone: 'America/New_York' }]);

  await page.reload();
  await expectBackground(page, 'dark');
  await expect(page.getByLabel('Time', { exact: true })).toHaveValue('09:30');
  await openAppearance(page);
  await expect(page.getByRole('radio', { name: 'Dark', exact: true })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveText('German');
  await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveText('UTC-5');

  // Another device of the same user, in light mode, gets them after signing in.
  const other = await browser.newContext({ timezoneId: 'Europe/Paris', colorScheme: 'light' });
  const second = await other.newPage();
  await signInThroughUi(second, user);
  await expectBackground(second, 'dark');
  await openAppearance(second);
  await expect(second.getByRole('combobox', { name: 'Language' })).toHaveText('German');
  await expect(second.getByRole('combobox', { name: 'Timezone' })).toHaveText('UTC-5');
  await second.goto('/dashboard');
  await expect(draftsPanel(second).locator('.MuiTypography-caption').first()).toHaveText(
    GERMAN_DATE,
  );
  await other.close();
});

test('the appearance settings fit a phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await createUser(request, { onboarded: true });
  await signInThroughUi(page, user);
  await openAppearance(page);
  await expect(page.getByRole('combobox', { name: 'Timezone' })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('combobox', { name: 'Timezone' }).click();
  await expect(page.getByRole('option', { name: /Los Angeles/ })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});

test('a choice made offline is kept and reaches the server once back online', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { onboarded: true });
  await signInThroughUi(page, user);
  await openAppearance(page);
  await page.context().setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'French' }).click();
  await expect(notice(page, /kept on this device and will sync/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveText('French');
  expect(await serverRows(request, user, 'user_preferences?select=language')).toEqual([]);

  await goBackOnline(page);
  await expect
    .poll(async () => serverRows(request, user, 'user_preferences?select=language'))
    .toEqual([{ language: 'fr' }]);
});
