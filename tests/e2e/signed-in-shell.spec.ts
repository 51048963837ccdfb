import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type Route } from '@playwright/test';
import { STYLE_MEMORY_KEY } from '../../src/app/style-memory';
import { importCycle } from '../support/import-cycle';
import { aiProviderPanel, signInReadyUser } from './compose-support';
import { accountMenuButton, expectSignInScreen } from './support';

// Requests a service worker answers never reach page.route(): without one, blocking the app's
// scripts really leaves the HTML alone (the app's worker would otherwise serve them from its cache).
test.use({ serviceWorkers: 'block' });

// The signed-in pages whose frame is prerendered into their HTML file (src/app/prerender.tsx).
const SHELL_PAGES = ['/dashboard', '/create', '/calendar', '/analytics', '/settings'];

const frame = (page: Page) => page.locator('#prerendered');

/** Lets no script of the app run: what the HTML shows by itself. */
async function withoutScripts(page: Page): Promise<() => Promise<void>> {
  await page.route('**/assets/*.js', (route) => route.abort());
  return () => page.unroute('**/assets/*.js');
}

test('a signed-in page paints its frame and heading from the HTML alone', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  const allowScripts = await withoutScripts(page);
  await page.goto('/calendar');
  await expect(frame(page)).toBeVisible();
  await expect(frame(page).locator('h1')).toHaveText('Content Calendar');
  // The app's navigation, as the app draws it at this width.
  await expect(frame(page).locator('a[href="/settings"]:visible')).toHaveText('Settings');
  // Only a picture: out of the accessibility tree and of the way of clicks and the keyboard.
  await expect(frame(page)).toHaveAttribute('aria-hidden', 'true');
  await expect(frame(page)).toHaveAttribute('inert', '');
  // The heading follows the address where the page's does.
  await page.goto('/create?editDraft=some-draft');
  await expect(frame(page).locator('h1')).toHaveText('Edit Draft Post');
  await allowScripts();
});

test('a visitor never sees the frame: no session is saved on this device', async ({ page }) => {
  await withoutScripts(page);
  await page.goto('/dashboard');
  await expect(frame(page)).toBeAttached();
  await expect(frame(page)).toBeHidden();
});

test('the app takes over each page from its frame, with the same heading', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  for (const path of SHELL_PAGES) {
    const allowScripts = await withoutScripts(page);
    await page.goto(path);
    const framed = await frame(page).locator('h1').textContent();
    await allowScripts();

    await page.goto(path);
    await expect(frame(page), path).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(framed ?? '');
  }
  // What is on screen is the app: its menu opens.
  await accountMenuButton(page).click();
  await expect(page.getByRole('menu')).toBeVisible();
});

test('the dashboard and settings frames show the note and the guidance this device last showed', async ({
  page,
  request,
}) => {
  const keyMissing = 'OpenAI API key not configured. Please add your API key in Settings.';
  const guidance =
    'Connect Facebook Pages and LinkedIn to publish from Postbloom: start by saving your app credentials.';
  await signInReadyUser(page, request);
  await expect(aiProviderPanel(page).getByText(keyMissing)).toBeVisible();

  // Settings not opened on this device yet: its frame has the guidance, hidden.
  let allowScripts = await withoutScripts(page);
  await page.goto('/settings');
  await expect(frame(page).locator('h1')).toHaveText('Settings');
  await expect(frame(page).getByText(guidance)).toBeHidden();
  await allowScripts();
  await page.goto('/settings');
  await expect(page.getByRole('note').filter({ hasText: guidance })).toBeVisible();

  // Now both frames paint them, before any script.
  allowScripts = await withoutScripts(page);
  await page.goto('/settings');
  await expect(frame(page).getByText(guidance)).toBeVisible();
  await expect(frame(page).getByText('Set Up Social Credentials')).toBeVisible();
  await page.goto('/dashboard');
  await expect(frame(page).locator('h1')).toHaveText('Dashboard');
  await expect(frame(page).getByText(keyMissing)).toBeVisible();
  await allowScripts();

  // And the app keeps the note while the server's list of saved keys is on its way.
  await page.route('**/rest/v1/user_ai_providers*', () => {
    // held: never answered in this test
  });
  await page.goto('/dashboard');
  await expect(frame(page)).toHaveCount(0);
  await expect(aiProviderPanel(page).getByText(keyMissing)).toBeVisible();
});

test('the frame gives way to the sign-in screen when the saved session is no longer good', async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem(
      'postbloom-auth',
      JSON.stringify({
        access_token: 'not-a-token',
        refresh_token: 'not-a-refresh-token',
        expires_at: 1,
        token_type: 'bearer',
        user: { id: '00000000-0000-4000-8000-000000000000', email: 'gone@example.com' },
      }),
    ),
  );
  await page.goto('/settings');
  await expectSignInScreen(page);
  await expect(frame(page)).toHaveCount(0);
});

