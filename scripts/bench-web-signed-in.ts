// The signed-in half of npm run bench:web (`npm run bench:web -- --signed-in`): a user with
// 10,000 drafts and 1,000 scheduled posts, signed in on a phone-sized Chromium whose IndexedDB the
// app has filled from the server, measured three ways:
//   1. cold load of each signed-in page with Lighthouse's mobile defaults: Lighthouse clears the
//      HTTP cache, the service worker and Cache Storage before each run; the stored session
//      (localStorage) and the device's IndexedDB stay, as on a phone that has used the app;
//   2. warm load of the installed app: the service worker serves the app, the dashboard's drafts
//      come from IndexedDB; from navigation to the first stored draft painted;
//   3. typing in /create at a 4x CPU slowdown: each keystroke's event-to-next-paint (the Event
//      Timing API's duration, what INP is made of), p95 over the keystrokes.
// BENCH_PROFILE_DIR=dir also writes CPU profiles there, for the browser's Performance panel: the
// typing's (typing.cpuprofile) and an unthrottled load of each signed-in page with the HTTP cache
// and the service worker bypassed (load-<page>.cpuprofile), and what a second such load allocated,
// sampled every 4 KB (load-<page>.heapprofile, for the Memory panel).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { chromiumPath } from './check-chromium.ts';
import { BENCH_CHROMIUM_ARGS, BENCH_ONBOARDING, medianRun, percentile } from './bench-support.ts';

export const SIGNED_IN_ROUTES = ['/dashboard', '/create', '/calendar', '/analytics', '/settings'];
export const SIGNED_IN_TARGETS = {
  lcpMs: 2500,
  tbtMs: 200,
  initialJsKb: 250,
  warmDashboardMs: 1000,
  typingP95Ms: 50,
};
const DRAFTS = Number(process.env.BENCH_DEVICE_DRAFTS ?? 10_000);
const SCHEDULED = 1_000;
const PUSH_BATCH = 500;
const WARM_LOADS = 5;
const TYPED = 'Fresh sourdough every morning this week, come early for the rye! #bakery #local';
const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile screen. */
const PHONE = { width: 412, height: 823 };

/** One Lighthouse run's figures (scriptBytes: the scripts fetched, compressed as sent). */
interface ColdRun {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptBytes: number;
  benchmarkIndex: number;
  longTaskCpuShare: number;
  cpuBlockingMs: number;
}

export interface SignedInFigures {
  cold: Array<ColdRun & { route: string }>;
  warm: { loads: number[]; medianMs: number; controlledBySw: boolean; drafts: number };
  typing: {
    keystrokes: number;
    p95Ms: number;
    maxMs: number;
    slowdown: number;
    drafts: number;
    scheduled: number;
  };
}

type LighthouseRun = (url: string, port: number) => Promise<ColdRun>;

function nodeClient(url: string, anonKey: string): SupabaseClient {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no WebSocket of its own.
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

async function pushAll(client: SupabaseClient, mutations: unknown[]): Promise<void> {
  for (let i = 0; i < mutations.length; i += PUSH_BATCH) {
    const { data, error } = await client.rpc('sync_push', {
      mutations: mutations.slice(i, i + PUSH_BATCH),
    });
    if (error) throw new Error(`sync_push: ${error.code} ${error.message}`);
    const refused = (data as Array<{ status: string }>).filter((r) => r.status !== 'applied');
    if (refused.length > 0) throw new Error(`sync_push refused: ${JSON.stringify(refused[0])}`);
  }
}

/** A new user whose server holds the drafts and scheduled posts; answers their session. */
async function seededUser(baseUrl: string): Promise<Session> {
  const config = (await (await fetch(`${baseUrl}/local/config`)).json()) as { anonKey: string };
  const client = nodeClient(baseUrl, config.anonKey);
  const { data, error } = await client.auth.signUp({
    email: `bench-web-${Date.now()}@example.com`,
    password: 'bench-Secret-1',
  });
  if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`);
  // Onboarded, so the signed-in pages show themselves rather than the wizard.
  const onboarded = await client
    .from('onboarding_data')
    .insert({ ...BENCH_ONBOARDING, completed_at: new Date().toISOString() });
  if (onboarded.error) throw new Error(`onboarding: ${onboarded.error.message}`);
  const drafts = Array.from({ length: DRAFTS }, (_, i) => ({
    mutation_id: randomUUID(),
    entity: 'post_drafts',
    op: 'upsert',
    id: randomUUID(),
    base_version: null,
    data: {
      content: `Stored draft ${i}: weekend opening hours, new menu items and a customer story. #local`,
      platforms: ['facebook', 'linkedin'],
      post_type: 'text',
      prompt: 'new product or feature',
    },
  }));
  const start = Date.now() + 3_600_000;
  const posts = Array.from({ length: SCHEDULED }, (_, i) => ({
    mutation_id: randomUUID(),
    entity: 'scheduled_posts',
    op: 'upsert',
    id: randomUUID(),
    base_version: null,
    data: {
      content: `Scheduled post ${i}: this week's specials.`,
      platforms: ['instagram'],
      account_ids: [],
      // Spread over the coming two months, as a busy calendar.
      scheduled_for: new Date(start + i * 90 * 60_000).toISOString(),
      publish_mode: 'schedule',
      time_rule: null,
      draft_id: null,
    },
  }));
  await pushAll(client, drafts);
  await pushAll(client, posts);
  return data.session;
}

