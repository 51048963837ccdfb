// npm run bench:metrics — one metrics collection for 50 connected Facebook Pages against the fake
// Graph API on loopback, through the metrics-collector function of the embedded server, as pg_cron
// calls it on hosted Supabase. Each Page has published posts; the first run reads 90 days of
// insights for each, the second (all accounts made due again) only the last days.
// Prints, per run, the wall time and the Graph requests made (in total and per account), and
// checks the function's own count against the requests the fake received.
// PGlite in a temporary data directory by default; PostgreSQL when DATABASE_URL is set.
//   BENCH_FB_PAGES=n         connected Pages (default 50)
//   BENCH_USERS=n            users they belong to (default 10; a user's Pages are read in turn)
//   BENCH_POSTS_PER_PAGE=n   published posts per Page within the last 90 days (default 20)
// Results also go to bench-results/metrics.json.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../server/start-server.ts';
import {
  addFakePage,
  connectAccount,
  publishedPost,
  type MetricsServer,
} from '../tests/api/metrics-helpers.ts';
import { startFakeSocial } from '../tests/support/fake-social/index.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const int = (name: string, fallback: number) =>
  Math.max(1, Number(process.env[name] ?? fallback) || fallback);
const PAGES = int('BENCH_FB_PAGES', 50);
const USERS = Math.min(PAGES, int('BENCH_USERS', 10));
const POSTS = int('BENCH_POSTS_PER_PAGE', 20);

interface RunResult {
  wallMs: number;
  accounts: number;
  requests: number;
  fakeRequests: number;
  perAccount: number;
  statuses: Record<string, number>;
}

async function collect(server: RunningServer, fake: Awaited<ReturnType<typeof startFakeSocial>>) {
  fake.requests.length = 0;
  const started = performance.now();
  const res = await fetch(`${server.url}/functions/v1/metrics-collector`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${server.keys.serviceRoleKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ limit: PAGES }),
  });
  const wallMs = performance.now() - started;
  const body = (await res.json()) as Record<string, number>;
  if (res.status !== 200)
    throw new Error(`metrics-collector: ${res.status} ${JSON.stringify(body)}`);
  const statuses: Record<string, number> = {};
  for (const k of ['ok', 'partial', 'unavailable', 'rate_limited', 'reconnect_needed', 'error']) {
    if (body[k]) statuses[k] = body[k]!;
  }
  const result: RunResult = {
    wallMs: Math.round(wallMs),
    accounts: body.accounts!,
    requests: body.requests!,
    fakeRequests: fake.requests.length,
    perAccount: body.accounts ? body.requests! / body.accounts : 0,
    statuses,
  };
  if (result.requests !== result.fakeRequests) {
    throw new Error(`counted ${result.requests} requests, the fake saw ${result.fakeRequests}`);
  }
  return result;
}

const fake = await startFakeSocial({ seed: 1 });
const databaseUrl = process.env.DATABASE_URL;
const dataDir = databaseUrl ? null : mkdtempSync(path.join(tmpdir(), 'postbloom-bench-metrics-'));
const engine = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite';
let server: RunningServer | null = null;
let exitCode = 1;
try {
  server = await startServer({
    port: 0,
    dataDir,
    databaseUrl,
    signUpRateLimit: { max: 10_000, windowMs: 60_000 },
    social: fake.endpoints,
    // The bench calls the function itself; neither timer runs.
    publisher: { intervalMs: 0 },
    metrics: { intervalMs: 0 },
  });
  const admin = createClient(server.url, server.keys.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const anon = () =>
    createClient(server!.url, server!.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
  console.log(
    `${engine}; ${PAGES} Facebook Pages of ${USERS} users, ${POSTS} published posts each`,
  );

  const userIds: string[] = [];
  for (let n = 0; n < USERS; n++) {
    const { data, error } = await anon().auth.signUp({
      email: `bench-metrics-${n}-${randomUUID().slice(0, 8)}@example.com`,
      password: 'correct-horse-battery',
    });
    if (error || !data.user) throw new Error(`sign-up: ${error?.message}`);
    userIds.push(data.user.id);
  }
  const target: MetricsServer = server;
  for (let i = 0; i < PAGES; i++) {
    const userId = userIds[i % USERS]!;
    const page = addFakePage(fake, `Bench Page ${i + 1}`);
    const id = await connectAccount(target, admin, fake, userId, {
      platform: 'facebook',
      remoteId: page.id,
      name: `Bench Page ${i + 1}`,
      token: page.token,
    });
    for (let p = 0; p < POSTS; p++) {
      await publishedPost(
        target,
        fake,
        userId,
        { id, platform: 'facebook', remoteId: page.id },
        1 + (p * 89) / POSTS,
      );
    }
  }

  const first = await collect(server, fake);
  await server.db.query(
    `update public.analytics_accounts set attempted_at = now() - interval '7 hours'`,
  );
  const second = await collect(server, fake);
  const { rows } = await server.db.query<{ daily: string; posts: string }>(
    `select (select count(*) from public.analytics_daily) as daily,
            (select count(*) from public.analytics_post_metrics) as posts`,
  );

  const line = (name: string, r: RunResult) =>
    `${name}: ${r.accounts} accounts in ${(r.wallMs / 1000).toFixed(2)} s ` +
    `(${Math.round(r.wallMs / Math.max(1, r.accounts))} ms per account); ` +
    `${r.requests} Graph requests, ${r.perAccount.toFixed(1)} per account; ${JSON.stringify(r.statuses)}`;
  console.log(line('first run (90 days of insights)', first));
  console.log(line('second run (last days only)', second));
  console.log(`stored: ${rows[0]!.daily} daily rows, ${rows[0]!.posts} post rows`);

  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'bench-results', 'metrics.json'),
    JSON.stringify(
      {
        engine,
        pages: PAGES,
        users: USERS,
        postsPerPage: POSTS,
        first,
        second,
        stored: { daily: Number(rows[0]!.daily), posts: Number(rows[0]!.posts) },
        at: new Date().toISOString(),
      },
      null,
      2,
    ) + '\n',
  );
  exitCode = first.accounts === PAGES && second.accounts === PAGES ? 0 : 1;
} catch (e) {
  console.error((e as Error).stack ?? e);
} finally {
  await server?.close().catch(() => undefined);
  await fake.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(exitCode);
}
