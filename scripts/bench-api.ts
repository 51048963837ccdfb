// npm run bench:api — single-row GET by id and single-row POST through /rest/v1 with a user's JWT,
// 10 connections for 10 s each, on PGlite (temp DATA_DIR) and on a throwaway PostgreSQL cluster.
// Prints req/s, p50/p99 latency and non-2xx counts; results also go to bench-results/api.json.
//   BENCH_SECONDS=n      duration of each run (default 10)
//   BENCH_CONNECTIONS=n  concurrent connections (default 10)
//   --pglite-only        skip PostgreSQL
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { startServer, type RunningServer } from '../server/start-server.ts';
import type { LoadResult, LoadSpec } from './bench-load.ts';
import {
  PostgresNotFoundError,
  startPostgresCluster,
  type PostgresCluster,
} from './postgres-cluster.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = Math.max(1, Number(process.env.BENCH_SECONDS ?? 10) || 10);
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 10) || 10);
const TARGET_PGLITE_GET_RPS = 1000;

interface Scenario {
  engine: string;
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function load(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // Worker threads do not inherit tsx's loader: register it in the worker, then load the module.
    const entry = new URL('./bench-load.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
    const worker = new Worker(boot, { eval: true, workerData: spec });
    worker.once('message', (m: LoadResult | { error: string }) => {
      void worker.terminate();
      if ('error' in m) reject(new Error(m.error));
      else resolve(m);
    });
    worker.once('error', reject);
  });
}

async function json(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Signs a user up through /auth/v1 and creates the draft the GET run reads. */
async function prepare(
  server: RunningServer,
): Promise<{ headers: Record<string, string>; userId: string; draftId: string }> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const session = await json(
    await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: server.keys.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password-123' }),
    }),
  );
  const token = session.access_token as string;
  const userId = (session.user as { id: string }).id;
  const headers = {
    apikey: server.keys.anonKey,
    Authorization: `Bearer ${token}`,
    'Content-Type': 'application/json',
  };
  const draft = await json(
    await fetch(`${server.url}/rest/v1/post_drafts?select=id`, {
      method: 'POST',
      headers: {
        ...headers,
        Prefer: 'return=representation',
        Accept: 'application/vnd.pgrst.object+json',
      },
      body: JSON.stringify({
        user_id: userId,
        content: 'benchmark draft',
        platforms: ['facebook'],
      }),
    }),
  );
  return { headers, userId, draftId: draft.id as string };
}

async function benchEngine(engine: string, server: RunningServer): Promise<Scenario[]> {
  const { headers, userId, draftId } = await prepare(server);
  const runs: { name: string; spec: LoadSpec }[] = [
    {
      name: 'GET one row by id',
      spec: {
        url: `${server.url}/rest/v1/post_drafts?id=eq.${draftId}&select=*`,
        method: 'GET',
        headers,
        body: null,
        connections: CONNECTIONS,
        durationMs: SECONDS * 1000,
      },
    },
    {
      name: 'POST one row (return=minimal)',
      spec: {
        url: `${server.url}/rest/v1/post_drafts`,
        method: 'POST',
        headers: { ...headers, Prefer: 'return=minimal' },
        body: JSON.stringify({ user_id: userId, content: 'bench insert', platforms: ['linkedin'] }),
        connections: CONNECTIONS,
        durationMs: SECONDS * 1000,
      },
    },
  ];
  const results: Scenario[] = [];
  for (const { name, spec } of runs) {
    // A short warm-up so plans and JIT are in place before measuring.
    await load({ ...spec, durationMs: 1000 });
    const r = await load(spec);
    const sorted = [...r.latencies].sort((a, b) => a - b);
    results.push({
      engine,
      name,
      rps: r.requests / (r.elapsedMs / 1000),
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      requests: r.requests,
      non2xx: r.non2xx,
      errors: r.errors,
    });
  }
  return results;
}

function print(results: Scenario[]): void {
  const rows = results.map((r) => [
    r.engine,
    r.name,
    r.rps.toFixed(0),
    r.p50.toFixed(2),
    r.p99.toFixed(2),
    String(r.requests),
    String(r.non2xx + r.errors),
  ]);
  const head = ['engine', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(line(head));
  for (const row of rows) console.log(line(row));
}

const results: Scenario[] = [];
const notes: string[] = [];

const dataDir = mkdtempSync(path.join(tmpdir(), 'postbloom-bench-'));
try {
  const server = await startServer({ port: 0, dataDir });
  try {
    results.push(...(await benchEngine('PGlite', server)));
  } finally {
    await server.close();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (!process.argv.includes('--pglite-only')) {
  let cluster: PostgresCluster | null = null;
  try {
    cluster = await startPostgresCluster();
    const server = await startServer({ port: 0, dataDir: null, databaseUrl: cluster.url });
    try {
      results.push(...(await benchEngine(`PostgreSQL ${cluster.version}`, server)));
    } finally {
      await server.close();
    }
  } catch (e) {
    if (!(e instanceof PostgresNotFoundError)) throw e;
    notes.push(`PostgreSQL skipped: ${e.message}`);
  } finally {
    await cluster?.stop();
  }
}

console.log(`\n/rest/v1, ${CONNECTIONS} connections × ${SECONDS} s per scenario\n`);
print(results);
for (const n of notes) console.log(`\n${n}`);
const pgliteGet = results.find((r) => r.engine === 'PGlite' && r.name.startsWith('GET'));
const met = pgliteGet !== undefined && pgliteGet.rps >= TARGET_PGLITE_GET_RPS;
console.log(
  `\nTarget: ≥ ${TARGET_PGLITE_GET_RPS} req/s single-row GET on PGlite — ${met ? 'met' : 'NOT met'}`,
);

const outDir = path.join(ROOT, 'bench-results');
mkdirSync(outDir, { recursive: true });
writeFileSync(
  path.join(outDir, 'api.json'),
  JSON.stringify(
    { date: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, results, notes },
    null,
    2,
  ),
);
process.exit(met ? 0 : 1);
