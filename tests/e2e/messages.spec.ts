import { expect, test } from '@playwright/test';
import { choosePrompt, contentField, notice, signInReadyUser } from './compose-support';
import { PHONE_VIEWPORT } from './support';

test.use({ viewport: PHONE_VIEWPORT });

test('on a phone, the generate error comes into view and its Settings link opens the AI key form', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  await page.goto('/create');
  await choosePrompt(page, 'Industry news');
  await page.getByRole('button', { name: 'Generate with ChatGPT' }).click();

  const box = page
    .getByRole('alert')
    .filter({ hasText: 'OpenAI API key not configured. Please add your API key in Settings.' });
  await expect(box).toBeInViewport({ ratio: 1 });
  await box.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('tab', { name: 'Integrations', selected: true })).toBeVisible();
  await expect(page.getByLabel('OpenAI API Key')).toBeVisible();
});

test('on a phone, a warning goes once the content is typed and never sits under the announcement', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  await page.goto('/create');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  const warning = notice(page, 'Please add some content before saving.');
  await expect(warning).toBeVisible();

  await contentField(page).fill('Fresh sourdough every morning at 7');
  await expect(warning).toBeHidden();

  await page.getByRole('button', { name: 'Twitter' }).click();
  await page.getByRole('button', { name: 'Facebook' }).click();
  await page.getByRole('button', { name: 'Schedule Post' }).click();
  const platforms = notice(page, /^Please select at least one platform$/);
  await expect(platforms).toBeVisible();
  await page.getByRole('button', { name: 'LinkedIn' }).click();
  await expect(platforms).toBeHidden();

  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(notice(page, /Your draft has been saved!/)).toBeVisible();
  await page.getByRole('button', { name: 'Schedule Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scheduled' });
  await expect(dialog).toContainText('Post scheduled successfully!');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a warning left alone closes after a while', async ({ page, request }) => {
  await signInReadyUser(page, request);
  await page.goto('/create');
  await page.getByRole('button', { name: 'Schedule Post' }).click();
  const warning = notice(page, 'Please add content before scheduling');
  await expect(warning).toBeVisible();
  await expect(warning).toBeHidden({ timeout: 9_000 });
});