test('a signed-in page opens before supabase-js, the server settings and Dexie arrive', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  const held = new Map<string, Route[]>();
  let holding = true;
  for (const url of ['**/assets/vendor-supabase-*.js', '**/local/config', '**/assets/dexie-*.js']) {
    held.set(url, []);
    await page.route(url, (route) => (holding ? held.get(url)!.push(route) : route.continue()));
  }
  await page.goto('/dashboard');
  await expect(frame(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(accountMenuButton(page)).toBeVisible();
  // Each was asked for, and is still on its way.
  for (const [url, routes] of held) await expect.poll(() => routes.length, url).toBeGreaterThan(0);

  // Let them through: the session is then confirmed, the sync starts, and the app stays open.
  holding = false;
  await Promise.all([...held.values()].flat().map((route) => route.continue()));
  await accountMenuButton(page).click();
  await expect(page.getByRole('menu')).toBeVisible();
});

test('a signed-in page comes in a few dozen scripts, and no chunk imports one that imports it', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  const scripts = new Set<string>();
  page.on('request', (asked) => {
    const url = new URL(asked.url());
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'))
      scripts.add(url.pathname);
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(accountMenuButton(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  // What every signed-in load brings (the store, the frame, the sync) comes merged, and what only
  // signed-in pages share by the pages sharing it (scripts/chunk-merges.ts): 50 scripts with what
  // the page fetches soon after and on demand when this was written, where the bundler's own split
  // asked for 96.
  expect(scripts.size).toBeGreaterThan(10);
  expect(scripts.size).toBeLessThanOrEqual(60);

  // The merged chunks sit among the bundler's own without a cycle, which would run a module
  // before one it imports.
  const manifest = JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../../dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string; imports?: string[] }>;
  const merged = Object.values(manifest).filter((chunk) =>
    /^assets\/(signed-in|pages)-/.test(chunk.file),
  );
  expect(merged.length).toBeGreaterThan(0);
  const imports = new Map(
    Object.entries(manifest).map(([key, chunk]) => [key, chunk.imports ?? []]),
  );
  expect(importCycle(imports)?.map((key) => manifest[key]?.file)).toBeUndefined();
});

test('a page opened again takes the styles this device compiled, and looks the same', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  // Counts the rules the app's style cache compiles into the page (in a build, one insertRule
  // each), and forgets what the device remembers until told to keep it.
  await page.addInitScript((key) => {
    if (sessionStorage.getItem('keep-styles') !== '1') localStorage.removeItem(key);
    const counts = { compiled: 0 };
    Object.assign(window, { __styleCounts: counts });
    const insertRule = CSSStyleSheet.prototype.insertRule;
    CSSStyleSheet.prototype.insertRule = function (rule: string, index?: number) {
      counts.compiled += 1;
      return insertRule.call(this, rule, index);
    };
  }, STYLE_MEMORY_KEY);
  const openDashboard = async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(page.getByRole('tablist', { name: 'Filter ideas' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Platform Overview' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    return page.evaluate(() => {
      const look = (selector: string) => {
        const element = document.querySelector(selector);
        if (!element) return null;
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return [
          style.display,
          style.color,
          style.backgroundColor,
          style.fontSize,
          style.padding,
          style.margin,
          style.borderRadius,
          Math.round(box.x),
          Math.round(box.y),
          Math.round(box.width),
          Math.round(box.height),
        ].join(' ');
      };
      return {
        compiled: (window as unknown as { __styleCounts: { compiled: number } }).__styleCounts
          .compiled,
        remembered: document.querySelector('style[data-remembered]') !== null,
        looks: [
          'header',
          'h1',
          'main',
          'main button',
          '[role="tablist"]',
          '[role="tab"][aria-selected="true"]',
          'main h2',
          'main li',
        ].map(look),
      };
    });
  };

  const first = await openDashboard();
  expect(first.remembered).toBe(false);
  await page.evaluate(() => sessionStorage.setItem('keep-styles', '1'));
  const again = await openDashboard();
  expect(again.remembered).toBe(true);
  // The first load compiled the page's styles (some 300 rules when this was written); the second
  // took them from what the first left, and compiles next to none.
  expect(first.compiled).toBeGreaterThan(100);
  expect(again.compiled).toBeLessThan(first.compiled / 10);
  expect(again.looks.every((look) => look !== null)).toBe(true);
  expect(again.looks).toEqual(first.looks);
});