async function deviceCounts(page: Page): Promise<{ drafts: number; scheduled: number }> {
  return page.evaluate(
    () =>
      new Promise<{ drafts: number; scheduled: number }>((resolve, reject) => {
        const open = indexedDB.open('postbloom');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('drafts')) {
            db.close();
            resolve({ drafts: 0, scheduled: 0 });
            return;
          }
          const tx = db.transaction(['drafts', 'scheduledPosts']);
          const drafts = tx.objectStore('drafts').count();
          const scheduled = tx.objectStore('scheduledPosts').count();
          tx.oncomplete = () => {
            db.close();
            resolve({ drafts: drafts.result, scheduled: scheduled.result });
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

/** Signs the device in (the stored session), lets the app pull everything and install itself. */
async function prime(page: Page, baseUrl: string, session: Session): Promise<void> {
  await page.goto(`${baseUrl}/privacy`);
  await page.evaluate((s) => localStorage.setItem('postbloom-auth', JSON.stringify(s)), session);
  await page.goto(`${baseUrl}/dashboard`);
  const deadline = Date.now() + 600_000;
  for (;;) {
    const counts = await deviceCounts(page);
    if (counts.drafts >= DRAFTS && counts.scheduled >= SCHEDULED) break;
    if (Date.now() > deadline)
      throw new Error(`the device pulled only ${JSON.stringify(counts)} in 10 minutes`);
    await page.waitForTimeout(1000);
  }
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // A phone that has used the app: each page opened once, so what it remembers for the pages'
  // prerendered frames (src/lib/frame-hints.ts) is there, as after any earlier visit.
  for (const route of SIGNED_IN_ROUTES) {
    await page.goto(`${baseUrl}${route}`);
    await page.locator('#prerendered').waitFor({ state: 'detached', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
  }
  // Once more, so the installed service worker controls the page.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 60_000,
  });
}

/** Navigation to the first stored draft painted on the dashboard, served by the service worker. */
async function warmLoads(
  page: Page,
  baseUrl: string,
): Promise<{ loads: number[]; controlled: boolean }> {
  const loads: number[] = [];
  let controlled = true;
  for (let i = 0; i <= WARM_LOADS; i++) {
    await page.goto(`${baseUrl}/dashboard`, { waitUntil: 'commit' });
    await page
      .waitForFunction(
        () =>
          [...document.querySelectorAll('main *')].some(
            (el) => el.childElementCount === 0 && el.textContent?.startsWith('Stored draft'),
          ),
        null,
        { polling: 'raf', timeout: 60_000 },
      )
      .catch(async (e: Error) => {
        const text = await page.evaluate(() => document.body.innerText.slice(0, 600));
        throw new Error(`${e.message}\nThe page (${page.url()}) shows: ${text}`);
      });
    const at = await page.evaluate(() => performance.now());
    controlled &&= await page.evaluate(() => navigator.serviceWorker.controller !== null);
    // The first load warms the browser's own caches; the others are measured.
    if (i > 0) loads.push(at);
  }
  return { loads, controlled };
}

/** Each keystroke's worst event-to-next-paint in /create, at a CPU slowdown. */
async function typing(context: BrowserContext, page: Page, baseUrl: string): Promise<number[]> {
  await page.goto(`${baseUrl}/create`);
  const field = page.getByRole('textbox', { name: 'Post content' }).first();
  await field.waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => document.documentElement.dataset.storeReady === 'true');
  await page.evaluate(() => {
    const w = window as unknown as { __eventDurations: Map<number, number> };
    w.__eventDurations = new Map();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[]) {
        if (!e.interactionId) continue;
        w.__eventDurations.set(
          e.interactionId,
          Math.max(w.__eventDurations.get(e.interactionId) ?? 0, e.duration),
        );
      }
      // 16 ms is the smallest threshold the API takes: a shorter keystroke is not reported.
    }).observe({
      type: 'event',
      durationThreshold: 16,
      buffered: false,
    } as PerformanceObserverInit);
  });
  const cdp = await context.newCDPSession(page);
  const profileDir = process.env.BENCH_PROFILE_DIR;
  if (profileDir) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  try {
    await field.click();
    await page.keyboard.type(TYPED, { delay: 150 });
    await page.waitForTimeout(1000);
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  if (profileDir) {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(profileDir, { recursive: true });
    writeFileSync(path.join(profileDir, 'typing.cpuprofile'), JSON.stringify(profile));
    await field.screenshot({ path: path.join(profileDir, 'typing.png') });
  }
  const typed = await field.inputValue();
  if (!typed.includes(TYPED)) throw new Error('the typed text did not reach the field');
  const reported = await page.evaluate(() => [
    ...(window as unknown as { __eventDurations: Map<number, number> }).__eventDurations.values(),
  ]);
  // Keystrokes under the threshold are counted at 16 ms (an upper bound).
  return [
    ...reported,
    ...Array.from({ length: Math.max(0, TYPED.length - reported.length) }, () => 16),
  ];
}

/** CPU profiles of loading each page with neither the HTTP cache nor the service worker. */
async function profileLoads(
  context: BrowserContext,
  page: Page,
  baseUrl: string,
  routes: string[],
): Promise<void> {
  const dir = process.env.BENCH_PROFILE_DIR!;
  mkdirSync(dir, { recursive: true });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  await cdp.send('Profiler.enable');
  await cdp.send('HeapProfiler.enable');
  const load = async (route: string) => {
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.storeReady === 'true');
    await page.waitForTimeout(3000);
  };
  try {
    for (const route of routes) {
      const name = route.replace(/^\//, '').replace(/\W+/g, '-') || 'root';
      // Two loads: the allocation sampler's stack walks would otherwise be in the CPU profile.
      await page.goto('about:blank');
      await cdp.send('Profiler.start');
      await load(route);
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(path.join(dir, `load-${name}.cpuprofile`), JSON.stringify(profile));
      await page.goto('about:blank');
      await cdp.send('HeapProfiler.startSampling', {
        samplingInterval: 4096,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      await load(route);
      const { profile: allocations } = await cdp.send('HeapProfiler.stopSampling');
      writeFileSync(path.join(dir, `load-${name}.heapprofile`), JSON.stringify(allocations));
    }
  } finally {
    await cdp.send('Network.setBypassServiceWorker', { bypass: false });
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.detach();
  }
}

export async function measureSignedIn(opts: {
  baseUrl: string;
  runs: number;
  lighthouseRun: LighthouseRun;
  routes?: string[];
}): Promise<SignedInFigures> {
  console.log(
    `Seeding a user with ${DRAFTS.toLocaleString('en')} drafts and ${SCHEDULED.toLocaleString('en')} scheduled posts…`,
  );
  const session = await seededUser(opts.baseUrl);
  const profile = mkdtempSync(path.join(tmpdir(), 'postbloom-bench-profile-'));
  const port = 9300 + Math.floor(Math.random() * 500);
  let context: BrowserContext | undefined;
  try {
    // A persistent context is the browser's default one, which Lighthouse's tab shares.
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      args: [...BENCH_CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    console.log('Signing the device in and letting it pull everything…');
    await prime(page, opts.baseUrl, session);
    const counts = await deviceCounts(page);

    console.log('Warm loads of the installed app…');
    const warm = await warmLoads(page, opts.baseUrl);
    console.log(`Typing in /create at a ${CPU_SLOWDOWN}x CPU slowdown…`);
    const keystrokes = await typing(context, page, opts.baseUrl);
    if (process.env.BENCH_PROFILE_DIR)
      await profileLoads(context, page, opts.baseUrl, opts.routes ?? SIGNED_IN_ROUTES);
    await page.goto('about:blank');

    const cold: SignedInFigures['cold'] = [];
    for (const route of opts.routes ?? SIGNED_IN_ROUTES) {
      console.log(`Lighthouse, signed in: ${route}`);
      const runs = [];
      for (let i = 0; i < opts.runs; i++)
        runs.push(await opts.lighthouseRun(`${opts.baseUrl}${route}`, port));
      cold.push({ route, ...medianRun(runs) });
    }
    return {
      cold,
      warm: {
        loads: warm.loads,
        medianMs: percentile(warm.loads, 50),
        controlledBySw: warm.controlled,
        drafts: counts.drafts,
      },
      typing: {
        keystrokes: keystrokes.length,
        p95Ms: percentile(keystrokes, 95),
        maxMs: Math.max(...keystrokes),
        slowdown: CPU_SLOWDOWN,
        drafts: counts.drafts,
        scheduled: counts.scheduled,
      },
    };
  } finally {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
