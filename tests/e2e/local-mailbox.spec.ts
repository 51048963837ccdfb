import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createUser, localConfig } from './support';

/** What a page on another origin finds when it fetches `url`: its text, or the error it got. */
const ATTEMPT = async (url: string) => {
  try {
    // No credentials: the mailbox needs none, so `Access-Control-Allow-Origin: *` alone would do.
    const res = await fetch(url);
    return { read: true, status: res.status, text: await res.text() };
  } catch (e) {
    return { read: false, status: 0, text: String(e) };
  }
};

let other: http.Server;
let otherOrigin: string;

// A page on another origin of this same machine: another loopback port is the same site but not
// the same origin, the closest a page on the web can get.
test.beforeAll(async () => {
  other = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>Another site</title><p>Another site</p>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => other.close(() => resolve()));
});

test('a page on another origin cannot read the local mailbox, through the app or the API', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createUser(request);
  const { url: apiUrl, anonKey } = await localConfig(request);
  const recover = await request.post(`${apiUrl}/auth/v1/recover`, {
    headers: { apikey: anonKey },
    data: { email: user.email },
  });
  expect(recover.status()).toBe(200);
  const query = `/local/mail?format=json&to=${encodeURIComponent(user.email)}`;

  // The app's own pages can read it (the mailbox is meant for this machine).
  await page.goto('/');
  const own = await page.evaluate(ATTEMPT, query);
  expect(own.status).toBe(200);
  expect(own.text).toContain('/auth/v1/verify');

  await page.goto(otherOrigin);
  const served: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/local/mail')) served.push(r.status());
  });
  for (const target of [`${baseURL}${query}`, `${apiUrl}${query}`]) {
    const attempt = await page.evaluate(ATTEMPT, target);
    expect(attempt.read, target).toBe(false);
    expect(attempt.text).not.toContain('/auth/v1/verify');
    // Nor by asking for an opaque answer: the page gets nothing it can look into.
    const opaque = await page.evaluate(async (u) => {
      const res = await fetch(u, { mode: 'no-cors' });
      return { type: res.type, text: await res.text() };
    }, target);
    expect(opaque).toEqual({ type: 'opaque', text: '' });
  }
  // And the server refused them, rather than only the browser hiding the answer.
  expect(served.length).toBeGreaterThan(0);
  for (const status of served) expect(status).toBe(403);
});
