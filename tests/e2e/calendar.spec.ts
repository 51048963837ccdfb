import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { contentField, signInReadyUser } from './compose-support';
import { horizontalOverflow, localConfig, type TestUser } from './support';

// Instagram posts need no connected account (the user posts them themselves), so a new user can
// schedule them; they stay movable until they are due, days after these tests end.

interface ServerPost {
  id: string;
  content: string;
  scheduled_for: string;
}

async function serverPosts(request: APIRequestContext, user: TestUser): Promise<ServerPost[]> {
  const { url, anonKey } = await localConfig(request);
  const res = await request.get(`${url}/rest/v1/scheduled_posts?select=id,content,scheduled_for`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${user.accessToken}` },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as ServerPost[];
}

/** When the server has the post with this text, as an epoch; null while it has not. */
async function serverTime(request: APIRequestContext, user: TestUser, text: string) {
  const post = (await serverPosts(request, user)).find((p) => p.content === text);
  return post ? Date.parse(post.scheduled_for) : null;
}

const uniqueText = (words: string) => `${words} #${randomBytes(4).toString('hex')}`;

/** A day of a month some months from the browser's today, as a date input takes it. */
function dayAhead(page: Page, months: number, day: number): Promise<string> {
  return page.evaluate(
    ([m, d]) => {
      const now = new Date();
      const at = new Date(now.getFullYear(), now.getMonth() + m, d);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
    },
    [months, day] as const,
  );
}

/** The browser's date `days` from today. */
function dateFromToday(page: Page, days: number): Promise<string> {
  return page.evaluate((n) => {
    const now = new Date();
    const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + n);
    const pad = (v: number) => String(v).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  }, days);
}

/** A wall time in the browser's zone (the user's, as nobody chose another) as an epoch. */
async function epochOf(page: Page, date: string, time: string): Promise<number> {
  return Date.parse(
    await page.evaluate(([d, t]) => new Date(`${d}T${t}:00`).toISOString(), [date, time] as const),
  );
}

/** On /create: an Instagram post with this text for this day and time, scheduled. */
async function scheduleOnInstagram(page: Page, text: string, date: string, time: string) {
  await page.goto('/create');
  await contentField(page).fill(text);
  for (const name of ['Facebook', 'Instagram', 'LinkedIn', 'Twitter']) {
    const toggle = page.getByRole('button', { name, exact: true });
    const wanted = String(name === 'Instagram');
    if ((await toggle.getAttribute('aria-pressed')) !== wanted) await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', wanted);
  }
  await page.getByRole('radio', { name: 'Schedule for later' }).check();
  await page.getByLabel('Date', { exact: true }).fill(date);
  await page.getByLabel('Time', { exact: true }).fill(time);
  await page.getByRole('button', { name: 'Schedule Post' }).click();
  const done = page.getByRole('dialog').filter({ hasText: 'Post scheduled successfully!' });
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
}

function dayCell(page: Page, date: string): Locator {
  return page.locator(`[role="gridcell"][data-day="${date}"]`);
}

/** The selected day's list (or the agenda's) entry of the post with this title. */
function dayEntry(page: Page, title: string): Locator {
  return page.getByRole('listitem', { name: title, exact: true });
}

/** Drags with the mouse in small steps, as a hand would, so the calendar sees a drag. */
async function dragTo(page: Page, from: Locator, to: Locator) {
  await from.scrollIntoViewIfNeeded();
  await to.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.mouse.up();
}

test('a post scheduled for the 15th shows on the 15th, and moves by drag and by keyboard', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await signInReadyUser(page, request);
  const text = uniqueText('Pumpkin pie week.');
  const the15th = await dayAhead(page, 1, 15);
  const the20th = await dayAhead(page, 1, 20);
  const the22nd = await dayAhead(page, 1, 22);
  await scheduleOnInstagram(page, text, the15th, '10:30');
  await expect
    .poll(() => serverTime(request, user, text))
    .toBe(await epochOf(page, the15th, '10:30'));

  // The month grid, a month on.
  await expect(page.getByRole('grid')).toBeVisible();
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(dayCell(page, the15th)).toContainText(text);
  await expect(dayCell(page, the15th)).toHaveAccessibleName(/, 1 post$/);

  // Its day lists it: platform, status and time, with Edit and View.
  await dayCell(page, the15th).click();
  await expect(dayCell(page, the15th)).toHaveAttribute('aria-selected', 'true');
  const entry = dayEntry(page, text);
  await expect(entry).toContainText('Instagram');
  await expect(entry).toContainText('Scheduled');
  await expect(entry.locator('time')).toHaveText(/^10:30\sAM$/);
  const postId = (await serverPosts(request, user)).find((p) => p.content === text)!.id;
  await expect(entry.getByRole('link', { name: 'Edit' })).toHaveAttribute(
    'href',
    `/create?editPost=${postId}`,
  );

  // View shows the post and its state.
  await entry.getByRole('button', { name: 'View' }).click();
  const detail = page.getByRole('dialog', { name: text });
  await expect(detail).toContainText(text);
  await expect(detail).toContainText('Instagram');
  await expect(detail).toContainText('Scheduled');
  // Where it goes: Instagram, posted by the user when it is due.
  await expect(detail.getByRole('list', { name: 'Where it goes' })).toContainText('Instagram');
  await expect(detail.getByRole('list', { name: 'Where it goes' })).toContainText(
    'Publish it yourself',
  );
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // Dragged to the 20th: same time of day there, on this device and on the server.
  await dragTo(page, dayCell(page, the15th).getByText(text), dayCell(page, the20th));
  await expect(page.getByRole('alert').filter({ hasText: /^Moved to / })).toBeVisible();
  await expect(dayCell(page, the20th)).toContainText(text);
  await expect(dayCell(page, the15th)).not.toContainText(text);
  await expect
    .poll(() => serverTime(request, user, text))
    .toBe(await epochOf(page, the20th, '10:30'));

  // By keyboard: the 20th is selected now; Move to date from its list.
  await expect(dayCell(page, the20th)).toHaveAttribute('aria-selected', 'true');
  await dayEntry(page, text).getByRole('button', { name: 'Move to date' }).focus();
  await page.keyboard.press('Enter');
  const move = page.getByRole('dialog', { name: 'Move to another day' });
  await expect(move.getByLabel('New date')).toHaveValue(the20th);
  await move.getByLabel('New date').fill(the22nd);
  await move.getByLabel('New date').press('Enter');
  await expect(move).toBeHidden();
  await expect(dayCell(page, the22nd)).toContainText(text);
  await expect
    .poll(() => serverTime(request, user, text))
    .toBe(await epochOf(page, the22nd, '10:30'));

  // The grid itself by keyboard: from the 22nd one day back, Enter selects the 21st.
  await dayCell(page, the22nd).focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  const the21st = await dayAhead(page, 1, 21);
  await expect(dayCell(page, the21st)).toHaveAttribute('aria-selected', 'true');
  await expect(dayCell(page, the21st)).toBeFocused();

  // Add Post for This Day opens /create with that day.
  await page.getByRole('link', { name: 'Add Post for This Day' }).click();
  await expect(page).toHaveURL(new RegExp(`/create\\?date=${the21st}$`));
  await expect(page.getByRole('radio', { name: 'Schedule for later' })).toBeChecked();
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(the21st);
});

