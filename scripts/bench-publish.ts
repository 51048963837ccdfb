// npm run bench:publish — the publisher under a burst, measured against the fake platforms:
//   1. CPU of the server process while nothing is due (the publisher's timer ticking over connected
//      accounts and no due posts), as % of one core over BENCH_IDLE_SECONDS;
//   2. 1,000 targets (Facebook Pages and LinkedIn members of BENCH_USERS users, scheduled through
//      sync_push) due at the same instant: the delay from their due time to the fake platform
//      receiving each publish request, p50/p95/p99, and until every target has settled.
// The embedded server runs its own publisher timer, as in production: PUBLISH_INTERVAL_MS (default
// 15000), PUBLISH_BATCH_SIZE (50) and PUBLISH_STUCK_AFTER_MS (300000) are read from the environment.
// PGlite in a temporary data directory by default; PostgreSQL when DATABASE_URL is set.
// Target: p99 < 10 s. Results also go to bench-results/publish.json.
//   BENCH_TARGETS=n        targets in the burst (default 1000, even)
//   BENCH_USERS=n          users sharing them (default 20)
//   BENCH_IDLE_SECONDS=n   idle CPU window (default 30)
//   BENCH_TIMEOUT_SECONDS  give up waiting for the burst after this long (default 900)
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../server/start-server.ts';
import {
  FAKE_FACEBOOK_APP,
  FAKE_LINKEDIN_APP,
  startFakeSocial,
  type FakeSocial,
} from '../tests/support/fake-social/index.ts';
import { percentile } from './bench-support.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const TARGETS = Math.max(2, Number(process.env.BENCH_TARGETS ?? 1000) || 1000);
const USERS = Math.max(1, Number(process.env.BENCH_USERS ?? 20) || 20);
const IDLE_SECONDS = Math.max(1, Number(process.env.BENCH_IDLE_SECONDS ?? 30) || 30);
const TIMEOUT_SECONDS = Math.max(10, Number(process.env.BENCH_TIMEOUT_SECONDS ?? 900) || 900);
const TARGET_P99_MS = 10_000;
const intSetting = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return process.env[name] !== undefined && Number.isInteger(n) && n >= 0 ? n : fallback;
};
const PUBLISHER = {
  intervalMs: intSetting('PUBLISH_INTERVAL_MS', 15_000),
  batchSize: intSetting('PUBLISH_BATCH_SIZE', 50),
  stuckAfterMs: intSetting('PUBLISH_STUCK_AFTER_MS', 300_000),
};
const FB_REDIRECT = 'http://127.0.0.1:4173/oauth/facebook';
const LI_REDIRECT = 'http://127.0.0.1:4173/oauth/linkedin';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface BenchUser {
  client: SupabaseClient;
  accessToken: string;
  userId: string;
  facebook: string[];
  linkedin: string;
}

