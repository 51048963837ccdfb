import { expect, test, type Page } from '@playwright/test';
import { accountMenuButton, createUser, signInThroughUi } from './support';

const getStarted = (page: Page) => page.getByRole('link', { name: 'Get Started Free' });

async function expectEveryGetStartedTo(page: Page, href: string) {
  await expect(getStarted(page).first()).toBeVisible();
  const hrefs = await getStarted(page).evaluateAll((links) =>
    links.map((link) => link.getAttribute('href')),
  );
  expect(hrefs.length).toBeGreaterThanOrEqual(3);
  expect(hrefs).toEqual(hrefs.map(() => href));
}

test.describe('a signed-in user on this browser', () => {
  // Once signed in, the app's service worker would serve the scripts page.route() blocks.
  test.use({ serviceWorkers: 'block' });

  test.beforeEach(async ({ page, request }) => {
    await signInThroughUi(page, await createUser(request, { onboarded: true }));
  });

  test("is sent to the dashboard by the prerendered page's Get Started Free, before any script", async ({
    page,
  }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    await expectEveryGetStartedTo(page, '/dashboard');
    await getStarted(page).first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('keeps the dashboard as the target once the app renders, and gets there', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expectEveryGetStartedTo(page, '/dashboard');
    await getStarted(page).first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(accountMenuButton(page)).toBeVisible();
  });

  test('is not shown the prerendered sign-up form before any script', async ({ page }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/signup');
    await expect(page.locator('#prerendered')).toBeAttached();
    await expect(page.locator('#prerendered')).toBeHidden();
  });

  test('never sees the sign-up form on /signup', async ({ page }) => {
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(accountMenuButton(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
  });
});

test('a visitor is still offered the sign-up form', async ({ page }) => {
  await page.goto('/');
  await expectEveryGetStartedTo(page, '/signup');
  await getStarted(page).first().click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
});
