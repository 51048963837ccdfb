// npm run bench:analytics — the Analytics page with a large history, in Chromium on a 4× slower CPU.
// A user with three connected Facebook Pages (the fake platforms, connected through the real
// connect function), two years of daily page numbers for each and 5,000 published posts with their
// numbers, written straight into the database as the collector would write them. The user then
// signs in through the page and the app's sync pull fills IndexedDB, as on a real device. Then,
// per run (median of BENCH_RUNS, default 3):
//   - navigation to interactive: from the click on "Analytics" in the navigation (a client-side
//     navigation from /dashboard, lazy page chunk included) until the metric cards and the Top
//     posts table are rendered (not the sample data) and the main thread has had no long task
//     (> 50 ms) for BENCH_QUIET_MS (default 1000): the end of the last long task, or the moment
//     the content was there if later;
//   - content rendered: from the click until the cards and the Top posts table are in the DOM;
//   - chart rendered: from the click until the Performance trend chart's SVG holds its line paths.
// Each run starts from a fresh load of /dashboard with the HTTP cache disabled, so every run pays
// for the page chunk as a first visit does. Results also go to bench-results/analytics.json.
//   BENCH_POSTS=n      published posts (default 5000)
//   BENCH_DAYS=n       days of page numbers per account (default 730)
//   BENCH_RUNS=n       measured navigations (default 3)
//   BENCH_CPU=n        CPU slowdown (default 4)
//   --no-build         measure the existing dist/
// PGlite in a temporary data directory by default; PostgreSQL when DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { chromium, type Browser, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../server/start-server.ts';
import {
  FAKE_FACEBOOK_APP,
  startFakeSocial,
  type FakeSocial,
} from '../tests/support/fake-social/index.ts';
import { createAppServer } from './app-server.ts';
import { BENCH_CHROMIUM_ARGS, BENCH_ONBOARDING } from './bench-support.ts';
import { chromiumPath } from './check-chromium.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const int = (name: string, fallback: number, min = 1) =>
  Math.max(min, Number(process.env[name] ?? fallback) || fallback);
const POSTS = int('BENCH_POSTS', 5000);
const DAYS = int('BENCH_DAYS', 730);
const RUNS = int('BENCH_RUNS', 3);
const CPU_RATE = int('BENCH_CPU', 4);
const QUIET_MS = int('BENCH_QUIET_MS', 1000);
const PASSWORD = 'bench-Secret-1';

const ms = (n: number | null) => (n === null ? '—' : `${Math.round(n)} ms`);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

function build(): void {
  console.log('Building the production app…');
  const r = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('vite build failed');
}

async function callFunction(server: RunningServer, name: string, bearer: string, body: unknown) {
  const res = await fetch(`${server.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${bearer}`,
      apikey: server.keys.anonKey,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
}

/** A signed-up, onboarded user with the fake's three Facebook Pages connected. */
async function newUser(server: RunningServer, fake: FakeSocial, appOrigin: string) {
  const client = createClient(server.url, server.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const email = `bench-analytics-${randomBytes(4).toString('hex')}@example.com`;
  const { data, error } = await client.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { first_name: 'Bench', last_name: 'Analytics' } },
  });
  if (error || !data.session || !data.user) throw new Error(`sign-up: ${error?.message}`);
  const userId = data.user.id;
  const accessToken = data.session.access_token;
  const onboarding = await client
    .from('onboarding_data')
    .insert({ ...BENCH_ONBOARDING, completed_at: new Date().toISOString() });
  if (onboarding.error) throw new Error(`onboarding: ${onboarding.error.message}`);
  const creds = await client.from('user_social_credentials').upsert(
    {
      user_id: userId,
      platform: 'facebook',
      platform_credentials: { app_id: FAKE_FACEBOOK_APP.id, app_secret: FAKE_FACEBOOK_APP.secret },
      is_active: true,
    },
    { onConflict: 'user_id,platform' },
  );
  if (creds.error) throw new Error(`credentials: ${creds.error.message}`);
  const redirect = `${appOrigin}/oauth/facebook`;
  const code = fake.facebook.issueCode(FAKE_FACEBOOK_APP.id, redirect, [
    'pages_show_list',
    'pages_read_engagement',
    'pages_manage_posts',
  ]);
  await callFunction(server, 'facebook-connect', accessToken, { code, redirect_uri: redirect });
  return { email, userId };
}

/**
 * The history, in SQL as the service role writes it: posts published over the last DAYS days
 * (their targets built by the scheduling trigger, then marked published as the publisher does),
 * and the collector's three tables. Numbers vary deterministically with the row.
 */
