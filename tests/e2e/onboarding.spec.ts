import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createUser, localConfig, signInThroughUi, type TestUser } from './support';

interface ServerRow {
  business_name: string;
  business_type: string;
  location: string;
  primary_goal: string;
  target_audience: string;
  posting_frequency: string;
  content_preferences: string[];
  completed_at: string | null;
  answers: Record<string, unknown>;
}

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

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

async function expectStep(page: Page, step: number, title: string) {
  await expect(page.getByText(`Step ${step} of 9`)).toBeVisible();
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
}

/** Walks steps 1 to 9, checking that each step's Continue waits for its required answers. */
async function walkWizard(page: Page, businessName: string) {
  await expectStep(page, 1, 'Business Basics');
  await expect(page.getByText('11% complete')).toBeVisible();
  await expect(page.getByText('Estimated time remaining: 4 minutes')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await expect(continueButton(page)).toBeDisabled();
  await page.getByLabel('Business Name').fill(businessName);
  await page.getByLabel('Website URL').fill('https://bloom.example');
  await page.getByLabel('Industry').selectOption({ label: 'Food & Beverage' });
  await expect(continueButton(page)).toBeDisabled();
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
  await expect(continueButton(page)).toBeDisabled();
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
  expect(await serverProfile(request, user)).toMatchObject([
    { email: user.email, first_name: user.firstName, last_name: user.lastName },
  ]);

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
  await page.goto('/onboarding');
  await page.getByRole('button', { name: 'Start Onboarding Wizard' }).click();
  await page.getByLabel('Business Name').fill('Corner Shop');
  await page.getByLabel('Industry').selectOption('retail');
  await page.getByLabel('Primary Goal').selectOption('leads');
  await continueButton(page).click();
  await page.getByLabel('Brand Personality').selectOption('fun');
  await page.waitForTimeout(1000);

  await page.reload();
  await expectStep(page, 2, 'Brand Identity');
  await expect(page.getByLabel('Brand Personality')).toHaveValue('fun');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Business Name')).toHaveValue('Corner Shop');
  await expect(page.getByLabel('Industry')).toHaveValue('retail');
});

test('completing offline counts at once and reaches the server when online', async ({
  page,
  context,
  request,
}) => {
  const user = await createUser(request);
  await signInThroughUi(page, user);
  await page.getByRole('button', { name: 'Start Onboarding Wizard' }).click();
  await walkWizard(page, 'Offline Florist');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Content Calendar' }).first().click();
  await expect(page).toHaveURL(/\/calendar$/);
  expect(await serverRows(request, user)).toHaveLength(0);

  await context.setOffline(false);
  await expect
    .poll(async () => (await serverRows(request, user)).map((r) => r.business_name), {
      timeout: 30_000,
    })
    .toEqual(['Offline Florist']);
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
  await walkWizard(page, 'Bloom Bakery & Cafe');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await serverRows(request, user)).map((r) => r.business_name)).toEqual([
    'Bloom Bakery & Cafe',
  ]);

  await page.goto('/onboarding');
  await expect(page.getByText('Bloom Bakery & Cafe', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByLabel('Business Name')).toHaveValue('Bloom Bakery & Cafe');
});

test('uploads are checked on the device and a rejected save shows its message', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await signInThroughUi(page, user);
  await page.getByRole('button', { name: 'Start Onboarding Wizard' }).click();
  await walkWizard(page, 'B');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(
    page.getByText('Failed to complete onboarding. Please check your information and try again.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding$/);

  await page.route('**/rest/v1/onboarding_data*', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        code: '23514',
        message: 'new row violates check constraint "onboarding_data_business_name_check"',
        details: null,
        hint: null,
      }),
    });
  });
  for (let i = 0; i < 8; i += 1) await page.getByRole('button', { name: 'Back' }).click();
  await page.getByLabel('Business Name').fill('Bloom');
  await continueButton(page).click();
  await page
    .locator('input[type=file][aria-label="Logo"]')
    .setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('logo.gif is not an accepted file type')).toBeVisible();
  for (let i = 0; i < 7; i += 1) await continueButton(page).click();
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page.getByText('new row violates check constraint')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete Setup' })).toBeEnabled();
  await expect(page).toHaveURL(/\/onboarding$/);
  expect(await serverRows(request, user)).toHaveLength(0);
});
