import { expect, test } from '@playwright/test';
import { answerFirstWizardStep, createUser, localConfig, signInThroughUi } from './support';

test('a reload right after typing keeps the current step of the onboarding wizard', async ({
  page,
  request,
}) => {
  await signInThroughUi(page, await createUser(request));
  await answerFirstWizardStep(page);
  await page.getByLabel('Brand Personality').selectOption('fun');
  await page.getByLabel('Tone of Voice').selectOption('conversational');

  // No pause: a person reloads whenever they like, not after the save's debounce.
  await page.reload();
  await expect(page.getByText('Step 2 of 9')).toBeVisible();
  await expect(page.getByLabel('Brand Personality')).toHaveValue('fun');
  await expect(page.getByLabel('Tone of Voice')).toHaveValue('conversational');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Business Name')).toHaveValue('Corner Shop');
});

test('the password reset dialog is still there after a reload, until the password is set', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createUser(request, { onboarded: true });
  const { url, anonKey } = await localConfig(request);
  const recover = await request.post(
    `${url}/auth/v1/recover?redirect_to=${encodeURIComponent(`${baseURL}/dashboard`)}`,
    { headers: { apikey: anonKey }, data: { email: user.email } },
  );
  expect(recover.status(), await recover.text()).toBe(200);
  const mail = await request.get(
    `${url}/local/mail?format=json&to=${encodeURIComponent(user.email)}`,
  );
  const [latest] = (await mail.json()) as { link: string | null }[];
  expect(latest?.link).toBeTruthy();

  await page.goto(latest!.link!);
  const dialog = page.getByRole('dialog', { name: 'Set a new password' });
  await expect(dialog).toBeVisible();

  await page.reload();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('New Password').fill('a-brand-new-Secret-7');
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(dialog.getByText('Your password has been updated.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});
