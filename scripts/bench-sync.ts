// npm run bench:sync — the offline-first store and sync engine, measured:
//   1. local save latency: 1,000 saveDraft() calls through the app store into IndexedDB, p50/p95
//      (in Node on fake-indexeddb, and in Chromium on its real IndexedDB with the same code);
//   2. time to push 1,000 queued drafts to the embedded server, batched and one request per draft;
//   3. reload-to-interactive in Chromium with 10,000 stored drafts: from navigation until the store
//      has rehydrated and loaded the drafts (the app sets <html data-store-ready="true">).
// Targets: save p95 < 16 ms, 1,000-draft push < 3 s, reload < 1 s.
//   --no-build   use the existing dist/ for the Chromium parts
import 'fake-indexeddb/auto';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Dexie } from 'dexie';
import { persistStore } from 'redux-persist';
import { build as viteBuild } from 'vite';
import WebSocket from 'ws';
import { startServer } from '../server/start-server.ts';
import { makeStore } from '../src/app/store.ts';
import { syncEntities } from '../src/app/sync-entities.ts';
import { signedIn } from '../src/features/auth/index.ts';
import { loadDrafts, postDraftsEntity, saveDraft } from '../src/features/drafts/index.ts';
import { openAppDb, setAppDb, type DraftRecord } from '../src/lib/db.ts';
import { SyncEngine } from '../src/lib/sync/engine.ts';
import { queueWrite } from '../src/lib/sync/outbox.ts';
import { createSupabaseTransport } from '../src/lib/sync/transport.ts';
import { makeDraftRecord } from '../src/testing/factories.ts';
import { BENCH_CHROMIUM_ARGS, percentile, waitForHttp } from './bench-support.ts';
import { chromiumPath } from './check-chromium.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SAVES = 1_000;
const PUSHED = 1_000;
const STORED = 10_000;
const APP_PORT = 4191;
const API_PORT = 54341;

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

function draftInput(i: number) {
  return {
    content: `Benchmark draft ${i}: fresh sourdough every morning, come early! #bakery #local`,
    platforms: ['facebook' as const, 'instagram' as const],
    postType: 'text' as const,
    prompt: 'new product or feature',
    aiProvider: 'chatgpt',
  };
}

// ---- 1a. save latency in Node --------------------------------------------------------------------

async function saveLatencyNode(): Promise<number[]> {
  const name = `bench-save-${Date.now()}`;
  const db = openAppDb(name);
  setAppDb(db);
  const store = makeStore();
  await new Promise<void>((resolve) => persistStore(store, null, resolve));
  store.dispatch(signedIn({ id: 'bench-user', email: '', firstName: '', lastName: '' }));
  await store.dispatch(loadDrafts('bench-user'));
  const times: number[] = [];
  for (let i = 0; i < SAVES; i++) {
    const t0 = performance.now();
    await store.dispatch(saveDraft(draftInput(i)));
    times.push(performance.now() - t0);
  }
  setAppDb(undefined);
  db.close();
  await Dexie.delete(name);
  return times;
}

// ---- 2. push 1,000 queued drafts -----------------------------------------------------------------

