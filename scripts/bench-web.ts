// npm run bench:web — builds the production app, then reports per route the gzip size of the
// JavaScript and CSS a first load needs (and whether the OpenAI SDK is among it), and a Lighthouse
// mobile run of the public pages served by scripts/start.ts, each against its target. Results also
// go to bench-results/web.json.
//   BENCH_RUNS=n   Lighthouse runs per page (median reported; default 3)
//   BENCH_THROTTLING=devtools
//                  throttle the browser for real instead of Lighthouse's default simulation (slower
//                  to run; shows what request chains cost where the simulation smooths them over)
//   BENCH_PAGES=/a,/b
//                  the pages Lighthouse runs on (default: /, /signup, /privacy, /terms, /contact
//                  and a path no route has, for the not-found page)
//   BENCH_PROFILE_DIR=dir
//                  also keep each Lighthouse report and its trace there (and, with --signed-in,
//                  CPU profiles)
//   --no-build     measure the existing dist/ (built by a previous run of this script)
//   --signed-in    instead of the public pages: the signed-in pages, cold (Lighthouse, a stored
//                  session), the installed app's warm load and typing in /create, on a device with
//                  10,000 drafts and 1,000 scheduled posts (scripts/bench-web-signed-in.ts)
import { spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from './check-chromium.ts';
import {
  BENCH_CHROMIUM_ARGS,
  cpuBlockingMs,
  longTaskCpuShare,
  median,
  medianRun,
  startApp,
  stopApp,
  type TraceEvent,
} from './bench-support.ts';
import {
  measureSignedIn,
  SIGNED_IN_ROUTES,
  SIGNED_IN_TARGETS,
  type SignedInFigures,
} from './bench-web-signed-in.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');
const KB = 1024;

const NOT_FOUND_PATH = '/no-such-page';
/** The public pages' targets: / keeps its own (≥ 98), the others ≥ 95; LCP ≤ 1.5 s; JS ≤ 150 KB. */
const PUBLIC_TARGETS: Record<string, { performance: number; lcpMs: number; initialJsKb: number }> =
  {
    '/': { performance: 98, lcpMs: 1500, initialJsKb: 150 },
    '/signup': { performance: 95, lcpMs: 1500, initialJsKb: 150 },
    '/privacy': { performance: 95, lcpMs: 1500, initialJsKb: 150 },
    '/terms': { performance: 95, lcpMs: 1500, initialJsKb: 150 },
    '/contact': { performance: 95, lcpMs: 1500, initialJsKb: 150 },
    [NOT_FOUND_PATH]: { performance: 95, lcpMs: 1500, initialJsKb: 150 },
  };
const LIGHTHOUSE_ROUTES =
  process.env.BENCH_PAGES?.split(',').filter(Boolean) ?? Object.keys(PUBLIC_TARGETS);
const THROTTLING = process.env.BENCH_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3);
const BENCH_PORT = 4178;
const BENCH_API_PORT = 54338;

/**
 * Each route's lazily loaded module(s) (as in src/app/router.tsx), matched against the source
 * paths of the build manifest. A page that is not lazy-loaded is part of the entry already.
 */
const APP_LAYOUT = /src\/app\/app-layout\.tsx$/;
/**
 * The store (Redux Toolkit, persistence, the slices): every page but / waits for it before it
 * renders (src/app/store-gate.tsx), so it counts in their initial JS; / paints without it.
 */
