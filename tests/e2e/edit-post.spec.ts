import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { contentField, signInReadyUser } from './compose-support';
import { horizontalOverflow, localConfig, type TestUser } from './support';

// Instagram has no automatic publishing: its posts need no connected account, and once due the
// publisher (ticking every second beside the app) turns them into a reminder at once.

interface ServerPost {
  id: string;
  content: string;
  scheduled_for: string;
}

async function serverRows<T>(request: APIRequestContext, user: TestUser, query: string) {
  const { url, anonKey } = await localConfig(request);
  const res = await request.get(`${url}/rest/v1/${query}`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${user.accessToken}` },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T[];
}

const uniqueText = (words: string) => `${words} #${randomBytes(4).toString('hex')}`;

/** The post with this text once the server has it. */
async function serverPost(request: APIRequestContext, user: TestUser, text: string) {
  let found: ServerPost | undefined;
  await expect
    .poll(async () => {
      const rows = await serverRows<ServerPost>(
        request,
        user,
        'scheduled_posts?select=id,content,scheduled_for',
      );
      found = rows.find((r) => r.content === text);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** On /create: an Instagram post with this text, scheduled through the spec's dialog. */
async function scheduleOnInstagram(
  page: Page,
  text: string,
  when?: { date: string; time: string },
) {
  await page.goto('/create');
  await contentField(page).fill(text);
  for (const name of ['Facebook', 'Instagram', 'LinkedIn', 'Twitter']) {
    const toggle = page.getByRole('button', { name, exact: true });
    const wanted = String(name === 'Instagram');
    if ((await toggle.getAttribute('aria-pressed')) !== wanted) await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', wanted);
  }
  if (when) {
    await page.getByRole('radio', { name: 'Schedule for later' }).check();
    await page.getByLabel('Date', { exact: true }).fill(when.date);
    await page.getByLabel('Time', { exact: true }).fill(when.time);
  }
  await page.getByRole('button', { name: 'Schedule Post' }).click();
  const done = page.getByRole('dialog').filter({ hasText: 'Post scheduled successfully!' });
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
}

/** A wall time in the browser's zone (the user's, as nobody chose another) as an instant. */
function instantOf(page: Page, date: string, time: string): Promise<string> {
  return page.evaluate(([d, t]) => new Date(`${d}T${t}:00`).toISOString(), [date, time] as const);
}

test('a scheduled post opened with editPost gets a new time, and the server has it', async ({
  page,
  request,
}) => {
  const user = await signInReadyUser(page, request);
  const text = uniqueText('Stollen tasting on Saturday.');
  await scheduleOnInstagram(page, text, { date: '2031-12-01', time: '09:00' });
  const post = await serverPost(request, user, text);
  expect(Date.parse(post.scheduled_for)).toBe(
    Date.parse(await instantOf(page, '2031-12-01', '09:00')),
  );

  await page.goto(`/create?editPost=${post.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Scheduled Post');
  await expect(page).toHaveTitle(/Edit Scheduled Post/);
  await expect(contentField(page)).toHaveValue(text);
  await expect(page.getByRole('radio', { name: 'Schedule for later' })).toBeChecked();
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue('2031-12-01');
  await expect(page.getByLabel('Time', { exact: true })).toHaveValue('09:00');
  await expect(page.getByRole('button', { name: 'Save Draft' })).toHaveCount(0);

  await page.getByLabel('Date', { exact: true }).fill('2031-12-02');
  await page.getByLabel('Time', { exact: true }).fill('16:45');
  await page.getByRole('button', { name: 'Update Post' }).click();
  const done = page.getByRole('dialog', { name: 'Post updated' });
  await expect(done).toContainText('Your scheduled post has been updated successfully!');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/calendar$/);

  const moved = Date.parse(await instantOf(page, '2031-12-02', '16:45'));
  await expect
    .poll(async () =>
      (await serverRows<ServerPost>(request, user, 'scheduled_posts?select=id,scheduled_for'))
        .filter((r) => r.id === post.id)
        .map((r) => Date.parse(r.scheduled_for)),
    )
    .toEqual([moved]);
});

test('a post whose publishing started opens read-only and says why, at phone width too', async ({
  page,
  request,
}) => {
  const user = await signInReadyUser(page, request);
  const text = uniqueText('Post this one yourself.');
  // Publish now: due at once, so the publisher's next tick makes it a reminder.
  await scheduleOnInstagram(page, text);
  const post = await serverPost(request, user, text);
  await expect
    .poll(
      async () =>
        (
          await serverRows<{ status: string }>(
            request,
            user,
            `publish_targets?select=status&post_id=eq.${post.id}`,
          )
        ).map((t) => t.status),
      { timeout: 30_000 },
    )
    .toEqual(['reminder']);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/create?editPost=${post.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Scheduled Post');
  // The device learns of the reminder with its next pull.
  await expect(
    page.getByText('Publishing has started, so this post can no longer be changed.', {
      exact: true,
    }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(contentField(page)).toHaveValue(text);
  await expect(contentField(page)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Instagram', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Update Post' })).toHaveCount(0);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: 'Back to Calendar' }).click();
  await expect(page).toHaveURL(/\/calendar$/);

  // The calendar's View shows the reminder with its actions, and fits the phone too.
  await page
    .getByRole('listitem', { name: text, exact: true })
    .getByRole('button', { name: 'View' })
    .click();
  const detail = page.getByRole('dialog', { name: text });
  const reminder = detail.getByRole('listitem').filter({ hasText: 'Instagram' });
  await expect(reminder).toContainText('Time to post');
  await expect(reminder).toContainText('Publish it yourself');
  await expect(reminder.getByRole('button', { name: 'Copy text' })).toBeVisible();
  await expect(reminder.getByRole('button', { name: 'Mark as posted' })).toBeVisible();
  const box = (await detail.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await detail.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(detail).toBeHidden();
  const rows = await serverRows<ServerPost>(request, user, 'scheduled_posts?select=id,content');
  expect(rows.filter((r) => r.id === post.id).map((r) => r.content)).toEqual([text]);
});

test('/create?date= presets Schedule for later on that day; a past date is ignored', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  await page.goto('/create?date=2031-12-15');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create New Post');
  await expect(page.getByRole('radio', { name: 'Schedule for later' })).toBeChecked();
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue('2031-12-15');
  await expect(page.getByLabel('Time', { exact: true })).toHaveValue('10:30');

  await page.goto('/create?date=2020-01-01');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create New Post');
  await expect(page.getByRole('radio', { name: 'Publish now' })).toBeChecked();
});