async function seed(server: RunningServer, userId: string): Promise<Record<string, number>> {
  const q = (sql: string, params: unknown[] = []) => server.db.query(sql, params);
  const exists = await q(
    `select count(*)::int as n from information_schema.tables
      where table_schema = 'public'
        and table_name in ('analytics_accounts', 'analytics_daily', 'analytics_post_metrics')`,
  );
  if ((exists.rows[0] as { n: number }).n !== 3)
    throw new Error('the analytics tables are missing: is the analytics migration applied?');

  // Posts, one Page each in turn, spread evenly over the history (newest an hour ago).
  await q(
    `with pages as (
       select a.id, row_number() over (order by a.platform_account_id) - 1 as k,
              count(*) over () as n
         from public.social_media_accounts a
        where a.user_id = $1 and a.platform = 'facebook')
     insert into public.scheduled_posts
       (id, user_id, content, platforms, account_ids, scheduled_for, publish_mode)
     select gen_random_uuid(), $1,
            'Benchmark post ' || i || ': ' ||
              (array['Fresh sourdough every morning, come early!',
                     'Meet the team behind our weekend pastries.',
                     'Five tips for keeping bread fresh at home.',
                     'Our new seasonal menu is here: pumpkin, pecan and rye.',
                     'Behind the scenes: how we laminate croissant dough.'])[1 + i % 5] ||
              ' #bakery #local',
            array['facebook'], array[p.id],
            now() - interval '1 hour' - (i * ($3::float8 * 86400 / $2)) * interval '1 second',
            'schedule'
       from generate_series(0, $2 - 1) i
       join pages p on p.k = i % p.n`,
    [userId, POSTS, DAYS],
  );
  await q(
    `update public.publish_targets t
        set status = 'published', attempts = 1, published_at = t.due_at,
            remote_id = a.platform_account_id || '_' || (900000 + s.n),
            permalink = 'https://www.facebook.com/' || a.platform_account_id || '/posts/' ||
                        (900000 + s.n)
       from (select id, row_number() over (order by due_at) as n
               from public.publish_targets where user_id = $1) s,
            public.social_media_accounts a
      where t.id = s.id and a.id = t.account_id`,
    [userId],
  );

  const now = new Date().toISOString();
  await q(
    `insert into public.analytics_accounts
       (id, user_id, platform, account_name, status, followers, collected_at, attempted_at)
     select a.id, a.user_id, a.platform, a.account_name, 'ok',
            2000 + 1500 * (row_number() over (order by a.platform_account_id))::int + $2 * 3,
            $3, $3
       from public.social_media_accounts a
      where a.user_id = $1 and a.platform = 'facebook'`,
    [userId, DAYS, now],
  );
  // Followers grow about three a day; the rest follow a weekly rhythm with some spread.
  await q(
    `insert into public.analytics_daily
       (user_id, account_id, platform, day, followers, follows, views, reach, engagements)
     select a.user_id, a.id, 'facebook', current_date - d,
            2000 + 1500 * a.k + ($2 - d) * 3,
            2 + (d * 7 + a.k) % 5,
            800 + ((d * 37 + a.k * 11) % 400) + 150 * (extract(isodow from current_date - d) >= 6)::int,
            500 + ((d * 53 + a.k * 17) % 300),
            40 + ((d * 29 + a.k * 5) % 60)
       from (select id, user_id, (row_number() over (order by platform_account_id))::int as k
               from public.social_media_accounts
              where user_id = $1 and platform = 'facebook') a,
            generate_series(1, $2) d`,
    [userId, DAYS],
  );
  await q(
    `insert into public.analytics_post_metrics
       (id, user_id, post_id, account_id, platform, remote_id, permalink, published_at,
        content_type, reactions, comments, shares, clicks, reach, views, status, collected_at)
     select t.id, t.user_id, t.post_id, t.account_id, t.platform, t.remote_id, t.permalink,
            t.published_at,
            (array['image', 'video', 'carousel', 'text', 'link', 'image'])[1 + n % 6],
            10 + (n * 13) % 90, (n * 7) % 25, (n * 3) % 15, (n * 11) % 40,
            300 + (n * 31) % 1700, 500 + (n * 43) % 2500, 'ok', $2
       from (select *, row_number() over (order by published_at)::int as n
               from public.publish_targets where user_id = $1 and status = 'published') t`,
    [userId, now],
  );
  const counts = await q(
    `select (select count(*)::int from public.scheduled_posts where user_id = $1) as posts,
            (select count(*)::int from public.publish_targets
              where user_id = $1 and status = 'published') as published,
            (select count(*)::int from public.analytics_daily where user_id = $1) as daily,
            (select count(*)::int from public.analytics_post_metrics where user_id = $1) as metrics`,
    [userId],
  );
  return counts.rows[0] as Record<string, number>;
}

