import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, createUser, passwordField, signInThroughUi, uniqueEmail } from './support';

function heroCallToAction(page: Page) {
  return page
    .getByRole('region', { name: /grow your business/i })
    .getByRole('link', { name: 'Get Started Free' });
}

test.describe('landing page call to action', () => {
  test('leads a visitor to /signup', async ({ page }) => {
    await page.goto('/');
    await expect(heroCallToAction(page)).toHaveAttribute('href', '/signup');
    await heroCallToAction(page).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  });

  test('leads a signed-in user to /dashboard', async ({ page, request }) => {
    const user = await createUser(request, { onboarded: true });
    await signInThroughUi(page, user);
    await page.goto('/');
    await expect(heroCallToAction(page)).toHaveAttribute('href', '/dashboard');
    await heroCallToAction(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });
});

test.describe('landing page before any script', () => {
  // index.html carries the landing page prerendered, so / paints with no script at all.
  test.beforeEach(async ({ page }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
  });

  test('shows the landing page on / from the HTML alone', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Social media posts that grow your business, written in minutes',
    );
    await expect(heroCallToAction(page)).toHaveAttribute('href', '/signup');
  });

  test('keeps that markup off screen on every other route', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.locator('#prerendered')).toBeAttached();
    await expect(page.locator('#prerendered')).toBeHidden();
  });

  test('shows the privacy policy and the terms from their own HTML alone', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(page.locator('#prerendered')).toBeVisible();
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  });

  test('shows the not-found page from its own HTML alone, with status 404', async ({ page }) => {
    const response = await page.goto('/privacy-policy');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.locator('#prerendered')).toBeVisible();
    // A path the app has a page at is not one: index.html, its landing page hidden.
    expect((await page.goto('/Dashboard/'))?.status()).toBe(200);
    await expect(page.locator('#prerendered')).toBeHidden();
  });

  test('shows the sign-up and contact forms from their own HTML alone', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
    await expect(page.getByLabel('Email', { exact: true })).toBeEditable();
    await expect(page.locator('#prerendered')).toBeVisible();
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
  });

  test('keeps it off screen where the app will paint in dark colours', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('#prerendered')).toBeHidden();
  });
});

test('the script renders the same privacy policy over the prerendered one, with no store', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/assets/')) chunks.push(new URL(request.url()).pathname);
  });
  await page.goto('/privacy');
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  // A visitor reading it has not asked for the store's code (a link about to be followed does).
  expect(chunks.length).toBeGreaterThan(0);
  expect(chunks.filter((chunk) => /store-instance/.test(chunk))).toEqual([]);
  await page.getByRole('link', { name: 'Terms of Service' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  expect(errors).toEqual([]);
});

test('the script renders the same landing page over the prerendered one', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  // React replaced the prerendered markup: the wrapper index.html put around it is gone.
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Social media posts that grow your business, written in minutes',
  );
  await expect(heroCallToAction(page)).toHaveAttribute('href', '/signup');
  expect(errors).toEqual([]);
});

test.describe('typing before the script has run', () => {
  /** Holds the app's code back until `release` is called. */
  async function holdScripts(page: Page): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  test('the sign-up form keeps what was typed and where, and sends it once the app is there', async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto('/signup', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('#prerendered')).toBeVisible();
    const email = uniqueEmail();
    await page.getByLabel('First Name', { exact: true }).fill('Ada');
    await page.getByLabel('Last Name', { exact: true }).fill('Lovelace');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await passwordField(page).fill(PASSWORD);
    await page.getByLabel('Email', { exact: true }).focus();
    release();
    // The app's own form, holding what was typed, with the focus where it was.
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Ada');
    await expect(page.getByLabel('Last Name', { exact: true })).toHaveValue('Lovelace');
    await expect(passwordField(page)).toHaveValue(PASSWORD);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/(dashboard|onboarding)$/);
  });

  test('a form sent before the app is there goes nowhere by itself, then is sent by the app', async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto('/signup', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('First Name', { exact: true }).fill('Ada');
    await page.getByLabel('Last Name', { exact: true }).fill('Lovelace');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail());
    await passwordField(page).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForTimeout(300);
    // No address with the password in it, no request of the browser's own.
    expect(new URL(page.url()).pathname).toBe('/signup');
    expect(new URL(page.url()).search).toBe('');
    release();
    await expect(page).toHaveURL(/\/(dashboard|onboarding)$/);
  });

  test('the contact form keeps the chosen subject and the typed message', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    await page.getByRole('combobox', { name: 'Subject' }).selectOption('Technical Support');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello from the train');
    release();
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Subject' })).toHaveValue('Technical Support');
    await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue(
      'Hello from the train',
    );
    await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeFocused();
  });
});