const STORE_MODULE = /src\/app\/store-instance\.ts$/;
const PAINTS_WITHOUT_STORE = new Set([
  '/',
  '/signup',
  '/privacy',
  '/terms',
  '/contact',
  NOT_FOUND_PATH,
]);
const ROUTES: Array<{ route: string; pages: RegExp[] }> = [
  { route: '/', pages: [/features\/marketing\/landing-page\.tsx$/] },
  { route: '/signup', pages: [/features\/auth\/sign-up-page\.tsx$/] },
  { route: '/contact', pages: [/features\/marketing\/contact-page\.tsx$/] },
  { route: '/privacy', pages: [/features\/marketing\/privacy-page\.tsx$/] },
  { route: '/terms', pages: [/features\/marketing\/terms-page\.tsx$/] },
  { route: NOT_FOUND_PATH, pages: [/features\/marketing\/not-found-page\.tsx$/] },
  { route: '/dashboard', pages: [APP_LAYOUT, /features\/dashboard\/dashboard-page\.tsx$/] },
  { route: '/onboarding', pages: [APP_LAYOUT, /features\/onboarding\/onboarding-page\.tsx$/] },
  { route: '/calendar', pages: [APP_LAYOUT, /features\/calendar\/calendar-page\.tsx$/] },
  { route: '/create', pages: [APP_LAYOUT, /features\/compose\/create-post-page\.tsx$/] },
  { route: '/analytics', pages: [APP_LAYOUT, /features\/analytics\/analytics-page\.tsx$/] },
  { route: '/settings', pages: [APP_LAYOUT, /features\/settings\/settings-page\.tsx$/] },
];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type BuildManifest = Record<string, ManifestChunk>;

function build(): void {
  console.log('Building the production app…');
  // Hidden source maps tell which packages each chunk holds; the chunks themselves are byte for
  // byte those of a normal build (no sourceMappingURL comment), and the maps are deleted below.
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--sourcemap',
      'hidden',
      '--logLevel',
      'warn',
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('vite build failed');
}

function readManifest(): BuildManifest {
  const file = path.join(DIST, '.vite/manifest.json');
  if (!existsSync(file))
    throw new Error(`${file} is missing: is build.manifest enabled in vite.config.ts?`);
  return JSON.parse(readFileSync(file, 'utf8')) as BuildManifest;
}

/** The chunk's file, its CSS and, transitively, every chunk it imports statically. */
function staticClosure(
  manifest: BuildManifest,
  key: string,
  files = new Set<string>(),
): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(DIST, file)), { level: 6 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

const openAiCache = new Map<string, boolean>();
function containsOpenAi(file: string): boolean {
  let found = openAiCache.get(file);
  if (found === undefined) {
    const map = path.join(DIST, `${file}.map`);
    if (existsSync(map)) {
      const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
      found = sources.some((s) => s.includes('node_modules/openai/'));
    } else {
      // Without a map (the bundler's own chunks, or a --no-build run after the maps were
      // deleted), the SDK's warning about browsers gives it away; the app's client names the
      // SDK's headers too, so those cannot.
      found = readFileSync(path.join(DIST, file), 'utf8').includes('browser-like environment');
    }
    openAiCache.set(file, found);
  }
  return found;
}

interface RouteSize {
  route: string;
  pageChunks: string[];
  /** Page modules with no chunk of their own, hence counted in the entry. */
  notLazy: string[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  files: number;
  openAiInInitialJs: boolean;
  largest: Array<{ file: string; gzipBytes: number }>;
}

function measureRoutes(manifest: BuildManifest): { routes: RouteSize[]; openAiChunks: string[] } {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the build manifest');
  const lazyKeys = Object.keys(manifest).filter((k) => manifest[k]!.isDynamicEntry);
  const storeKey = lazyKeys.find((k) => STORE_MODULE.test(manifest[k]!.src ?? k));
  if (!storeKey) throw new Error('no chunk for src/app/store-instance.ts in the build manifest');
  const routes = ROUTES.map(({ route, pages }) => {
    const pageKeys = lazyKeys.filter((k) => pages.some((re) => re.test(manifest[k]!.src ?? k)));
    const files = staticClosure(manifest, entryKey);
    for (const key of pageKeys) staticClosure(manifest, key, files);
    if (!PAINTS_WITHOUT_STORE.has(route)) staticClosure(manifest, storeKey, files);
    const list = [...files];
    const js = list.filter((f) => f.endsWith('.js'));
    const css = list.filter((f) => f.endsWith('.css'));
    return {
      route,
      pageChunks: pageKeys.map((k) => manifest[k]!.file),
      notLazy: pages
        .filter((re) => !pageKeys.some((k) => re.test(manifest[k]!.src ?? k)))
        .map((re) => re.source),
      jsGzipBytes: js.reduce((sum, f) => sum + gzipSize(f), 0),
      cssGzipBytes: css.reduce((sum, f) => sum + gzipSize(f), 0),
      files: list.length,
      openAiInInitialJs: js.some(containsOpenAi),
      largest: list
        .map((file) => ({ file, gzipBytes: gzipSize(file) }))
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .slice(0, 5),
    };
  });
  const allJs = [...new Set(Object.values(manifest).map((c) => c.file))].filter((f) =>
    f.endsWith('.js'),
  );
  return { routes, openAiChunks: allJs.filter(containsOpenAi) };
}

function removeSourceMaps(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) removeSourceMaps(full);
    else if (entry.name.endsWith('.map')) rmSync(full);
  }
}

