import { expect, test, type Locator } from '@playwright/test';
import {
  contentField,
  notice,
  openCreateRecordingShifts,
  signInReadyUser,
} from './compose-support';
import { horizontalOverflow, PHONE_VIEWPORT } from './support';

test.use({ viewport: PHONE_VIEWPORT });

/** Fully on screen, its text not cut short by its own box. */
async function expectWhole(element: Locator) {
  await expect(element).toBeInViewport({ ratio: 1 });
  const cut = await element.evaluate(
    (el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
  );
  expect(cut, `${await element.textContent()} is cut short`).toBe(false);
}

test('Settings on a phone shows every section with its full label, Integrations included', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  await page.goto('/settings');
  const sections = page.getByRole('tablist', { name: 'Settings sections' });
  await expect(sections).toBeVisible();
  for (const label of [
    'Profile',
    'Social Credentials',
    'Notifications',
    'Integrations',
    'Appearance',
    'Privacy',
  ]) {
    await expectWhole(sections.getByRole('tab', { name: label, exact: true }));
  }
  await sections.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Integrations' })).toBeVisible();
  const integrations = page.getByRole('tablist', { name: 'Integrations' });
  await expect(integrations.getByRole('tab', { name: 'AI Assistants' })).toBeInViewport({
    ratio: 1,
  });
  await expect(integrations.getByRole('tab', { name: 'Social Media Platforms' })).toBeInViewport({
    ratio: 1,
  });
  await expectWhole(integrations.getByRole('tab', { name: 'Social Media Platforms' }));
  await expect(page.getByLabel('OpenAI API Key')).toBeVisible();
  const overflow = await horizontalOverflow(page);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('on a phone, /create shows all three post types and keeps Schedule Post on the header line when editing', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  await page.goto('/create');
  const types = page.getByRole('tablist', { name: 'Post type' });
  for (const label of ['Text Post', 'Image Post', 'Carousel']) {
    await expectWhole(types.getByRole('tab', { name: label }));
  }
  await types.getByRole('tab', { name: 'Carousel' }).click();
  await expect(types.getByRole('tab', { name: 'Carousel', selected: true })).toBeVisible();

  await contentField(page).fill('Our croissants, layer by layer');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(notice(page, /Your draft has been saved!/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Draft Post' })).toBeVisible();

  const buttons = ['Cancel', 'Update Draft', 'Schedule Post'].map((name) =>
    page.getByRole('button', { name, exact: true }),
  );
  const boxes = await Promise.all(buttons.map((button) => button.boundingBox()));
  const tops = boxes.map((box) => Math.round(box!.y));
  expect(new Set(tops).size, `button tops ${tops.join(', ')}`).toBe(1);
  for (const button of buttons) await expect(button).toBeInViewport({ ratio: 1 });
});

test('on a phone, /create opens without moving what it has shown: its parts come into the room kept for them', async ({
  page,
  request,
}) => {
  const { tabHeight, shifts } = await openCreateRecordingShifts(page, request);
  // The labels wrap at this width: the room kept for the tabs is two lines high too.
  expect(tabHeight).toBeGreaterThan(48);
  expect(shifts).toEqual([]);
});

test('Team and Messages on a phone say what is coming and lead on, without sideways scrolling', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  for (const [path, title, button] of [
    ['/team', 'Team', 'Create Content'],
    ['/messages', 'Messages', 'Connect accounts'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const planned = page.getByRole('region', { name: 'What is coming' });
    await expect(planned.getByRole('listitem')).toHaveCount(4);
    const meanwhile = page.getByRole('region', { name: 'Until then' });
    const link = meanwhile.getByRole('link', { name: button });
    await link.scrollIntoViewIfNeeded();
    await expectWhole(link);
    expect(await horizontalOverflow(page)).toBe(0);
  }
  await page
    .getByRole('region', { name: 'Until then' })
    .getByRole('link', { name: 'Connect accounts' })
    .click();
  await expect(page.getByRole('tab', { name: 'Integrations', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});
