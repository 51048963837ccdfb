import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'bloom-e2e-Secret1';

/** A phone's screen in CSS pixels, for the tests of the phone layout. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/**
 * Records every layout shift the next documents make (a buffered observer sees those before it
 * starts); `layoutShifts` then lists those not caused by input, as Lighthouse's CLS counts them.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    Object.assign(window, { __layoutShifts: shifts });
    interface Shift extends PerformanceEntry {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }
    const place = (rect: DOMRectReadOnly) => `${rect.x},${rect.y} ${rect.width}x${rect.height}`;
    new PerformanceObserver((list) => {
      for (const shift of list.getEntries() as Shift[]) {
        if (shift.hadRecentInput) continue;
        // Each shift with what moved, where from and where to: a failure then says what to mend.
        const moved = shift.sources.map(
          ({ node, previousRect, currentRect }) =>
            `${node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : node?.nodeName} "${node?.textContent?.slice(0, 40) ?? ''}" ${place(previousRect)} → ${place(currentRect)}`,
        );
        shifts.push(
          `${shift.value.toFixed(5)} at ${Math.round(shift.startTime)} ms: ${moved.join('; ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts recorded so far (see recordLayoutShifts), after one more frame. */
export async function layoutShifts(page: Page): Promise<string[]> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
  return page.evaluate(() => (window as unknown as { __layoutShifts: string[] }).__layoutShifts);
}

/** How far the page reaches past the right edge of the screen, in CSS pixels: 0 or less is none. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${randomBytes(4).toString('hex')}@example.com`;
}

interface LocalConfig {
  url: string;
  anonKey: string;
}

/** What the app itself reads to find the API started beside it. */
export async function localConfig(request: APIRequestContext): Promise<LocalConfig> {
  const response = await request.get('/local/config');
  expect(response.ok(), `GET /local/config answered ${response.status()}`).toBeTruthy();
  return (await response.json()) as LocalConfig;
}

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  accessToken: string;
}

/**
 * Creates an account straight through the auth API (the same call supabase-js makes on sign-up),
 * for tests whose subject is not the sign-up form. With `onboarded`, it also stores the onboarding
 * answers, since signed-in users must finish onboarding before reaching other pages.
 */
export async function createUser(
  request: APIRequestContext,
  options: { firstName?: string; lastName?: string; onboarded?: boolean } = {},
): Promise<TestUser> {
  const { url, anonKey } = await localConfig(request);
  const user = {
    email: uniqueEmail(),
    password: PASSWORD,
    firstName: options.firstName ?? 'Grace',
    lastName: options.lastName ?? 'Hopper',
  };
  const signUp = await request.post(`${url}/auth/v1/signup`, {
    headers: { apikey: anonKey },
    data: {
      email: user.email,
      password: user.password,
      data: { first_name: user.firstName, last_name: user.lastName },
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const session = (await signUp.json()) as { access_token?: string };
  expect(
    session.access_token,
    'sign-up returns a session (accounts are auto-confirmed)',
  ).toBeTruthy();
  const accessToken = session.access_token!;

  if (options.onboarded) {
    const insert = await request.post(`${url}/rest/v1/onboarding_data`, {
      headers: {
        apikey: anonKey,
        Authorization: `Bearer ${accessToken}`,
        Prefer: 'return=minimal',
      },
      data: {
        business_name: 'Bloom Bakery',
        business_type: 'food-beverage',
        location: 'Portland',
        primary_goal: 'awareness',
        target_audience: 'consumers',
        posting_frequency: 'regular',
        content_preferences: ['educational'],
        completed_at: new Date().toISOString(),
      },
    });
    expect(insert.status(), await insert.text()).toBe(201);
  }
  return { ...user, accessToken };
}

export function passwordField(scope: Page | Locator): Locator {
  return scope.getByLabel('Password', { exact: true });
}

/** The red box the sign-in and sign-up forms show errors in. */
export function formAlert(page: Page): Locator {
  return page.getByRole('alert');
}

export async function expectSignInScreen(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(page.getByText('Welcome back! Please sign in to continue')).toBeVisible();
}

/** Signs in through the sign-in screen a protected page shows to visitors. */
export async function signInThroughUi(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.goto('/dashboard');
  await expectSignInScreen(page);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await passwordField(page).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(accountMenuButton(page)).toBeVisible();
}

export function accountMenuButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Account menu' });
}

export async function openAccountMenu(page: Page): Promise<Locator> {
  await accountMenuButton(page).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** Relative luminance (0 black … 1 white) of a CSS rgb()/rgba() colour. */
export function luminance(cssColour: string): number {
  const match = /rgba?\(\s*(\d+)[,\s]+(\d+)[,\s]+(\d+)/.exec(cssColour);
  if (!match) throw new Error(`not an rgb colour: ${cssColour}`);
  const [r, g, b] = match.slice(1, 4).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export async function bodyBackground(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

/**
 * Opens the onboarding wizard from its welcome and answers step 1 for a retail "Corner Shop"
 * aiming for leads, then continues to step 2.
 */
export async function answerFirstWizardStep(page: Page): Promise<void> {
  await page.goto('/onboarding');
  await page.getByRole('button', { name: 'Start Onboarding Wizard' }).click();
  await page.getByLabel('Business Name').fill('Corner Shop');
  await page.getByLabel('Industry').selectOption('retail');
  await page.getByLabel('Primary Goal').selectOption('leads');
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Resolves once a service worker controls the page, i.e. the precache is complete. */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/**
 * Reloads a page whose context is offline, as a phone without a network reopens the app.
 * Chromium's offline emulation does not always reach the reloaded document's navigator.onLine,
 * which can read true there while every request fails. A phone's browser reports false, which the
 * app reads as it starts; here the page is told once its store is ready.
 */
export async function reloadOffline(page: Page): Promise<void> {
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.storeReady === 'true');
  await page.evaluate(() => {
    if (navigator.onLine) window.dispatchEvent(new Event('offline'));
  });
}

/** Takes the browser back online and fires the page's `online` event straight away. */
export async function goBackOnline(page: Page): Promise<void> {
  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}
