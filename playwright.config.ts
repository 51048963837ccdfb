import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/check-chromium';

// Overridable, so two checkouts can run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const API_PORT = Number(process.env.E2E_API_PORT ?? 54329);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// The fake Facebook and LinkedIn (tests/support/fake-social) the app's connect flows talk to.
// Derived from the API port by default (54339), so a run that moves the API never collides
// with it; set in the environment so the specs, in the workers, find it too.
process.env.E2E_SOCIAL_PORT ??= String(API_PORT + 10);
const SOCIAL_PORT = Number(process.env.E2E_SOCIAL_PORT);
const SOCIAL_URL = `http://127.0.0.1:${SOCIAL_PORT}`;

// Every run starts from an empty database. Workers load this file again but inherit the
// runner's environment, so only the runner creates (and later removes) the folder.
if (!process.env.POSTBLOOM_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'postbloom-e2e-'));
  process.env.POSTBLOOM_E2E_DATA_DIR = dataDir;
  // 'exit' fires after Playwright has stopped the web server, so nothing writes there any more.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
const dataDir = process.env.POSTBLOOM_E2E_DATA_DIR;

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: true,
  // One more try for a test that fails: the report then lists it as flaky (not passed), to be
  // mended, while one slow moment on a loaded machine does not fail the whole run.
  retries: 1,
  workers: 2,
  // Generous: on a loaded 2-core machine the longest journeys (two devices, a reload, a sync
  // round trip) take close to a minute; a limit is there to stop a hang, not to time a test.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  outputDir: 'test-results',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    serviceWorkers: 'allow',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'npx tsx scripts/fake-social.ts',
      url: `${SOCIAL_URL}/__fake/state`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_SOCIAL_PORT: String(SOCIAL_PORT) },
    },
    {
      command: 'npx tsx scripts/start.ts',
      url: `${BASE_URL}/local/config`,
      reuseExistingServer: false,
      // start.ts builds the app first when the sources are newer than dist/.
      timeout: 300_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        API_PORT: String(API_PORT),
        DATA_DIR: dataDir,
        // Every spec signs up, signs in and asks for resets from 127.0.0.1; the per-address
        // throttles have their own API tests.
        AUTH_SIGN_IN_RATE_LIMIT: '1000',
        AUTH_SIGN_UP_RATE_LIMIT: '1000',
        AUTH_RECOVER_RATE_LIMIT: '1000',
        AUTH_TOKEN_REFRESH_RATE_LIMIT: '1000',
        // The notifications spec's push service is a fake on 127.0.0.1 (tests/support/fake-push-service.ts).
        PUSH_ALLOW_LOOPBACK_ENDPOINTS: 'on',
        FACEBOOK_DIALOG_URL: SOCIAL_URL,
        FACEBOOK_GRAPH_URL: SOCIAL_URL,
        FACEBOOK_GRAPH_VERSION: 'v24.0',
        LINKEDIN_AUTH_URL: SOCIAL_URL,
        LINKEDIN_API_URL: SOCIAL_URL,
        LINKEDIN_VERSION: '202608',
        // The publishing spec waits for posts to go out: a tick a second instead of every 15 s,
        // and a claim left in publishing counts as stuck after 20 s instead of 5 minutes.
        PUBLISH_INTERVAL_MS: '1000',
        PUBLISH_STUCK_AFTER_MS: '20000',
        // Numbers are collected only when a test presses Refresh on /analytics: a timer tick
        // between a test's publish and its Refresh would race what the test expects to see.
        METRICS_INTERVAL_MS: '0',
        // The AI providers spec's fake model servers listen on 127.0.0.1 over plain http: the
        // ai-proxy function may call them for a key kept on the server.
        AI_PROXY_ALLOWED_HOSTS: '127.0.0.1',
      },
    },
  ],
});