/** Row counts of the app's IndexedDB stores (raw IndexedDB: the page's own database). */
async function localCounts(page: Page, stores: string[]): Promise<Record<string, number>> {
  return page.evaluate(async (names) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('postbloom');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const out: Record<string, number> = {};
    for (const name of names) {
      if (!db.objectStoreNames.contains(name)) {
        out[name] = -1;
        continue;
      }
      out[name] = await new Promise<number>((resolve, reject) => {
        const req = db.transaction(name, 'readonly').objectStore(name).count();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    }
    db.close();
    return out;
  }, stores);
}

interface RunFigures {
  contentMs: number;
  chartMs: number | null;
  interactiveMs: number;
  longTasks: number;
  longestTaskMs: number;
}

/**
 * One measured navigation, timed inside the page: the click, then a check every animation frame
 * for the content and the chart, and the long tasks a PerformanceObserver (installed before the
 * app's scripts ran) saw since the click. Plain JavaScript in a string, so the page runs exactly
 * this (no helpers a TypeScript transform might add).
 */
const MEASURE_IN_PAGE = `async ({ quietMs, timeoutMs }) => {
  const link = [...document.querySelectorAll('a[href="/analytics"]')].find(
    (a) => a.offsetParent !== null,
  );
  if (!link) throw new Error('no visible Analytics link on the page');
  const headingOf = (text) =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].find(
      (h) => h.textContent.trim() === text,
    );
  const contentReady = () => {
    if (location.pathname !== '/analytics') return false;
    if (document.body.textContent.includes('Sample data')) return false;
    const pressed = [...document.querySelectorAll('[aria-pressed]')];
    const cards = ['Followers', 'Engagement Rate', 'Shares', 'Comments'].every((label) =>
      pressed.some((b) => b.textContent.includes(label)),
    );
    const section = headingOf('Top posts')?.closest('section');
    const rows = section
      ? [...section.querySelectorAll('button')].some((b) => b.textContent.trim() === 'View Details')
      : false;
    return cards && rows;
  };
  const chartReady = () => {
    const section = headingOf('Performance trend')?.closest('section');
    if (!section) return false;
    return [...section.querySelectorAll('svg path[class*="MuiLineChart-line"]')].some(
      (p) => (p.getAttribute('d') || '').length > 20,
    );
  };
  const t0 = performance.now();
  link.click();
  return new Promise((resolve, reject) => {
    let content = null;
    let chart = null;
    const check = () => {
      const now = performance.now();
      if (content === null && contentReady()) content = now;
      if (chart === null && chartReady()) chart = now;
      if (content !== null && chart !== null) {
        const tasks = window.__benchLongTasks.filter((t) => t.end > t0);
        const ends = tasks.map((t) => t.end);
        if (now - Math.max(content, chart, ...ends) >= quietMs) {
          resolve({
            contentMs: content - t0,
            chartMs: chart - t0,
            interactiveMs: Math.max(content, ...ends) - t0,
            longTasks: tasks.length,
            longestTaskMs: Math.max(0, ...tasks.map((t) => t.end - t.start)),
          });
          return;
        }
      }
      if (now - t0 > timeoutMs) {
        reject(new Error('the page was not ready within ' + timeoutMs + ' ms (content ' +
          (content !== null) + ', chart ' + (chart !== null) + ')'));
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}`;

async function measureNavigation(page: Page): Promise<RunFigures> {
  return page.evaluate(
    `(${MEASURE_IN_PAGE})(${JSON.stringify({ quietMs: QUIET_MS, timeoutMs: 120_000 })})`,
  ) as Promise<RunFigures>;
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) build();
  const fake = await startFakeSocial({ seed: 7 });
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = databaseUrl ? null : mkdtempSync(path.join(tmpdir(), 'postbloom-bench-an-'));
  let server: RunningServer | null = null;
  let app: ReturnType<typeof serve> | null = null;
  let browser: Browser | null = null;
  try {
    // The timers stay off: nothing but this script writes the user's rows.
    server = await startServer({
      port: 0,
      dataDir,
      databaseUrl,
      social: fake.endpoints,
      publisher: { intervalMs: 0 },
      metrics: { intervalMs: 0 },
    });
    const appServer = createAppServer({
      apiUrl: server.url,
      anonKey: server.keys.anonKey,
    });
    app = serve({ fetch: appServer.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve, reject) => {
      app!.once('listening', resolve);
      app!.once('error', reject);
    });
    const origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;

    const user = await newUser(server, fake, origin);
    const t0 = performance.now();
    const seeded = await seed(server, user.userId);
    console.log(
      `Seeded ${seeded.published} published posts with numbers (${seeded.metrics} rows) and ` +
        `${seeded.daily} days of page numbers over 3 Pages in ${ms(performance.now() - t0)} ` +
        `(${databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
    );

    browser = await chromium.launch({ executablePath: chromiumPath(), args: BENCH_CHROMIUM_ARGS });
    const context = await browser.newContext({ serviceWorkers: 'block' });
    // Long tasks from the first script on, kept across client-side navigations.
    await context.addInitScript({
      content: `window.__benchLongTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries())
            window.__benchLongTasks.push({ start: e.startTime, end: e.startTime + e.duration });
        }).observe({ type: 'longtask', buffered: true });`,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);

    // Sign in as the user does; the sync pull then fills IndexedDB.
    await page.goto(`${origin}/dashboard`);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    const stores = ['scheduledPosts', 'publishTargets', 'analyticsPostMetrics', 'analyticsDaily'];
    const want: Record<string, number> = {
      scheduledPosts: seeded.posts!,
      publishTargets: seeded.published!,
      analyticsPostMetrics: seeded.metrics!,
      analyticsDaily: seeded.daily!,
    };
    const syncStart = performance.now();
    let have: Record<string, number> = {};
    for (;;) {
      have = await localCounts(page, stores);
      if (stores.every((s) => have[s]! >= want[s]!)) break;
      if (performance.now() - syncStart > 600_000)
        throw new Error(`the sync pull did not fill IndexedDB: ${JSON.stringify(have)}`);
      await page.waitForTimeout(500);
    }
    console.log(
      `Sync pull filled IndexedDB in ${ms(performance.now() - syncStart)}: ${JSON.stringify(have)}`,
    );

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const runs: RunFigures[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto(`${origin}/dashboard`);
      await page.waitForFunction(() => document.documentElement.dataset.storeReady === 'true');
      await page.getByRole('link', { name: 'Analytics' }).first().waitFor();
      // Let the start-up pull and the dashboard settle before slowing the CPU down: no request in
      // flight and no long task for 2 s, so the figures are the navigation's own.
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(
        `(() => {
          const ends = window.__benchLongTasks.map((t) => t.end);
          return performance.now() - Math.max(0, ...ends) > 2000;
        })()`,
        undefined,
        { polling: 250, timeout: 120_000 },
      );
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
      try {
        runs.push(await measureNavigation(page));
      } finally {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      }
      const r = runs.at(-1)!;
      console.log(
        `  run ${i + 1}: interactive ${ms(r.interactiveMs)}, content ${ms(r.contentMs)}, ` +
          `chart ${ms(r.chartMs)}, ${r.longTasks} long tasks (longest ${ms(r.longestTaskMs)})`,
      );
    }

    const row = (label: string, values: number[], note: string) =>
      console.log(
        `${label.padEnd(34)}${ms(median(values)).padStart(10)}${ms(Math.min(...values)).padStart(10)}${ms(Math.max(...values)).padStart(10)}  ${note}`,
      );
    console.log(
      `\n/analytics with ${seeded.published} posts and ${seeded.daily} daily rows, Chromium, ` +
        `CPU ${CPU_RATE}× slower, median of ${RUNS}`,
    );
    console.log(
      `${'figure'.padEnd(34)}${'median'.padStart(10)}${'min'.padStart(10)}${'max'.padStart(10)}`,
    );
    row(
      'navigation to interactive',
      runs.map((r) => r.interactiveMs),
      `click → content rendered and no long task for ${QUIET_MS} ms`,
    );
    row(
      'content rendered',
      runs.map((r) => r.contentMs),
      'click → cards + Top posts rows in the DOM',
    );
    row(
      'chart rendered',
      runs.map((r) => r.chartMs ?? Number.NaN),
      'click → Performance trend SVG line paths in the DOM',
    );
    row(
      'longest task',
      runs.map((r) => r.longestTaskMs),
      'longest main-thread task after the click',
    );

    const out = path.join(ROOT, 'bench-results');
    mkdirSync(out, { recursive: true });
    writeFileSync(
      path.join(out, 'analytics.json'),
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          engine: databaseUrl ? 'PostgreSQL' : 'PGlite',
          cpuSlowdown: CPU_RATE,
          quietMs: QUIET_MS,
          seeded,
          runs,
        },
        null,
        2,
      )}\n`,
    );
    console.log('\nWrote bench-results/analytics.json');
  } finally {
    await browser?.close();
    app?.close();
    await server?.close();
    await fake.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exit(1);
  },
);