function anonClient(server: RunningServer): SupabaseClient {
  return createClient(server.url, server.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
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

/** A user with saved app credentials, the fake's Pages and a LinkedIn member connected. */
async function newUser(server: RunningServer, fake: FakeSocial, n: number): Promise<BenchUser> {
  const client = anonClient(server);
  const { data, error } = await client.auth.signUp({
    email: `bench-publish-${n}-${randomUUID().slice(0, 8)}@example.com`,
    password: 'correct-horse-battery',
    options: { data: { first_name: 'Bench', last_name: `User ${n}` } },
  });
  if (error || !data.session || !data.user) throw new Error(`sign-up: ${error?.message}`);
  const accessToken = data.session.access_token;
  for (const [platform, platform_credentials] of [
    ['facebook', { app_id: FAKE_FACEBOOK_APP.id, app_secret: FAKE_FACEBOOK_APP.secret }],
    ['linkedin', { client_id: FAKE_LINKEDIN_APP.id, client_secret: FAKE_LINKEDIN_APP.secret }],
  ] as const) {
    const { error: e } = await client
      .from('user_social_credentials')
      .upsert(
        { user_id: data.user.id, platform, platform_credentials, is_active: true },
        { onConflict: 'user_id,platform' },
      );
    if (e) throw new Error(`credentials: ${e.message}`);
  }
  const fbCode = fake.facebook.issueCode(FAKE_FACEBOOK_APP.id, FB_REDIRECT, [
    'pages_show_list',
    'pages_read_engagement',
    'pages_manage_posts',
  ]);
  await callFunction(server, 'facebook-connect', accessToken, {
    code: fbCode,
    redirect_uri: FB_REDIRECT,
  });
  fake.linkedin.member = { ...fake.linkedin.member, sub: `benchMember${n}` };
  const liCode = fake.linkedin.issueCode(FAKE_LINKEDIN_APP.id, LI_REDIRECT);
  await callFunction(server, 'linkedin-connect', accessToken, {
    code: liCode,
    redirect_uri: LI_REDIRECT,
  });
  const { data: accounts, error: e } = await client
    .from('social_media_accounts')
    .select('id, platform')
    .order('platform_account_id');
  if (e) throw new Error(`accounts: ${e.message}`);
  const rows = accounts as { id: string; platform: string }[];
  return {
    client,
    accessToken,
    userId: data.user.id,
    facebook: rows.filter((r) => r.platform === 'facebook').map((r) => r.id),
    linkedin: rows.find((r) => r.platform === 'linkedin')!.id,
  };
}

async function statusCounts(server: RunningServer): Promise<Record<string, number>> {
  const { rows } = await server.db.query<{ status: string; n: number }>(
    'select status, count(*)::int as n from public.publish_targets group by status',
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

const fake = await startFakeSocial({ seed: 1 });
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = databaseUrl ? null : mkdtempSync(path.join(tmpdir(), 'postbloom-bench-publish-'));
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
    publisher: PUBLISHER,
    // The metrics collector would read the connected Pages during the idle window.
    metrics: { intervalMs: 0 },
  });
  console.log(
    `${engine}; publisher every ${PUBLISHER.intervalMs} ms, batch ${PUBLISHER.batchSize}; ${TARGETS} targets over ${USERS} users`,
  );

  const users: BenchUser[] = [];
  for (let n = 0; n < USERS; n++) users.push(await newUser(server, fake, n));

  // 1. Idle: connected accounts, nothing due, the timer ticking.
  await sleep(Math.min(PUBLISHER.intervalMs || 1000, 5000));
  const idleStart = process.cpuUsage();
  const idleWall = performance.now();
  await sleep(IDLE_SECONDS * 1000);
  const idleUse = process.cpuUsage(idleStart);
  const idleCpuPct =
    ((idleUse.user + idleUse.system) / 1000 / (performance.now() - idleWall)) * 100;
  console.log(`idle CPU over ${IDLE_SECONDS} s: ${idleCpuPct.toFixed(2)} % of one core`);

  // 2. The burst: each post goes to one Page and the user's LinkedIn member (two targets).
  const posts = TARGETS / 2;
  const dueAt = Date.now() + 20_000;
  const due = new Date(dueAt).toISOString();
  const byUser = new Map<BenchUser, unknown[]>();
  for (let i = 0; i < posts; i++) {
    const user = users[i % users.length]!;
    const list = byUser.get(user) ?? [];
    list.push({
      mutation_id: randomUUID(),
      entity: 'scheduled_posts',
      op: 'upsert',
      id: randomUUID(),
      base_version: null,
      data: {
        content: `Benchmark post ${i}: fresh sourdough every morning, come early! #bakery`,
        platforms: ['facebook', 'linkedin'],
        account_ids: [user.facebook[i % user.facebook.length], user.linkedin],
        scheduled_for: due,
        publish_mode: 'schedule',
        time_rule: null,
        draft_id: null,
      },
    });
    byUser.set(user, list);
  }
  for (const [user, mutations] of byUser) {
    for (let i = 0; i < mutations.length; i += 50) {
      const { data, error } = await user.client.rpc('sync_push', {
        mutations: mutations.slice(i, i + 50),
      });
      if (error) throw new Error(`sync_push: ${error.message}`);
      const refused = (data as { status: string }[]).filter((r) => r.status !== 'applied');
      if (refused.length > 0) throw new Error(`sync_push refused ${JSON.stringify(refused[0])}`);
    }
  }
  const scheduled = (await statusCounts(server)).scheduled ?? 0;
  const lateBy = Date.now() - dueAt;
  console.log(
    `${scheduled} targets scheduled${lateBy > 0 ? `, ${seconds(lateBy)} after their due time (scheduling was slow)` : `, due in ${seconds(-lateBy)}`}`,
  );

  const received = new Map<string, number>();
  const isPublish = (r: { method: string; path: string }) =>
    r.method === 'POST' && (/\/feed$/.test(r.path) || r.path === '/rest/posts');
  const deadline = Date.now() + TIMEOUT_SECONDS * 1000;
  let settledAt: number | null = null;
  while (Date.now() < deadline) {
    await sleep(250);
    for (const r of fake.requests) {
      if (!isPublish(r)) continue;
      const key = `${r.path} ${r.form.message ?? r.form.commentary ?? ''}`;
      if (!received.has(key)) received.set(key, r.at);
    }
    if (received.size >= TARGETS) {
      const counts = await statusCounts(server);
      if (!counts.scheduled && !counts.publishing) {
        settledAt = Date.now();
        break;
      }
    }
  }
  const delays = [...received.values()].map((at) => at - dueAt);
  const counts = await statusCounts(server);
  const report = {
    date: new Date().toISOString(),
    engine,
    publisher: PUBLISHER,
    targets: TARGETS,
    users: USERS,
    received: received.size,
    delayMs: delays.length
      ? {
          p50: percentile(delays, 50),
          p95: percentile(delays, 95),
          p99: percentile(delays, 99),
          max: Math.max(...delays),
        }
      : null,
    allSettledAfterMs: settledAt === null ? null : settledAt - dueAt,
    statuses: counts,
    idleCpuPercentOfOneCore: Number(idleCpuPct.toFixed(3)),
    idleSeconds: IDLE_SECONDS,
    duplicates: fake.facebook.posts.length + fake.linkedin.posts.length - received.size,
  };
  console.log(`\nreceived ${received.size} of ${TARGETS} publish requests`);
  if (report.delayMs) {
    const d = report.delayMs;
    console.log(
      `delay from due time to the platform: p50 ${seconds(d.p50)}, p95 ${seconds(d.p95)}, p99 ${seconds(d.p99)}, max ${seconds(d.max)}`,
    );
  }
  console.log(
    `every target settled ${settledAt === null ? 'NOT within the timeout' : `${seconds(settledAt - dueAt)} after the due time`}: ${JSON.stringify(counts)}`,
  );
  console.log(`idle CPU: ${idleCpuPct.toFixed(2)} % of one core`);
  const met =
    received.size >= TARGETS && report.delayMs !== null && report.delayMs.p99 < TARGET_P99_MS;
  console.log(`\nTarget: p99 < ${TARGET_P99_MS / 1000} s — ${met ? 'met' : 'NOT met'}`);
  const outDir = path.join(ROOT, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'publish.json'), JSON.stringify(report, null, 2));
  console.log('Wrote bench-results/publish.json');
  exitCode = met ? 0 : 1;
} finally {
  await server?.close();
  await fake.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