function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

interface LighthouseFigures {
  route: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  /** The scripts the page fetched during the run (what went over the wire, compressed). */
  scriptBytes: number;
  /** Lighthouse's measure of the machine's CPU (higher is faster). */
  benchmarkIndex: number;
  /** The share of the page's long tasks its main thread ran rather than waited (longTaskCpuShare). */
  longTaskCpuShare: number;
  /** Blocking time from the main thread's CPU time (cpuBlockingMs); the median over the runs. */
  cpuBlockingMs: number;
}

/** The script row of Lighthouse's resource summary: every script the page fetched, as sent. */
function scriptTransferBytes(details: unknown): number {
  const items = (details as { items?: Array<{ resourceType?: string; transferSize?: number }> })
    ?.items;
  const script = items?.find((item) => item.resourceType === 'script');
  if (script?.transferSize === undefined) throw new Error('Lighthouse reported no script sizes');
  return script.transferSize;
}

async function runLighthouse(url: string, port: number): Promise<Omit<LighthouseFigures, 'route'>> {
  // The default configuration is Lighthouse's mobile one: a Moto G Power screen, simulated slow 4G
  // and a 4x slower CPU.
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    throttlingMethod: THROTTLING,
    // The not-found page comes with status 404 (scripts/app-server.ts): a page to measure too.
    ignoreStatusCode: new URL(url).pathname === NOT_FOUND_PATH,
  });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = result;
  const profileDir = process.env.BENCH_PROFILE_DIR;
  if (profileDir) {
    // The whole report, for Lighthouse's viewer: what the largest paint was and what it waited on.
    const name = new URL(url).pathname.replace(/^\//, '').replace(/\W+/g, '-') || 'root';
    mkdirSync(profileDir, { recursive: true });
    const stamp = Date.now();
    writeFileSync(
      path.join(profileDir, `lighthouse-${name}-${stamp}.json`),
      result.report as string,
    );
    // Its trace, for the Performance panel: which tasks blocked the main thread, and with what.
    writeFileSync(
      path.join(profileDir, `lighthouse-${name}-${stamp}.trace.json`),
      JSON.stringify(result.artifacts.Trace),
    );
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  // A signed-in page that sent the browser to the sign-in screen was not measured.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}`);
  const { traceEvents } = result.artifacts.Trace as { traceEvents: TraceEvent[] };
  const audit = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse on ${url}: no value for ${id}`);
    return value;
  };
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    totalBytes: audit('total-byte-weight'),
    scriptBytes: scriptTransferBytes(lhr.audits['resource-summary']?.details),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    longTaskCpuShare: longTaskCpuShare(traceEvents),
    cpuBlockingMs: cpuBlockingMs(traceEvents),
  };
}

async function measureLighthouse(): Promise<LighthouseFigures[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'postbloom-bench-'));
  let app: ChildProcess | undefined;
  let chrome: LaunchedChrome | undefined;
  try {
    app = await startApp({ port: BENCH_PORT, apiPort: BENCH_API_PORT, dataDir });
    chrome = await launch({
      chromePath: chromiumPath(),
      chromeFlags: ['--headless=new', ...BENCH_CHROMIUM_ARGS],
    });
    const figures: LighthouseFigures[] = [];
    for (const route of LIGHTHOUSE_ROUTES) {
      const url = `http://127.0.0.1:${BENCH_PORT}${route}`;
      const runs = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await runLighthouse(url, chrome.port));
      figures.push({ route, ...medianRun(runs) });
    }
    return figures;
  } finally {
    chrome?.kill();
    if (app) await stopApp(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function mark(ok: boolean): string {
  return ok ? 'PASS' : 'FAIL';
}

/** The load columns both Lighthouse tables start with: their heading, then a page's figures. */
const LOAD_HEADING = `${'route'.padEnd(12)}${'perf'.padStart(6)}${'LCP'.padStart(10)}${'TBT'.padStart(10)}${'TBT cpu'.padStart(10)}${'CLS'.padStart(8)}`;
function loadColumns(
  f: Pick<LighthouseFigures, 'route' | 'performance' | 'lcpMs' | 'tbtMs' | 'cpuBlockingMs' | 'cls'>,
): string {
  // TBT cpu: the blocking time of the page's own work, its runs' median cpuBlockingMs.
  return `${f.route.padEnd(12)}${String(f.performance).padStart(6)}${`${(f.lcpMs / 1000).toFixed(2)} s`.padStart(10)}${`${Math.round(f.tbtMs)} ms`.padStart(10)}${`${Math.round(f.cpuBlockingMs)} ms`.padStart(10)}${f.cls.toFixed(3).padStart(8)}`;
}

/** The share of its long tasks the page's main thread ran (the rest it waited for a core). */
function ran(f: { longTaskCpuShare: number }): string {
  return `${Math.round(f.longTaskCpuShare * 100)}%`;
}

/**
 * What the machine is, for comparing figures across machines: Lighthouse's CPU benchmark and how
 * much of the pages' long tasks their main thread ran rather than waited for a core. TBT counts
 * the waiting too, so a machine whose two cores are busy with the browser's compositing and
 * screenshots and the server measures the same page worse.
 */
function hostLine(runs: Array<{ benchmarkIndex: number; longTaskCpuShare: number }>): string {
  const index = median(runs, (r) => r.benchmarkIndex).benchmarkIndex;
  return (
    `Host: Lighthouse benchmarkIndex ${Math.round(index)} (median over the pages); "ran": the share of ` +
    `the page's long tasks (over 12.5 ms observed) its main thread spent running, the rest waiting for a core; ` +
    `"TBT cpu": the same sum as TBT over the main thread's CPU time (4x each task's, less 50 ms), the median of the runs, ` +
    `which leaves the waiting out`
  );
}

async function reportPublic(): Promise<LighthouseFigures[]> {
  const settings = THROTTLING === 'devtools' ? 'mobile, devtools throttling' : 'mobile defaults';
  console.log(`\nLighthouse (${settings}, median of ${LIGHTHOUSE_RUNS} by performance score)`);
  const lighthouseFigures = await measureLighthouse();
  console.log(
    `${LOAD_HEADING}${'total bytes'.padStart(14)}${'JS fetched'.padStart(12)}${'ran'.padStart(6)}  target`,
  );
  for (const f of lighthouseFigures) {
    const goal = PUBLIC_TARGETS[f.route];
    const target = goal
      ? `performance ≥ ${goal.performance}: ${mark(f.performance >= goal.performance)}, LCP ≤ ${goal.lcpMs / 1000} s: ${mark(f.lcpMs <= goal.lcpMs)}`
      : '';
    console.log(
      `${loadColumns(f)}${kb(f.totalBytes).padStart(14)}${kb(f.scriptBytes).padStart(12)}${ran(f).padStart(6)}  ${target}`,
    );
  }
  console.log(hostLine(lighthouseFigures));

  return lighthouseFigures;
}

async function reportSignedIn(): Promise<SignedInFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'postbloom-bench-'));
  const app = await startApp({ port: BENCH_PORT, apiPort: BENCH_API_PORT, dataDir });
  try {
    const figures = await measureSignedIn({
      baseUrl: `http://127.0.0.1:${BENCH_PORT}`,
      runs: LIGHTHOUSE_RUNS,
      lighthouseRun: runLighthouse,
      routes: process.env.BENCH_PAGES?.split(',').filter(Boolean),
    });
    const t = SIGNED_IN_TARGETS;
    console.log(
      `\nSigned in, cold (Lighthouse mobile defaults, HTTP cache and service worker cleared, session and IndexedDB kept; median of ${LIGHTHOUSE_RUNS})`,
    );
    console.log(`${LOAD_HEADING}${'JS fetched'.padStart(12)}${'ran'.padStart(6)}  target`);
    for (const f of figures.cold) {
      console.log(
        `${loadColumns(f)}${kb(f.scriptBytes).padStart(12)}${ran(f).padStart(6)}  LCP ≤ ${t.lcpMs / 1000} s: ${mark(f.lcpMs <= t.lcpMs)}, TBT ≤ ${t.tbtMs} ms: ${mark(f.tbtMs <= t.tbtMs)}`,
      );
    }
    console.log(hostLine(figures.cold));
    const { warm, typing } = figures;
    console.log(
      `\nInstalled app, warm (service worker ${warm.controlledBySw ? 'controlling' : 'NOT controlling'}, ${warm.drafts.toLocaleString('en')} drafts in IndexedDB): dashboard's drafts painted after ` +
        `median ${Math.round(warm.medianMs)} ms (${warm.loads.map((l) => Math.round(l)).join(', ')} ms)  target ≤ ${t.warmDashboardMs} ms: ${mark(warm.controlledBySw && warm.medianMs <= t.warmDashboardMs)}`,
    );
    console.log(
      `Typing in /create (${typing.drafts.toLocaleString('en')} drafts, ${typing.scheduled.toLocaleString('en')} scheduled posts, ${typing.slowdown}x CPU slowdown): ` +
        `event to next paint p95 ${Math.round(typing.p95Ms)} ms, worst ${Math.round(typing.maxMs)} ms over ${typing.keystrokes} keystrokes  target p95 ≤ ${t.typingP95Ms} ms: ${mark(typing.p95Ms <= t.typingP95Ms)}`,
    );
    return figures;
  } finally {
    await stopApp(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) build();
  const manifest = readManifest();
  const { routes, openAiChunks } = measureRoutes(manifest);
  removeSourceMaps(DIST);

  console.log(
    `\nInitial JS and CSS per route (gzip level 6: entry + its static imports + the route's page chunks;\n` +
      `a route that waits for the store (all but ${[...PAINTS_WITHOUT_STORE].join(', ')}) counts its chunks too,\n` +
      `and those main.tsx fetches beside it: supabase-js, the sync's code and the synced entities)`,
  );
  console.log(
    `${'route'.padEnd(12)}${'JS'.padStart(10)}${'CSS'.padStart(10)}${'files'.padStart(7)}  openai SDK  target`,
  );
  for (const r of routes) {
    const page = r.notLazy.length
      ? `  (not lazy-loaded, in the entry: ${r.notLazy.join(', ')})`
      : '';
    const goalKb =
      PUBLIC_TARGETS[r.route]?.initialJsKb ??
      (SIGNED_IN_ROUTES.includes(r.route) ? SIGNED_IN_TARGETS.initialJsKb : undefined);
    const target =
      goalKb !== undefined ? `JS ≤ ${goalKb} KB: ${mark(r.jsGzipBytes <= goalKb * KB)}` : '';
    console.log(
      `${r.route.padEnd(12)}${kb(r.jsGzipBytes).padStart(10)}${kb(r.cssGzipBytes).padStart(10)}${String(r.files).padStart(7)}  ${(r.openAiInInitialJs ? 'yes' : 'no').padEnd(10)}  ${target}${page}`,
    );
  }
  const root = routes.find((r) => r.route === '/');
  if (root) {
    const parts = root.largest.map((l) => `${l.file} ${kb(l.gzipBytes)}`).join(', ');
    console.log(`Largest initial files of /: ${parts}`);
  }
  console.log(
    `Chunks holding the openai SDK: ${openAiChunks.length ? openAiChunks.join(', ') : 'none'}`,
  );
  const landingHtml = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  console.log(
    `Landing page prerendered into index.html: ${/<div id="prerendered"[^>]*>\s*<[a-z]/.test(landingHtml) ? 'yes' : 'NO'}` +
      ` (index.html ${kb(gzipSize('index.html'))} gzip)`,
  );

  const signedIn = process.argv.includes('--signed-in');
  const results = signedIn
    ? { signedIn: await reportSignedIn() }
    : { lighthouse: await reportPublic() };

  const out = path.join(ROOT, 'bench-results');
  const file = signedIn ? 'web-signed-in.json' : 'web.json';
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, file),
    `${JSON.stringify({ date: new Date().toISOString(), routes, openAiChunks, ...results }, null, 2)}\n`,
  );
  console.log(`\nWrote bench-results/${file}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
