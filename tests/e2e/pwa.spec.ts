import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import {
  accountMenuButton,
  createUser,
  signInThroughUi,
  waitForServiceWorkerControl,
} from './support';

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  description: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
}

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A request no cache answers: it fails only when the network is really off. */
async function networkReachable(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    fetch(`/robots.txt?probe=${Date.now()}`, { cache: 'no-store' }).then(
      () => true,
      () => false,
    ),
  );
}

test('the app is installable: manifest, icons and the browser’s own installability check', async ({
  page,
  request,
}) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBeTruthy();
  const manifest = (await response.json()) as WebManifest;
  expect(manifest).toMatchObject({
    name: 'Postbloom',
    short_name: 'Postbloom',
    start_url: '/',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.description.length).toBeGreaterThan(10);

  const wanted = [
    { sizes: '192x192', purpose: 'any' },
    { sizes: '512x512', purpose: 'any' },
    { sizes: '512x512', purpose: 'maskable' },
  ];
  for (const { sizes, purpose } of wanted) {
    const icon = manifest.icons.find(
      (i) => i.sizes === sizes && (i.purpose ?? 'any').split(' ').includes(purpose),
    );
    expect(icon, `${purpose} icon ${sizes}`).toBeDefined();
    const image = await request.get(icon!.src);
    expect(image.headers()['content-type']).toContain('image/png');
    const { width, height } = pngSize(await image.body());
    expect(`${width}x${height}`).toBe(sizes);
  }
  for (const path of ['/favicon.ico', '/favicon.svg', '/icons/apple-touch-icon.png']) {
    const asset = await request.get(path);
    expect(asset.ok(), path).toBeTruthy();
    expect(asset.headers()['content-type'], path).not.toContain('text/html');
  }

  await page.goto('/');
  await expect(page).toHaveTitle('Postbloom');
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /^#/);
  await waitForServiceWorkerControl(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: Array<{ errorId: string }>;
  };
  // Test contexts are incognito-like, which alone keeps Chromium from offering installation.
  const errors = installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
  expect(errors).toEqual([]);
});

test('after a first visit the public pages start with no network at all', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  expect(await networkReachable(page)).toBe(false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started Free' }).first()).toBeVisible();

  // Pages never opened before come from the precache too (their lazily loaded code included).
  for (const [path, text] of [
    ['/contact', 'Send Message'],
    ['/signup', 'Create Account'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: text })).toBeVisible();
  }
  await page.goto('/privacy');
  await expect(page.getByText('January 15, 2025').first()).toBeVisible();
});

test('after a first visit a signed-in user gets the app shell with no network at all', async ({
  page,
  context,
  request,
}) => {
  const user = await createUser(request, {
    firstName: 'Mary',
    lastName: 'Jackson',
    onboarded: true,
  });
  await signInThroughUi(page, user);
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  expect(await networkReachable(page)).toBe(false);
  await page.reload();
  await expect(accountMenuButton(page)).toBeVisible();
  await accountMenuButton(page).click();
  await expect(page.getByRole('menu')).toContainText('Mary Jackson');
  await page.keyboard.press('Escape');

  for (const path of ['/calendar', '/analytics', '/settings']) {
    await page.goto(path);
    await expect(accountMenuButton(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toHaveCount(0);
  }
});

/**
 * A front for the app on its own origin that can "deploy" a new release: once `release` is
 * 'next', it serves sw.js with different bytes (a worker that also says which release it is).
 * Its own origin keeps the registration apart from every other test's.
 */
async function startReleaseFront(appOrigin: string) {
  const front = { release: 'current' as 'current' | 'next', origin: '', close: () => {} };
  const server = createServer((req, res) => {
    void (async () => {
      const path = req.url ?? '/';
      const isWorker = path.split('?')[0] === '/sw.js';
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string' && !['host', 'connection'].includes(name))
          headers.set(name, value);
      }
      if (isWorker && front.release === 'next') {
        headers.delete('if-none-match');
        headers.delete('if-modified-since');
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const upstream = await fetch(new URL(path, appOrigin), {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
        redirect: 'manual',
      });
      let body = Buffer.from(await upstream.arrayBuffer());
      const out: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (
          !['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)
        ) {
          out[name] = value;
        }
      });
      if (isWorker && front.release === 'next' && upstream.status === 200) {
        body = Buffer.concat([
          body,
          Buffer.from(
            "\nself.addEventListener('message', (event) => {\n" +
              "  if (event.data === 'release?') event.ports[0].postMessage('next');\n});\n",
          ),
        ]);
        delete out['etag'];
        delete out['last-modified'];
      }
      res.writeHead(upstream.status, out);
      res.end(body);
    })().catch((error: unknown) => {
      res.writeHead(502);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  front.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  front.close = () => server.close();
  return front;
}

// The second case presses Reload just as the app starts loading its store (a visitor's landing page
// loads it when a link is pointed at): the switch must not depend on what else the page is doing.
for (const storeLoading of [false, true]) {
  const when = storeLoading ? ' while the store starts loading' : '';
  test(`a new release shows the update prompt, and Reload switches to it${when}`, async ({
    page,
    baseURL,
  }) => {
    const front = await startReleaseFront(baseURL!);
    try {
      await page.goto(`${front.origin}/`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await waitForServiceWorkerControl(page);
      const prompt = page.getByText('A new version of Postbloom is available.');
      await expect(prompt).toHaveCount(0);

      front.release = 'next';
      // What the browser does on its own at the next navigation, or the prompt's hourly check.
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      await expect(prompt).toBeVisible({ timeout: 30_000 });

      await page.evaluate(() => Object.assign(window, { beforeReload: true }));
      if (storeLoading) await page.getByRole('link', { name: 'Get Started Free' }).first().hover();
      await page.getByRole('button', { name: 'Reload' }).click();
      await page.waitForFunction(() => !('beforeReload' in window));
      await waitForServiceWorkerControl(page);
      const release = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = (event) => resolve(String(event.data));
            navigator.serviceWorker.controller!.postMessage('release?', [channel.port2]);
          }),
      );
      expect(release).toBe('next');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(prompt).toHaveCount(0);
    } finally {
      front.close();
    }
  });
}