test.describe('contact page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/contact');
    await expect(page.locator('#prerendered')).toHaveCount(0);
  });

  const name = (page: Page) => page.getByRole('textbox', { name: 'Name', exact: true });
  const email = (page: Page) => page.getByRole('textbox', { name: 'Email', exact: true });
  const message = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
  const send = (page: Page) => page.getByRole('button', { name: 'Send Message' });

  test('opens and closes a question of the FAQ, by pointer and by keyboard', async ({ page }) => {
    const question = page.locator('#faq summary', { hasText: 'How quickly will you reply?' });
    const answer = page.getByText(/^We reply to every message/);
    await expect(answer).toBeHidden();
    await question.click();
    await expect(answer).toBeVisible();
    await question.press('Enter');
    await expect(answer).toBeHidden();
    await question.press('Space');
    await expect(answer).toBeVisible();
  });

  async function chooseSubject(page: Page, subject: string) {
    await page.getByRole('combobox', { name: 'Subject' }).selectOption(subject);
  }

  test('shows the spec messages for missing and invalid fields, and clears one when edited', async ({
    page,
  }) => {
    await send(page).click();
    for (const text of [
      'Name is required',
      'Email is required',
      'Subject is required',
      'Message is required',
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }

    await name(page).fill('J');
    await expect(page.getByText('Name is required', { exact: true })).toHaveCount(0);
    await email(page).fill('jo-at-example.com');
    await message(page).fill('Too short');
    await send(page).click();
    await expect(
      page.getByText('Name must be at least 2 characters', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText('Please enter a valid email address', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Subject is required', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Message must be at least 10 characters', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Message Sent Successfully')).toHaveCount(0);
  });

  test('sends a valid message, confirms it, and offers to send another', async ({ page }) => {
    await name(page).fill('Jo Baker');
    await email(page).fill('jo@example.com');
    await chooseSubject(page, 'Feature Request');
    await message(page).fill('Could Postbloom post to Mastodon too?');
    await expect(page.getByText('37/500')).toBeVisible();
    await send(page).click();

    await expect(page.getByText('Message Sent Successfully')).toBeVisible({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await expect(send(page)).toBeVisible();
    await expect(name(page)).toHaveValue('');
  });
});

test('an unknown route shows the 404 page with a way to the dashboard and back', async ({
  page,
}) => {
  await page.goto('/');
  expect((await page.goto('/no-such-page/at-all'))?.status()).toBe(404);
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  // The app rendered over the prerendered page (404.html): the wrapper around it is gone.
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a first visit's scripts and styles come as the build's Brotli copies", async ({ page }) => {
  const sent: Array<{ url: string; encoding: string | undefined; bytes: number }> = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/assets/') || response.fromServiceWorker()) return;
    sent.push({
      url: url.pathname,
      encoding: response.headers()['content-encoding'],
      bytes: (await response.body()).length,
    });
  });
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await page.waitForLoadState('load');
  await expect.poll(() => sent.length).toBeGreaterThan(10);
  // The build leaves files under 1 KB as they are (vite.config.ts); every other one has a copy.
  const large = sent.filter((s) => s.bytes >= 1024);
  expect(large.length).toBeGreaterThan(5);
  expect(large.filter((s) => s.encoding !== 'br')).toEqual([]);
});
