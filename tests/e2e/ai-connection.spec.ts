import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { aiProviderPanel, configureAi, signInReadyUser, useFakeOpenAI } from './compose-support';

const KEY = 'sk-e2e-valid-key-0123456789';

const fake = useFakeOpenAI({ apiKey: KEY });

/** An address that takes connections and drops them at once, counting them. */
async function droppingServer(): Promise<{
  url: string;
  connections: () => number;
  close: () => Promise<void>;
}> {
  let count = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    count += 1;
    sockets.add(socket);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    connections: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('an address that does not answer is named as such, in Settings and on the dashboard', async ({
  page,
  request,
}) => {
  const dropping = await droppingServer();
  try {
    await signInReadyUser(page, request);
    const panel = await configureAi(page, { apiKey: KEY, baseURL: dropping.url });
    const unreachable = `Could not reach ${dropping.url}. Please check your internet connection and the API Base URL in Settings.`;
    await expect(panel.getByText(unreachable)).toBeVisible();
    await expect(panel).not.toContainText('Please check your API key');
    await expect(panel).toContainText(
      'Make sure the service is running and answers at that address.',
    );
    expect(dropping.connections()).toBe(1);

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await aiProviderPanel(page).getByRole('button', { name: 'Test Connection' }).click();
    await expect(aiProviderPanel(page).getByText(unreachable)).toBeVisible();
    await expect(aiProviderPanel(page).getByText('Error', { exact: true })).toBeVisible();
    expect(dropping.connections()).toBe(2);
  } finally {
    await dropping.close();
  }
});

test('a wrong key still gets the spec texts', async ({ page, request }) => {
  await signInReadyUser(page, request);
  const panel = await configureAi(page, { apiKey: 'sk-e2e-wrong-key-000000', baseURL: fake().url });
  await expect(
    panel.getByText('Connection failed. Please check your API key and try again.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await aiProviderPanel(page).getByRole('button', { name: 'Test Connection' }).click();
  await expect(
    aiProviderPanel(page).getByText(
      'Invalid API key. Please check your OpenAI API key in Settings.',
    ),
  ).toBeVisible();
});

test('one click sends one request, even a double click on a slow service', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  fake().setMode({ kind: 'server-error' });
  const panel = await configureAi(page, { apiKey: KEY, baseURL: fake().url });
  await expect(
    panel.getByText('Connection failed. Please check your API key and try again.'),
  ).toBeVisible();
  expect(fake().requests).toHaveLength(1);

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  const test = aiProviderPanel(page).getByRole('button', { name: 'Test Connection' });
  await test.click();
  await expect(
    aiProviderPanel(page).getByText(
      'Connection failed. Please check your internet connection and API key.',
    ),
  ).toBeVisible();
  expect(fake().requests).toHaveLength(2);

  fake().setMode({ kind: 'slow', delayMs: 1500 });
  await test.dblclick();
  await expect(
    aiProviderPanel(page).getByText(
      'Connection successful! You can now generate posts with ChatGPT.',
    ),
  ).toBeVisible();
  expect(fake().requests).toHaveLength(3);
});

test("the status badge keeps its last result across a reload, and is this user's only", async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  const panel = await configureAi(page, { apiKey: KEY, baseURL: fake().url });
  await expect(
    panel.getByText('Connection successful! You can now generate posts with ChatGPT.'),
  ).toBeVisible();
  await expect(panel.getByText('Connected', { exact: true })).toBeVisible();

  await page.goto('/dashboard');
  await expect(aiProviderPanel(page).getByText('Connected', { exact: true })).toBeVisible();
  await page.reload();
  await expect(aiProviderPanel(page).getByText('Connected', { exact: true })).toBeVisible();
  expect(fake().requests).toHaveLength(1);

  // The stored status is a result, never the key.
  const persisted = await page.evaluate(async () => {
    const open = indexedDB.open('postbloom');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const row = await new Promise<unknown>((resolve, reject) => {
      const get = db.transaction('kv').objectStore('kv').get('persist:ai');
      get.onsuccess = () => resolve(get.result);
      get.onerror = () => reject(get.error);
    });
    db.close();
    return JSON.stringify(row);
  });
  expect(persisted).toContain('connected');
  expect(persisted).not.toContain(KEY);

  fake().setMode({ kind: 'server-error' });
  await aiProviderPanel(page).getByRole('button', { name: 'Test Connection' }).click();
  await expect(aiProviderPanel(page).getByText('Error', { exact: true })).toBeVisible();
  await page.reload();
  await expect(aiProviderPanel(page).getByText('Error', { exact: true })).toBeVisible();
});
