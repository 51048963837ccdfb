import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';

const ROOT = path.resolve(import.meta.dirname, '..');
export const DIST_DIR = path.join(ROOT, 'dist');
const BUILD_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'manifest.webmanifest',
  'package-lock.json',
];
const API_PREFIXES = ['/auth/v1', '/rest/v1', '/functions/v1', '/local/mail'];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/** True when dist/ is missing or older than any source the build reads. */
export function buildIsStale(): boolean {
  const built = path.join(DIST_DIR, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return BUILD_INPUTS.some((p) => newestMtime(path.join(ROOT, p)) > builtAt);
}

/**
 * Serves the built app with a single-page fallback, and the API on the same origin: the app
 * reads `/local/config` from wherever it was loaded, so it works from another device on the LAN.
 */
export function createAppServer(opts: { apiUrl: string; anonKey: string }): Hono {
  const app = new Hono();
  app.get('/local/config', (c) =>
    c.json({ url: new URL(c.req.url).origin, anonKey: opts.anonKey }),
  );
  app.all('*', async (c, next) => {
    const url = new URL(c.req.url);
    if (!API_PREFIXES.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`)))
      return next();
    const target = new URL(url.pathname + url.search, opts.apiUrl);
    const headers = new Headers(c.req.raw.headers);
    headers.delete('host');
    const hasBody = !['GET', 'HEAD'].includes(c.req.method);
    try {
      const res = await fetch(target, {
        method: c.req.method,
        headers,
        body: hasBody ? await c.req.arrayBuffer() : undefined,
        redirect: 'manual',
      });
      const out = new Headers(res.headers);
      out.delete('content-encoding');
      out.delete('content-length');
      return new Response(res.body, { status: res.status, headers: out });
    } catch {
      return c.json({ code: 'bad_gateway', message: 'The Postbloom API is not reachable' }, 502);
    }
  });
  app.use('*', compress());
  app.use('*', async (c, next) => {
    await next();
    const p = new URL(c.req.url).pathname;
    if (p.startsWith('/assets/')) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    else c.header('Cache-Control', 'no-cache');
  });
  app.use('*', serveStatic({ root: path.relative(process.cwd(), DIST_DIR) || '.' }));
  app.get('*', async (c) => {
    const accept = c.req.header('accept') ?? '';
    if (!accept.includes('text/html')) return c.text('Not found', 404);
    return c.html(await readFile(path.join(DIST_DIR, 'index.html'), 'utf8'));
  });
  return app;
}
