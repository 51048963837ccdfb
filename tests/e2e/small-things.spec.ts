import { expect, test } from '@playwright/test';
import { signInReadyUser } from './compose-support';

test('each page names itself in the browser tab', async ({ page, request }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Postbloom');
  await page.goto('/contact');
  await expect(page).toHaveTitle('Contact Us · Postbloom');
  await signInReadyUser(page, request);
  await expect(page).toHaveTitle('Dashboard · Postbloom');
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page).toHaveTitle('Settings · Postbloom');
  await page.getByRole('link', { name: 'Create Content' }).first().click();
  await expect(page).toHaveTitle('Create Post · Postbloom');
});

test('a filled button shows a focus ring when reached with the keyboard', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  await page.goto('/create');
  await page.getByRole('button', { name: 'Save Draft' }).focus();
  await page.keyboard.press('Tab');
  const schedule = page.getByRole('button', { name: 'Schedule Post' });
  await expect(schedule).toBeFocused();
  const ring = await schedule.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
});
