import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { FAKE_FACEBOOK_APP, FAKE_LINKEDIN_APP } from '../support/fake-social/types';
import { contentField, signInReadyUser } from './compose-support';
import {
  goBackOnline,
  horizontalOverflow,
  localConfig,
  waitForServiceWorkerControl,
  type TestUser,
} from './support';

// The fake Facebook and LinkedIn that playwright.config.ts starts beside the app, whose publisher
// ticks every second there. Other tests post to the same fake pages at the same time, so each
// test finds its own posts by their text, which carries a tag of its own.
const SOCIAL_URL = `http://127.0.0.1:${Number(process.env.E2E_SOCIAL_PORT)}`;

// Waiting for a post due in the next minute, then for the app's next pull.
test.setTimeout(240_000);

interface FakePosts {
  facebook: { id: string; pageId: string; message: string; permalink_url: string }[];
  linkedin: { urn: string; author: string; commentary: string }[];
}

async function fakePosts(request: APIRequestContext): Promise<FakePosts> {
  const res = await request.get(`${SOCIAL_URL}/__fake/posts`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as FakePosts;
}

async function postsWith(request: APIRequestContext, text: string) {
  const all = await fakePosts(request);
  return {
    facebook: all.facebook.filter((p) => p.message === text),
    linkedin: all.linkedin.filter((p) => p.commentary === text),
  };
}

/** Makes the fake answer the next publish request of `content` with a fault. */
async function injectFault(
  request: APIRequestContext,
  fault: { platform: 'facebook' | 'linkedin'; kind: string; content: string },
) {
  const res = await request.post(`${SOCIAL_URL}/__fake/faults`, { data: fault });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Rows of a table as the user reads them through the REST API. */
async function serverRows<T>(request: APIRequestContext, user: TestUser, query: string) {
  const { url, anonKey } = await localConfig(request);
  const res = await request.get(`${url}/rest/v1/${query}`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${user.accessToken}` },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T[];
}

const uniqueText = (words: string) => `${words} #${randomBytes(4).toString('hex')}`;

async function openSettingsTab(page: Page, tab: 'Social Credentials' | 'Integrations') {
  await page.goto('/settings');
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

async function openSocialPlatforms(page: Page) {
  await openSettingsTab(page, 'Integrations');
  await page.getByRole('tab', { name: 'Social Media Platforms' }).click();
}

const APPS = {
  facebook: { name: 'Facebook', region: 'Facebook', idLabel: 'App ID', secretLabel: 'App Secret' },
  linkedin: {
    name: 'LinkedIn',
    region: 'LinkedIn',
    idLabel: 'Client ID',
    secretLabel: 'Client Secret',
  },
} as const;

/** Saves the fake app's credentials and connects the platform through its popup. */
async function connect(page: Page, platform: keyof typeof APPS) {
  const a = APPS[platform];
  const app = platform === 'facebook' ? FAKE_FACEBOOK_APP : FAKE_LINKEDIN_APP;
  await openSettingsTab(page, 'Social Credentials');
  const form = page
    .getByRole('tabpanel', { name: 'Social Credentials' })
    .getByRole('region', { name: a.region, exact: true });
  await form.getByLabel(a.idLabel, { exact: true }).fill(app.id);
  await form.getByLabel(a.secretLabel, { exact: true }).fill(app.secret);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`${a.name} credentials saved successfully!`)).toBeVisible();

  await openSocialPlatforms(page);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Connect ${a.name}` }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: 'Continue' }).click();
  await popup.waitForEvent('close');
  await expect(
    page.getByText(
      platform === 'facebook'
        ? 'Successfully connected 3 Facebook page(s)!'
        : 'Successfully connected LinkedIn account!',
    ),
  ).toBeVisible();
}

/** On /create: the post's text and exactly these platforms (the page starts with two). */
async function writePost(page: Page, text: string, platforms: ('Facebook' | 'LinkedIn')[]) {
  await contentField(page).fill(text);
  for (const name of ['Facebook', 'Instagram', 'LinkedIn', 'Twitter'] as const) {
    const wanted = (platforms as string[]).includes(name);
    const toggle = page.getByRole('button', { name, exact: true });
    if ((await toggle.getAttribute('aria-pressed')) !== String(wanted)) await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', String(wanted));
  }
}

/** Schedule Post, the page picker when Facebook has several pages, then the spec's dialog. */
async function schedule(page: Page, pageName = 'Bloom Bakery') {
  await page.getByRole('button', { name: 'Schedule Post' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose pages' });
  const done = page.getByRole('dialog').filter({ hasText: 'Post scheduled successfully!' });
  await expect(picker.or(done)).toBeVisible();
  if (await picker.isVisible()) {
    await picker.getByRole('checkbox', { name: new RegExp(pageName) }).check();
    await picker.getByRole('button', { name: 'Schedule', exact: true }).click();
  }
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
}

/** The next whole minute at least 20 s away, as the date and time inputs take it. */
async function nextMinute(page: Page): Promise<{ date: string; time: string }> {
  return page.evaluate(() => {
    const at = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
      time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
    };
  });
}

function postCard(page: Page, text: string): Locator {
  return page.getByRole('article').filter({ hasText: text });
}

function bell(page: Page): Locator {
  return page.getByRole('button', { name: /^Notifications/ });
}

test('a post scheduled for the next minute goes out once and shows its link', async ({
  page,
  request,
}) => {
  const user = await signInReadyUser(page, request);
  await connect(page, 'facebook');
  const text = uniqueText('Fresh sourdough out of the oven at seven.');

  await page.goto('/create');
  await writePost(page, text, ['Facebook']);
  await page.getByRole('radio', { name: 'Schedule for later' }).check();
  const { date, time } = await nextMinute(page);
  await page.getByLabel('Date', { exact: true }).fill(date);
  await page.getByLabel('Time', { exact: true }).fill(time);
  await schedule(page);

  const card = postCard(page, text);
  await expect(card).toBeVisible();
  await expect(card.getByText('Scheduled', { exact: true }).first()).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit' })).toBeVisible();

  const viewPost = card.getByRole('link', { name: 'View post' });
  await expect(viewPost).toBeVisible({ timeout: 180_000 });
  const sent = await postsWith(request, text);
  expect(sent.facebook).toHaveLength(1);
  await expect(viewPost).toHaveAttribute('href', sent.facebook[0]!.permalink_url);
  await expect(viewPost).toHaveAttribute('target', '_blank');
  await expect(card.getByText('Facebook · Bloom Bakery')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  // The bell tells it too, and its notice opens the post.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await bell(page).click();
  const menu = page.getByRole('menu', { name: 'Notifications' });
  const item = menu.getByRole('menuitem').filter({ hasText: 'Published on Facebook' });
  await expect(item).toContainText(`Bloom Bakery: ${text}`.slice(0, 40));
  await expect(item).toHaveAttribute('href', sent.facebook[0]!.permalink_url);
  await expect(item).toHaveAttribute('target', '_blank');
  await page.keyboard.press('Escape');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  // Read on the server too, so the user's other devices show it read.
  await expect
    .poll(async () =>
      (
        await serverRows<{ read_at: string | null }>(
          request,
          user,
          'user_notifications?select=read_at',
        )
      ).map((n) => n.read_at !== null),
    )
    .toEqual([true]);

  // Still once, a few publisher ticks later.
  await page.waitForTimeout(3_000);
  expect((await postsWith(request, text)).facebook).toHaveLength(1);
});

test('Publish now goes out at once; the calendar and the bell fit a phone', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  await connect(page, 'facebook');
  const text = uniqueText('Pumpkin loaves are back this week.');

  await page.goto('/create');
  await writePost(page, text, ['Facebook']);
  await expect(page.getByRole('radio', { name: 'Publish now' })).toBeChecked();
  await schedule(page, 'Bloom Florist');

  const card = postCard(page, text);
  await expect(card.getByRole('link', { name: 'View post' })).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText('Facebook · Bloom Florist')).toBeVisible();
  const sent = await postsWith(request, text);
  expect(sent.facebook).toHaveLength(1);
  expect(sent.facebook[0]!.pageId).not.toBe('');

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(card).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  // The bell from the keyboard, at phone width.
  await bell(page).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Notifications' });
  await expect(menu.getByRole('menuitem').first()).toContainText('Published on Facebook');
  const box = await menu.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.keyboard.press('Escape');
});

test('scheduled offline, it goes out once the device is back online, exactly once', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  await connect(page, 'facebook');
  const text = uniqueText('Offline order: two dozen croissants.');

  await page.goto('/create');
  await expect(contentField(page)).toBeVisible();
  // Offline use is the installed app's: its worker holds every part the schedule opens.
  await waitForServiceWorkerControl(page);
  await page.context().setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await writePost(page, text, ['Facebook']);
  await schedule(page);

  const card = postCard(page, text);
  await expect(card).toBeVisible();
  await page.waitForTimeout(3_000);
  expect((await postsWith(request, text)).facebook).toHaveLength(0);

  await goBackOnline(page);
  await expect(card.getByRole('link', { name: 'View post' })).toBeVisible({ timeout: 90_000 });
  expect((await postsWith(request, text)).facebook).toHaveLength(1);
  await page.waitForTimeout(3_000);
  expect((await postsWith(request, text)).facebook).toHaveLength(1);
});

test('a refused token fails the post with its reason, in the bell, the calendar and the settings', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  await connect(page, 'facebook');
  const text = uniqueText('Gluten-free Fridays start now.');
  await injectFault(request, { platform: 'facebook', kind: '190', content: text });

  await page.goto('/create');
  await writePost(page, text, ['Facebook']);
  await schedule(page);

  const card = postCard(page, text);
  const reason = 'Reconnect Facebook: the connection expired or was revoked.';
  await expect(card.getByText(reason)).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText('Failed', { exact: true }).first()).toBeVisible();
  await expect(card.getByRole('button', { name: 'Retry' })).toBeVisible();
  expect((await postsWith(request, text)).facebook).toHaveLength(0);

  await expect(bell(page)).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  await expect(bell(page).locator('.MuiBadge-badge')).not.toHaveClass(/MuiBadge-invisible/);
  await bell(page).click();
  const menu = page.getByRole('menu', { name: 'Notifications' });
  const failed = menu.getByRole('menuitem').filter({ hasText: 'Not published on Facebook' });
  await expect(failed).toContainText(reason);
  await expect(menu.getByRole('menuitem', { name: /^(New: )?Reconnect Facebook/ })).toHaveAttribute(
    'href',
    '/settings?tab=integrations',
  );
  await failed.click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // Retrying before reconnecting is refused with the server's reason.
  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Reconnect this account first.')).toBeVisible();

  await openSocialPlatforms(page);
  const facebook = page.getByRole('region', { name: 'Facebook', exact: true });
  const bakery = facebook.getByRole('listitem').filter({ hasText: 'Bloom Bakery' });
  await expect(bakery.getByText('Reconnect needed')).toBeVisible();
  await expect(bakery.getByText(reason)).toBeVisible();
});

test('an unknown outcome asks the user to check, and Publish again does not post twice', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  await connect(page, 'linkedin');
  const text = uniqueText('Hiring: a morning baker who loves rye.');
  // LinkedIn stores the post and answers 500: nothing can tell whether it went out.
  await injectFault(request, { platform: 'linkedin', kind: '500-after-store', content: text });

  await page.goto('/create');
  await writePost(page, text, ['LinkedIn']);
  await schedule(page);

  const card = postCard(page, text);
  await expect(card.getByText('Check your page before posting again')).toBeVisible({
    timeout: 60_000,
  });
  await expect(card.getByRole('button', { name: 'Mark as posted' })).toBeVisible();
  expect((await postsWith(request, text)).linkedin).toHaveLength(1);

  await bell(page).click();
  await expect(
    page
      .getByRole('menu', { name: 'Notifications' })
      .getByRole('menuitem')
      .filter({ hasText: 'Check your page before posting again' }),
  ).toContainText('on LinkedIn');
  await page.keyboard.press('Escape');

  await card.getByRole('button', { name: 'Publish again' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish again?' });
  await confirm.getByRole('button', { name: 'Publish again' }).click();
  // LinkedIn refuses the repeat as a duplicate naming the first post: that one is the post.
  const viewPost = card.getByRole('link', { name: 'View post' });
  await expect(viewPost).toBeVisible({ timeout: 60_000 });
  const sent = (await postsWith(request, text)).linkedin;
  expect(sent).toHaveLength(1);
  await expect(viewPost).toHaveAttribute(
    'href',
    `https://www.linkedin.com/feed/update/${sent[0]!.urn}`,
  );
});

test('a platform without a connected account reminds the user: Copy text, then Mark as posted', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInReadyUser(page, request);
  await connect(page, 'facebook');
  const text = uniqueText('Our rye is back on the shelves.');

  await page.goto('/create');
  await writePost(page, text, ['Facebook']);
  // Twitter has no connection: it becomes a reminder to post it by hand.
  await page.getByRole('button', { name: 'Twitter', exact: true }).click();
  await schedule(page);

  const card = postCard(page, text);
  const twitter = card.getByRole('listitem').filter({ hasText: 'Twitter' });
  // The targets come with the next pull after the post reached the server.
  await expect(twitter.getByText('Publish it yourself')).toBeVisible({ timeout: 60_000 });
  await expect(twitter.getByRole('button', { name: 'Copy text' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(card.getByRole('link', { name: 'View post' })).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText('Needs attention', { exact: true })).toBeVisible();

  await twitter.getByRole('button', { name: 'Copy text' }).click();
  await expect(page.getByText('Text copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);

  await twitter.getByRole('button', { name: 'Mark as posted' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark as posted' });
  await dialog.getByLabel('Link to the post (optional)').fill('ftp://example.com/x');
  await dialog.getByRole('button', { name: 'Mark as posted' }).click();
  await expect(
    dialog.getByText('Please enter a link starting with http:// or https://'),
  ).toBeVisible();
  await dialog.getByLabel('Link to the post (optional)').fill('https://x.com/bloom/status/42');
  await dialog.getByRole('button', { name: 'Mark as posted' }).click();
  await expect(page.getByText('Marked as posted.')).toBeVisible();
  await expect(twitter.getByText('Posted', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(twitter.getByRole('link', { name: 'View post' })).toHaveAttribute(
    'href',
    'https://x.com/bloom/status/42',
  );
  await expect(card.getByText('Published', { exact: true }).first()).toBeVisible();
  expect((await postsWith(request, text)).facebook).toHaveLength(1);
});

test('a scheduled post can be edited and cancelled until it goes out', async ({
  page,
  request,
}) => {
  const user = await signInReadyUser(page, request);
  await connect(page, 'facebook');
  const text = uniqueText('Christmas stollen pre-orders open.');

  await page.goto('/create');
  await writePost(page, text, ['Facebook']);
  await page.getByRole('radio', { name: 'Schedule for later' }).check();
  await page.getByLabel('Date', { exact: true }).fill('2031-12-01');
  await page.getByLabel('Time', { exact: true }).fill('09:00');
  await schedule(page);

  const card = postCard(page, text);
  await card.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit scheduled post' });
  const edited = `${text} Order by Friday.`;
  await dialog.getByLabel('Content').fill(edited);
  await dialog.getByLabel('Time', { exact: true }).fill('10:30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Post updated.')).toBeVisible();
  const editedCard = postCard(page, edited);
  await expect(editedCard).toBeVisible();
  await expect
    .poll(async () =>
      (
        await serverRows<{ content: string; deleted_at: string | null }>(
          request,
          user,
          'scheduled_posts?select=content,deleted_at',
        )
      ).map((r) => r.content),
    )
    .toEqual([edited]);

  await editedCard.getByRole('button', { name: 'Cancel post' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this post?' });
  await confirm.getByRole('button', { name: 'Cancel post' }).click();
  await expect(page.getByText('Post cancelled.')).toBeVisible();
  await expect(postCard(page, edited)).toHaveCount(0);
  await expect
    .poll(async () =>
      (
        await serverRows<{ deleted_at: string | null }>(
          request,
          user,
          'scheduled_posts?select=deleted_at',
        )
      ).map((r) => r.deleted_at !== null),
    )
    .toEqual([true]);
  expect((await postsWith(request, text)).facebook).toHaveLength(0);
});
