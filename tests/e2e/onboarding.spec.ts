import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ProfileSummaryRow } from '../../src/features/onboarding/onboarding-record';
import {
  answerFirstWizardStep,
  createUser,
  goBackOnline,
  localConfig,
  signInThroughUi,
  waitForServiceWorkerControl,
  type TestUser,
} from './support';

type ServerRow = Omit<ProfileSummaryRow, 'version'>;

async function serverRows(request: APIRequestContext, user: TestUser): Promise<ServerRow[]> {
  const { url, anonKey } = await localConfig(request);
  const response = await request.get(`${url}/rest/v1/onboarding_data?select=*`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${user.accessToken}` },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as ServerRow[];
}

async function serverProfile(request: APIRequestContext, user: TestUser) {
  const { url, anonKey } = await localConfig(request);
  const response = await request.get(`${url}/rest/v1/user_profiles?select=*`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${user.accessToken}` },
  });
  return (await response.json()) as { email: string; first_name: string; last_name: string }[];
}

const FAILURE = 'Failed to complete onboarding. Please check your information and try again.';

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

async function expectStep(page: Page, step: number, title: string) {
  await expect(page.getByText(`Step ${step} of 9`)).toBeVisible();
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
}

/**
 * Walks steps 1 to 9, checking that each step's Continue waits for its required answers (those a
 * `prefilled` wizard does not already have).
 */
