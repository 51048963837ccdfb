// What the browser benchmarks share: the built app served by scripts/start.ts on ports of their
// own, the Chromium flags they run with, and a percentile.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Chromium as the benchmarks drive it: headless, with nothing of its own on the network. */
export const BENCH_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function waitForHttp(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`scripts/start.ts exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** `npm start` on the given ports with its data in `dataDir`; answers once the app serves. */
export async function startApp(opts: {
  port: number;
  apiPort: number;
  dataDir: string;
}): Promise<ChildProcess> {
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(opts.port),
      API_PORT: String(opts.apiPort),
      DATA_DIR: opts.dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping it also stops the node process tsx starts.
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    await waitForHttp(`http://127.0.0.1:${opts.port}/local/config`, child, 180_000);
  } catch (error) {
    await stopApp(child);
    throw new Error(`${(error as Error).message}\nscripts/start.ts said:\n${output}`);
  }
  return child;
}

export async function stopApp(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Onboarding answers, so that a benchmark's user sees the signed-in pages, not the wizard. */
export const BENCH_ONBOARDING = {
  business_name: 'Bloom Bakery',
  business_type: 'food-beverage',
  location: 'Portland',
  primary_goal: 'awareness',
  target_audience: 'consumers',
  posting_frequency: 'regular',
  content_preferences: ['educational'],
};

/** The run in the middle by `key` (the lower middle of an even count). */
export function median<T>(runs: T[], key: (run: T) => number): T {
  const sorted = [...runs].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * What a page's Lighthouse runs report: the run of median performance, with the median over the
 * runs of the CPU blocking time (cpuBlockingMs), a figure of its own rather than that run's.
 */
export function medianRun<T extends { performance: number; cpuBlockingMs: number }>(runs: T[]): T {
  return {
    ...median(runs, (r) => r.performance),
    cpuBlockingMs: median(runs, (r) => r.cpuBlockingMs).cpuBlockingMs,
  };
}

/** The p-th percentile (nearest rank) of the values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

/** A trace event as Chromium writes it (`dur` wall time, `tdur` the thread's CPU time, in µs). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The observed length over which a task counts towards Lighthouse's TBT at its 4x CPU slowdown. */
const LONG_TASK_US = 50_000 / 4;

/** The tasks of the page's main thread: of the renderers' main threads, the one that ran the most. */
function mainThreadTasks(events: TraceEvent[]): TraceEvent[] {
  const renderers = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'RunTask' || !renderers.has(thread)) continue;
    tasks.set(thread, [...(tasks.get(thread) ?? []), e]);
  }
  return [...tasks.values()].sort((a, b) => b.length - a.length)[0] ?? [];
}

/** A task's own CPU time, in µs: never more than its wall time. */
function cpuTime(task: TraceEvent): number {
  return Math.min(task.tdur ?? 0, task.dur ?? 0);
}

/**
 * How much of the page's long tasks its main thread spent running, not waiting for a core: the
 * share of the tasks' wall time that was the thread's own CPU time. Lighthouse's TBT is their
 * wall time, so on a machine whose cores are busy with other work (the browser's compositor,
 * its screenshots, the server) the same page measures worse; this says how much.
 */
export function longTaskCpuShare(events: TraceEvent[]): number {
  let wall = 0;
  let cpu = 0;
  for (const task of mainThreadTasks(events)) {
    if ((task.dur ?? 0) <= LONG_TASK_US) continue;
    wall += task.dur ?? 0;
    cpu += cpuTime(task);
  }
  return wall > 0 ? cpu / wall : 1;
}

/**
 * Lighthouse's blocking time counted from the main thread's CPU time rather than its wall time,
 * in ms: each task's CPU time at the 4x slowdown, less the 50 ms a task may take, over the whole
 * trace (Lighthouse counts from the first paint to the page's quiet). It leaves out the waiting
 * for a core that TBT counts, so it moves with the page's own work, not with what else the
 * machine runs: what to compare two builds by on a shared machine.
 */
export function cpuBlockingMs(events: TraceEvent[]): number {
  let blocking = 0;
  for (const task of mainThreadTasks(events))
    blocking += Math.max(0, (4 * cpuTime(task)) / 1000 - 50);
  return blocking;
}
