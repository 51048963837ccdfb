import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  createUser,
  goBackOnline,
  horizontalOverflow,
  localConfig,
  openAccountMenu,
  signInThroughUi,
  uniqueEmail,
  waitForServiceWorkerControl,
  type TestUser,
} from './support';

const UPDATED = 'Profile updated successfully!';

interface ServerProfile {
  email: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  bio: string | null;
  version: number;
}

/** The user's profile row as the server holds it, read with the user's own token over REST. */
async function serverProfile(
  request: APIRequestContext,
  user: TestUser,
): Promise<ServerProfile | null> {
  const { url, anonKey } = await localConfig(request);
  const response = await request.get(
    `${url}/rest/v1/user_profiles?select=email,first_name,last_name,company,bio,version`,
    { headers: { apikey: anonKey, Authorization: `Bearer ${user.accessToken}` } },
  );
  expect(response.status(), await response.text()).toBe(200);
  const rows = (await response.json()) as ServerProfile[];
  return rows[0] ?? null;
}

/** A profile made elsewhere (another device, onboarding): what this device pulls at sign-in. */
async function insertServerProfile(request: APIRequestContext, user: TestUser) {
  const { url, anonKey } = await localConfig(request);
  const token = JSON.parse(
    Buffer.from(user.accessToken.split('.')[1]!, 'base64url').toString(),
  ) as { sub: string };
  const response = await request.post(`${url}/rest/v1/user_profiles`, {
    headers: {
      apikey: anonKey,
      Authorization: `Bearer ${user.accessToken}`,
      Prefer: 'return=minimal',
    },
    data: {
      id: token.sub,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      company: 'US Navy',
      bio: 'Wrote the first compiler.',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function openProfileTab(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test('edit the profile offline, reload, and it reaches the server once online', async ({
  page,
  request,
  context,
}) => {
  const user = await createUser(request, { onboarded: true });
  await insertServerProfile(request, user);
  await signInThroughUi(page, user);
  await waitForServiceWorkerControl(page);

  await openProfileTab(page);
  // Pulled from the server at sign-in.
  await expect(field(page, 'Company')).toHaveValue('US Navy');
  await expect(field(page, 'First Name')).toHaveValue('Grace');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();

  await context.setOffline(true);
  await field(page, 'First Name').fill('Amazing');
  await field(page, 'Last Name').fill('Grace');
  await field(page, 'Bio').fill('');
  await expect(page.getByRole('button', { name: 'Cancel Changes' })).toBeEnabled();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(UPDATED)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  // The user menu follows the saved profile at once.
  await expect(await openAccountMenu(page)).toContainText('Amazing Grace');
  await page.keyboard.press('Escape');
  expect(await serverProfile(request, user)).toMatchObject({
    first_name: 'Grace',
    bio: 'Wrote the first compiler.',
  });

  // Still there after an offline reload: the device keeps it, waiting in the outbox.
  await page.reload();
  await expect(field(page, 'First Name')).toHaveValue('Amazing');
  await expect(field(page, 'Bio')).toHaveValue('');
  await expect(field(page, 'Company')).toHaveValue('US Navy');

  await goBackOnline(page);
  await expect
    .poll(() => serverProfile(request, user), { timeout: 30_000 })
    .toMatchObject({
      email: user.email,
      first_name: 'Amazing',
      last_name: 'Grace',
      company: 'US Navy',
      // Emptied on purpose: stored as null, not as an empty string.
      bio: null,
      version: 2,
    });
  await page.reload();
  await expect(field(page, 'First Name')).toHaveValue('Amazing');
  await expect(await openAccountMenu(page)).toContainText('Amazing Grace');
  await page.keyboard.press('Escape');
  // The dashboard's greeting uses the saved name too.
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByText('Welcome back, Amazing Grace!')).toBeVisible();
});

test('a new email is confirmed through a link mailed to it', async ({ page, request }) => {
  const user = await createUser(request, { onboarded: true });
  await insertServerProfile(request, user);
  await signInThroughUi(page, user);
  await openProfileTab(page);
  await expect(field(page, 'Email')).toHaveValue(user.email);

  const next = uniqueEmail('moved');
  await field(page, 'Email').fill(next);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${next}.`)).toBeVisible();
  // Nothing else changed, so no profile write and no success notice; the account's email stays.
  await expect(page.getByText(UPDATED)).toBeHidden();
  await expect(field(page, 'Email')).toHaveValue(user.email);

  const toNew = await confirmationLink(request, next);
  const toCurrent = await confirmationLink(request, user.email);
  expect(decodeURIComponent(toNew)).toContain('/settings');

  // The first link: the server says the other one is still to follow.
  await page.goto(toNew);
  await expect(
    page.getByText(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    ),
  ).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  // The second: the account moves, and the profile row follows it on the server.
  await page.goto(toCurrent);
  await expect(field(page, 'Email')).toHaveValue(next);
  await expect(await openAccountMenu(page)).toContainText(next);
  await page.keyboard.press('Escape');
  expect(await serverProfile(request, user)).toMatchObject({
    email: next,
    company: 'US Navy',
    version: 2,
  });
});

/** The newest confirmation link mailed to `to`, read from the local mailbox. */
async function confirmationLink(request: APIRequestContext, to: string): Promise<string> {
  const { url } = await localConfig(request);
  const mail = await request.get(`${url}/local/mail?format=json&to=${encodeURIComponent(to)}`);
  expect(mail.status()).toBe(200);
  const [message] = (await mail.json()) as { subject: string; link: string }[];
  expect(message?.subject).toBe('Confirm Email Change');
  return message!.link;
}

test('the profile tab fits a phone screen', async ({ page, request }) => {
  const user = await createUser(request, { onboarded: true });
  await page.setViewportSize({ width: 360, height: 760 });
  await signInThroughUi(page, user);
  await openProfileTab(page);
  await expect(field(page, 'Bio')).toBeVisible();
  await field(page, 'Company').fill('A company name long enough to test the field width');
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Save Changes' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeInViewport();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});