test('on a phone the calendar is an agenda list that fits the screen', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  const text = uniqueText('Croissant Sunday, a very long line of text to wrap on a small screen.');
  const the15th = await dayAhead(page, 1, 15);
  await scheduleOnInstagram(page, text, the15th, '09:00');

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/calendar');
  await expect(page.getByRole('button', { name: 'Agenda' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Next month' }).click();
  const entry = dayEntry(page, text.slice(0, 59) + '…');
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Instagram');
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  // The month grid fits too.
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  await expect(dayCell(page, the15th)).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});

test('the dashboard’s upcoming posts are the user’s own posts of the next 7 days', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  const upcoming = page.getByRole('region', { name: 'Upcoming Posts' });
  await expect(upcoming).toContainText('No posts in the next 7 days.');

  const soon = uniqueText('Bagels on Tuesday.');
  const later = uniqueText('Advent calendar cookies.');
  await scheduleOnInstagram(page, soon, await dateFromToday(page, 2), '11:15');
  await scheduleOnInstagram(page, later, await dateFromToday(page, 9), '11:15');

  await page.goto('/dashboard');
  const item = upcoming.getByRole('listitem').filter({ hasText: soon });
  await expect(item).toContainText('Instagram');
  await expect(item).toContainText('Scheduled');
  await expect(item.locator('time')).toHaveText(/11:15\sAM/);
  await expect(upcoming).not.toContainText(later);
  await expect(upcoming).not.toContainText('Sample data');
});