async function walkWizard(page: Page, businessName: string, { prefilled = false } = {}) {
  await expectStep(page, 1, 'Business Basics');
  await expect(page.getByText('11% complete')).toBeVisible();
  await expect(page.getByText('Estimated time remaining: 4 minutes')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  if (!prefilled) await expect(continueButton(page)).toBeDisabled();
  await page.getByLabel('Business Name').fill(businessName);
  await page.getByLabel('Website URL').fill('https://bloom.example');
  await page.getByLabel('Industry').selectOption({ label: 'Food & Beverage' });
  if (!prefilled) await expect(continueButton(page)).toBeDisabled();
  await page.getByLabel('Primary Goal').selectOption('awareness');
  await continueButton(page).click();

  await expectStep(page, 2, 'Brand Identity');
  await expect(page.getByRole('button', { name: '#FF5722' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText('PNG, JPG, SVG up to 10MB each').first()).toBeVisible();
  await expect(continueButton(page)).toBeDisabled();
  await page.getByLabel('Brand Personality').selectOption('friendly');
  await expect(continueButton(page)).toBeDisabled();
  await page.getByLabel('Tone of Voice').selectOption('conversational');
  await page.getByRole('button', { name: '#2196F3' }).click();
  await continueButton(page).click();

  await expectStep(page, 3, 'Target Audience');
  if (!prefilled) await expect(continueButton(page)).toBeDisabled();
  await page.getByLabel('Main Audience').selectOption('consumers');
  await page.getByRole('checkbox', { name: '25-34' }).check();
  await continueButton(page).click();

  await expectStep(page, 4, 'Products & Services');
  await page.getByLabel('Offer Type').selectOption('products');
  await page.getByLabel('Primary Call to Action').selectOption('buy-now');
  await page.getByLabel('Description of Your Top Offering').fill('   ');
  await expect(continueButton(page)).toBeDisabled();
  await page.getByLabel('Description of Your Top Offering').fill('Sourdough loaves');
  await continueButton(page).click();

  await expectStep(page, 5, 'Content Preferences');
  await page.getByRole('checkbox', { name: 'Educational' }).check();
  await page.getByLabel('Posting Frequency').selectOption('daily');
  await expect(continueButton(page)).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Instagram' }).check();
  await continueButton(page).click();

  await expectStep(page, 6, 'Visual Assets');
  await expect(continueButton(page)).toBeEnabled();
  await page.getByRole('radio', { name: 'Yes' }).check();
  await expect(page.getByText('PNG, JPG up to 10MB each (recommended 1080x1080)')).toBeVisible();
  await continueButton(page).click();

  await expectStep(page, 7, 'Competitors & Inspiration');
  await expect(continueButton(page)).toBeEnabled();
  await page.getByLabel('Important Hashtags').fill('#bread, #portland');
  await continueButton(page).click();

  await expectStep(page, 8, 'Compliance & Sensitivities');
  await expect(continueButton(page)).toBeEnabled();
  await continueButton(page).click();

  await expectStep(page, 9, 'Scheduling Preferences');
  await expect(page.getByText('100% complete')).toBeVisible();
  await expect(page.getByText('Estimated time remaining: 0 minutes')).toBeVisible();
  await expect(continueButton(page)).toHaveCount(0);
  const complete = page.getByRole('button', { name: 'Complete Setup' });
  await expect(complete).toBeDisabled();
  await page.getByLabel('Time Zone').selectOption('Europe/Paris');
  await page.getByRole('checkbox', { name: 'Morning (6 AM-12 PM)' }).check();
  await expect(complete).toBeEnabled();
}

test('the gate sends a new user to onboarding until the wizard is complete', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await signInThroughUi(page, user);
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.goto('/calendar');
  await expect(page).toHaveURL(/\/onboarding$/);

  await page.getByRole('button', { name: 'Start Onboarding Wizard' }).click();
  await walkWizard(page, 'Bloom Bakery');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The save goes through the sync outbox: it reaches the server right after, not before.
  await expect.poll(async () => (await serverRows(request, user)).length).toBe(1);
  const [row] = await serverRows(request, user);
  expect(row).toMatchObject({
    business_name: 'Bloom Bakery',
    business_type: 'food-beverage',
    location: 'Not specified',
    primary_goal: 'awareness',
    target_audience: 'consumers',
    posting_frequency: 'daily',
    content_preferences: ['educational'],
  });
  expect(row!.completed_at).toBeTruthy();
  expect(row!.answers).toMatchObject({
    brandColors: ['#FF5722', '#2196F3'],
    timezone: 'Europe/Paris',
    preferredPostingTimes: ['morning'],
  });
  await expect
    .poll(async () => serverProfile(request, user))
    .toMatchObject([{ email: user.email, first_name: user.firstName, last_name: user.lastName }]);

  await page.goto('/calendar');
  await expect(page).toHaveURL(/\/calendar$/);
  await page.reload();
  await expect(page).toHaveURL(/\/calendar$/);
});

test('a reload in the middle keeps the answers', async ({ page, request }) => {
  const user = await createUser(request);
  await signInThroughUi(page, user);
  await page.getByRole('button', { name: 'Skip for Now' }).click();
  await expect(page).toHaveURL(/\/$/);
  await answerFirstWizardStep(page);
  await page.getByLabel('Brand Personality').selectOption('fun');
  await page.waitForTimeout(1000);

  await page.reload();
  await expectStep(page, 2, 'Brand Identity');
  await expect(page.getByLabel('Brand Personality')).toHaveValue('fun');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Business Name')).toHaveValue('Corner Shop');
  await expect(page.getByLabel('Industry')).toHaveValue('retail');
});

test('completing offline counts at once and reaches the server through the sync outbox', async ({
  page,
  context,
  request,
}) => {
  const user = await createUser(request);
  // Every write the page sends to the data API: only the sync RPC may carry the answers.
  const writes: { path: string; body: string }[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/rest/v1/') && !['GET', 'HEAD'].includes(r.method()))
      writes.push({ path: `${r.method()} ${url.pathname}`, body: r.postData() ?? '' });
  });
  await signInThroughUi(page, user);
  await page.getByRole('button', { name: 'Start Onboarding Wizard' }).click();
  await walkWizard(page, 'Offline Florist');
  // The service worker serves the app for the offline reload below.
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The answers and the profile wait in the outbox.
  await expect(page.getByRole('status', { name: 'Offline, 2 changes waiting' })).toBeVisible();
  await page.getByRole('link', { name: 'Content Calendar' }).first().click();
  await expect(page).toHaveURL(/\/calendar$/);
  // Counts as complete on this device across a reload, still offline.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Content Calendar' })).toBeVisible();
  await expect(page).toHaveURL(/\/calendar$/);
  // The Business Profile shows this device's row while the server cannot answer.
  await page.goto('/onboarding');
  await expect(page.getByRole('heading', { name: 'Business Profile' })).toBeVisible();
  await expect(page.getByText('Offline Florist', { exact: true })).toBeVisible();
  expect(await serverRows(request, user)).toHaveLength(0);

  await goBackOnline(page);
  await expect
    .poll(async () => (await serverRows(request, user)).map((r) => r.business_name), {
      timeout: 30_000,
    })
    .toEqual(['Offline Florist']);
  await expect
    .poll(async () => serverProfile(request, user))
    .toMatchObject([{ email: user.email, first_name: user.firstName }]);
  await expect(page.getByRole('status', { name: 'All changes synced' })).toBeVisible();

  expect(writes.map((w) => w.path).filter((p) => !p.endsWith('/rpc/sync_pull'))).toEqual(
    expect.arrayContaining(['POST /rest/v1/rpc/sync_push']),
  );
  expect(
    writes.filter((w) => !/\/rpc\/sync_(push|pull)$/.test(w.path)),
    'no direct table writes',
  ).toEqual([]);
  const pushed = writes.filter((w) => w.path.endsWith('/rpc/sync_push')).map((w) => w.body);
  expect(pushed.some((b) => b.includes('"onboarding_data"') && b.includes('Offline Florist'))).toBe(
    true,
  );
  expect(pushed.some((b) => b.includes('"user_profiles"'))).toBe(true);

  // The Business Profile shows the synced answers.
  await page.goto('/onboarding');
  await expect(page.getByRole('heading', { name: 'Business Profile' })).toBeVisible();
  await expect(page.getByText('Offline Florist', { exact: true })).toBeVisible();
});

test('Business Profile summary and the Update Profile round trip', async ({ page, request }) => {
  const user = await createUser(request, { onboarded: true });
  await signInThroughUi(page, user);
  await page.goto('/onboarding');
  await expect(page.getByRole('heading', { name: 'Business Profile' })).toBeVisible();
  for (const text of ['Bloom Bakery', 'Food & Beverage', 'Portland', 'Brand Awareness']) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('3-4x per week')).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('Bloom Bakery', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Update Profile' }).click();
  // The row was made through REST without `answers`: the wizard starts from its columns.
  await expect(page.getByLabel('Business Name')).toHaveValue('Bloom Bakery');
  await expect(page.getByLabel('Industry')).toHaveValue('food-beverage');
  await expect(page.getByLabel('Primary Goal')).toHaveValue('awareness');
  await walkWizard(page, 'Bloom Bakery & Cafe', { prefilled: true });
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The one row is updated in place (its id came from the REST insert, not from this device).
  await expect
    .poll(async () => (await serverRows(request, user)).map((r) => r.business_name))
    .toEqual(['Bloom Bakery & Cafe']);

  await page.goto('/onboarding');
  await expect(page.getByText('Bloom Bakery & Cafe', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByLabel('Business Name')).toHaveValue('Bloom Bakery & Cafe');
});

test('uploads are checked on the device and the final save refuses a row it cannot store', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await signInThroughUi(page, user);
  await page.getByRole('button', { name: 'Start Onboarding Wizard' }).click();
  await walkWizard(page, 'B');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page.getByText(FAILURE)).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding$/);

  for (let i = 0; i < 8; i += 1) await page.getByRole('button', { name: 'Back' }).click();
  await page.getByLabel('Business Name').fill('Bloom');
  await continueButton(page).click();
  await page
    .locator('input[type=file][aria-label="Logo"]')
    .setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('logo.gif is not an accepted file type')).toBeVisible();
  await page
    .locator('input[type=file][aria-label="Logo"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('PNG') });
  await expect(page.getByText('Selected: logo.png')).toBeVisible();
  expect(await serverRows(request, user)).toHaveLength(0);
});