function nodeClient(url: string, anonKey: string): SupabaseClient {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

function benchDraft(userId: string, i: number): DraftRecord {
  return makeDraftRecord({ userId, ...draftInput(i) });
}

async function pushTimes(): Promise<{
  batched: number;
  single: number;
  batchedRequests: number;
  singleRequests: number;
}> {
  const api = await startServer({ port: 0, dataDir: null });
  try {
    const client = nodeClient(api.url, api.keys.anonKey);
    const { data, error } = await client.auth.signUp({
      email: `bench-${Date.now()}@example.com`,
      password: 'bench-Secret-1',
    });
    if (error || !data.user) throw new Error(`sign-up failed: ${error?.message}`);
    const userId = data.user.id;

    const run = async (batchSize: number) => {
      const name = `bench-push-${batchSize}-${Date.now()}`;
      const db = openAppDb(name);
      for (let i = 0; i < PUSHED; i++)
        await queueWrite(db, postDraftsEntity, { op: 'upsert', row: benchDraft(userId, i) });
      let requests = 0;
      const transport = createSupabaseTransport(client, userId);
      const counted = {
        ...transport,
        push: (m: Parameters<typeof transport.push>[0]) => ((requests += 1), transport.push(m)),
      };
      const engine = new SyncEngine({
        db,
        transport: counted,
        userId,
        registry: syncEntities,
        batchSize,
        locks: null,
        channel: null,
        pullOnStart: false,
      });
      const t0 = performance.now();
      const result = await engine.runOnce();
      const elapsed = performance.now() - t0;
      const left = await db.outbox.count();
      await engine.stop();
      db.close();
      await Dexie.delete(name);
      if (result !== 'idle' || left !== 0)
        throw new Error(`push did not finish: ${result}, ${left} left`);
      return { elapsed, requests };
    };
    const batched = await run(200);
    const single = await run(1);
    return {
      batched: batched.elapsed,
      single: single.elapsed,
      batchedRequests: batched.requests,
      singleRequests: single.requests,
    };
  } finally {
    await api.close();
  }
}

// ---- Chromium: the built app served by scripts/start.ts -----------------------------------------

/** The save path (store + repository + outbox) bundled for the page, to run on real IndexedDB. */
async function browserSaveBundle(): Promise<string> {
  const out = await viteBuild({
    configFile: false,
    logLevel: 'silent',
    root: ROOT,
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      lib: {
        entry: path.join(ROOT, 'scripts/bench-sync-page.ts'),
        formats: ['iife'],
        name: 'postbloomBench',
      },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as {
    output: { type: string; code?: string }[];
  }[];
  const chunk = outputs.flatMap((o) => o.output).find((c) => c.type === 'chunk');
  if (!chunk?.code) throw new Error('the page bundle was not built');
  return chunk.code;
}

async function signedInSession(): Promise<{ session: unknown; userId: string }> {
  const client = nodeClient(`http://127.0.0.1:${API_PORT}`, await anonKey());
  const { data, error } = await client.auth.signUp({
    email: `bench-${Date.now()}@example.com`,
    password: 'bench-Secret-1',
  });
  if (error || !data.session || !data.user) throw new Error(`sign-up failed: ${error?.message}`);
  return { session: data.session, userId: data.user.id };
}

async function anonKey(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${APP_PORT}/local/config`);
  return ((await res.json()) as { anonKey: string }).anonKey;
}

async function reloadToReady(page: Page): Promise<number> {
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(() => document.documentElement?.dataset.storeReady === 'true', null, {
    polling: 'raf',
    timeout: 30_000,
  });
  return page.evaluate(() => performance.now());
}

async function chromiumFigures(
  noBuild: boolean,
): Promise<{ saves: number[]; reloads: number[]; stored: number }> {
  if (!noBuild) {
    const r = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
    if (r.status !== 0) throw new Error('vite build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'postbloom-bench-sync-'));
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(APP_PORT),
        API_PORT: String(API_PORT),
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  let browser: Browser | undefined;
  try {
    await waitForHttp(`http://127.0.0.1:${APP_PORT}/local/config`, child, 300_000);
    const bundle = await browserSaveBundle();
    const { session, userId } = await signedInSession();
    browser = await chromium.launch({ executablePath: chromiumPath(), args: BENCH_CHROMIUM_ARGS });
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${APP_PORT}/dashboard`);
    await page.evaluate((s) => localStorage.setItem('postbloom-auth', JSON.stringify(s)), session);
    await page.reload();
    await page.waitForFunction(
      () => document.documentElement?.dataset.storeReady === 'true',
      null,
      {
        timeout: 30_000,
      },
    );

    // Save latency on Chromium's IndexedDB, in a database of its own.
    await page.addScriptTag({ content: bundle });
    const saves = await page.evaluate(
      ({ n, uid }) =>
        (
          window as unknown as {
            postbloomBench: { saveLatency(n: number, uid: string): Promise<number[]> };
          }
        ).postbloomBench.saveLatency(n, uid),
      { n: SAVES, uid: userId },
    );

    // 10,000 drafts in the app's own database, then reloads.
    const stored = await page.evaluate(
      ({ n, uid }) =>
        (
          window as unknown as {
            postbloomBench: { seedDrafts(n: number, uid: string): Promise<number> };
          }
        ).postbloomBench.seedDrafts(n, uid),
      { n: STORED, uid: userId },
    );
    const reloads: number[] = [];
    await reloadToReady(page);
    for (let i = 0; i < 5; i++) reloads.push(await reloadToReady(page));
    // The figure only counts if the user's drafts were what loaded: still signed in, not the sign-in screen.
    const signedOut = await page.getByText('Sign in to your account').count();
    if (signedOut > 0)
      throw new Error(
        'the page fell back to the sign-in screen; the reload figure would be meaningless',
      );
    return { saves, reloads, stored };
  } finally {
    await browser?.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const noBuild = process.argv.includes('--no-build');
  console.log('bench:sync');

  const nodeSaves = await saveLatencyNode();
  const nodeP95 = percentile(nodeSaves, 95);
  console.log(
    `  save (Node, fake-indexeddb), ${SAVES} saves: p50 ${ms(percentile(nodeSaves, 50))}, p95 ${ms(nodeP95)}`,
  );

  const push = await pushTimes();
  console.log(
    `  push ${PUSHED} queued drafts: batched ${ms(push.batched)} in ${push.batchedRequests} requests [target < 3000 ms: ${verdict(push.batched < 3000)}]; ` +
      `one request per draft ${ms(push.single)} in ${push.singleRequests} requests (${(push.single / push.batched).toFixed(1)}x slower)`,
  );

  const browser = await chromiumFigures(noBuild);
  const p95 = percentile(browser.saves, 95);
  console.log(
    `  save (Chromium IndexedDB), ${SAVES} saves: p50 ${ms(percentile(browser.saves, 50))}, p95 ${ms(p95)} [target p95 < 16 ms: ${verdict(p95 < 16)}]`,
  );
  const median = percentile(browser.reloads, 50);
  console.log(
    `  reload to interactive with ${browser.stored} drafts (Chromium): median ${ms(median)}, worst ${ms(Math.max(...browser.reloads))} ` +
      `over ${browser.reloads.length} reloads [target < 1000 ms: ${verdict(median < 1000)}]`,
  );
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exit(1);
  },
);
