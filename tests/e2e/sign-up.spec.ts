import { expect, test, type Page } from '@playwright/test';
import {
  PASSWORD,
  createUser,
  formAlert,
  openAccountMenu,
  passwordField,
  uniqueEmail,
} from './support';

async function fillSignUp(
  page: Page,
  values: { firstName: string; lastName: string; email: string; password: string },
) {
  await page.getByLabel('First Name', { exact: true }).fill(values.firstName);
  await page.getByLabel('Last Name', { exact: true }).fill(values.lastName);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await passwordField(page).fill(values.password);
}

async function submit(page: Page) {
  await page.getByRole('button', { name: 'Create Account' }).click();
}

test.describe('sign-up page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/signup');
    // The app's own form, not the prerendered one (typing there is covered in public-pages).
    await expect(page.locator('#prerendered')).toHaveCount(0);
  });

  test('shows each validation message of the spec, in order, and stays on the page', async ({
    page,
  }) => {
    const email = uniqueEmail();
    // Each case breaks only the first rule still unmet, so the rules' order is what is checked.
    const cases = [
      {
        values: { firstName: '', lastName: '', email: '', password: '' },
        message: 'Please enter both first and last name',
      },
      {
        values: { firstName: 'Ada', lastName: '', email, password: PASSWORD },
        message: 'Please enter both first and last name',
      },
      {
        values: { firstName: ' A ', lastName: 'Lovelace', email: '', password: '' },
        message: 'First name must be at least 2 characters long',
      },
      {
        values: { firstName: 'Ada', lastName: 'L ', email: '', password: '' },
        message: 'Last name must be at least 2 characters long',
      },
      {
        values: { firstName: 'Ada', lastName: 'Lovelace', email: '', password: PASSWORD },
        message: 'Please fill in all required fields',
      },
      {
        values: { firstName: 'Ada', lastName: 'Lovelace', email, password: '' },
        message: 'Please fill in all required fields',
      },
      {
        values: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada.example.com',
          password: '12',
        },
        message: 'Please enter a valid email address',
      },
      {
        values: { firstName: 'Ada', lastName: 'Lovelace', email, password: '12345' },
        message: 'Password must be at least 6 characters long',
      },
    ];
    for (const { values, message } of cases) {
      await fillSignUp(page, values);
      await submit(page);
      await expect(formAlert(page), `for ${JSON.stringify(values)}`).toContainText(message);
      await expect(page).toHaveURL(/\/signup$/);
    }
  });

  test('the password toggle shows and hides the password', async ({ page }) => {
    await passwordField(page).fill('visible-secret');
    await expect(passwordField(page)).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(passwordField(page)).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(passwordField(page)).toHaveAttribute('type', 'password');
  });

  test('a new account is signed in and sees the app shell with its display name', async ({
    page,
  }) => {
    const email = uniqueEmail();
    await fillSignUp(page, { firstName: ' Ada ', lastName: 'Lovelace', email, password: PASSWORD });
    await submit(page);

    // Success goes to /dashboard, which sends an account without onboarding answers on to them.
    await expect(page).toHaveURL(/\/(dashboard|onboarding)$/);
    await expect(page.getByRole('navigation').getByText('Dashboard').first()).toBeAttached();
    const menu = await openAccountMenu(page);
    await expect(menu).toContainText('Ada Lovelace');
    await expect(menu).toContainText(email);
    await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();

    // The session outlives a reload.
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('an email that already has an account is refused with the spec message', async ({
    page,
    request,
  }) => {
    const existing = await createUser(request);
    await fillSignUp(page, {
      firstName: 'Other',
      lastName: 'Person',
      email: existing.email.toUpperCase(),
      password: 'another-password',
    });
    await submit(page);
    await expect(formAlert(page)).toContainText(
      'An account with this email already exists. Please sign in instead.',
    );
    await expect(page).toHaveURL(/\/signup$/);
  });
});
