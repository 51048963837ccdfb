import { expect, test } from '@playwright/test';
import { createUser, PHONE_VIEWPORT, signInThroughUi } from './support';

test.use({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });

test('on a phone the navigation lives in a drawer that opens and leads to each page', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { onboarded: true });
  await signInThroughUi(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();

  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(nav).toBeVisible();
  for (const label of ['Dashboard', 'Content Calendar', 'Create Content', 'Analytics']) {
    await expect(nav.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(nav.getByText('Management')).toBeVisible();
  await nav.getByRole('link', { name: 'Content Calendar' }).click();

  await expect(page).toHaveURL(/\/calendar$/);
  await expect(nav).toBeHidden();
});