test.describe('with the sync push rewritten on the way', () => {
  // Requests the app's service worker passes on can miss page.route(): with none, every push
  // goes through the rewrite.
  test.use({ serviceWorkers: 'block' });

  test('a queued save the server refuses is shown, and the user fixes it and completes again', async ({
    page,
    request,
  }) => {
    const user = await createUser(request);
    await signInThroughUi(page, user);
    // A server rule this build does not know: the real server refuses what reaches it
    // (here, an industry it does not accept for this business name).
    let pushesSeen = 0;
    await page.route('**/rest/v1/rpc/sync_push', async (route) => {
      pushesSeen += 1;
      const body = JSON.parse(route.request().postData() ?? '{}') as {
        mutations: { entity: string; data: Record<string, unknown> | null }[];
      };
      for (const m of body.mutations) {
        if (m.entity === 'onboarding_data' && m.data?.business_name === 'Moon Base')
          m.data.business_type = 'spaceship';
      }
      await route.continue({ postData: JSON.stringify(body) });
    });

    await page.getByRole('button', { name: 'Start Onboarding Wizard' }).click();
    await walkWizard(page, 'Moon Base');
    await page.getByRole('button', { name: 'Complete Setup' }).click();

    // Refused by the server: the completion does not count, and the wizard reopens pre-filled.
    await expect(page).toHaveURL(/\/onboarding$/);
    const alert = page.getByRole('alert').filter({ hasText: FAILURE });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('onboarding_data_business_type_check');
    await expect(page.getByRole('status').filter({ hasText: 'Sync error' })).toBeVisible();
    expect(pushesSeen).toBeGreaterThan(0);
    expect(await serverRows(request, user)).toHaveLength(0);
    await page.goto('/calendar');
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(alert).toBeVisible();

    await expectStep(page, 1, 'Business Basics');
    await expect(page.getByLabel('Business Name')).toHaveValue('Moon Base');
    await expect(page.getByLabel('Industry')).toHaveValue('food-beverage');
    await page.getByLabel('Business Name').fill('Moon Bakery');
    for (let step = 1; step < 9; step += 1) await continueButton(page).click();
    await expectStep(page, 9, 'Scheduling Preferences');
    await expect(page.getByLabel('Time Zone')).toHaveValue('Europe/Paris');
    await page.getByRole('button', { name: 'Complete Setup' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect
      .poll(async () =>
        (await serverRows(request, user)).map((r) => [r.business_name, r.business_type]),
      )
      .toEqual([['Moon Bakery', 'food-beverage']]);
    await expect(page.getByRole('status', { name: 'All changes synced' })).toBeVisible();
    await expect(page.getByText(FAILURE)).toHaveCount(0);
    await page.goto('/calendar');
    await expect(page).toHaveURL(/\/calendar$/);
  });
});
