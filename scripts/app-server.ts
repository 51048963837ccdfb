import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { type BrowserSocialConfig, MAX_BODY_BYTES, PAYLOAD_TOO_LARGE } from '../server/app.ts';
import { readEnv } from '../supabase/functions/_shared/env.ts';
import { socialEndpoints } from '../supabase/functions/_shared/social-env.ts';
import { PROXY_SECRET_HEADER, socketAddress } from '../server/client-address.ts';
import { isRoutePath } from '../src/app/route-paths.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
export const DIST_DIR = path.join(ROOT, 'dist');
// One lower-case word or words joined by hyphens, as the public pages' files are named.
const PRERENDERED_PATH = /^\/([a-z]+(?:-[a-z]+)*)\/?$/;
const BUILD_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  // The build's own plugins and its chunk merges, which vite.config.ts imports.
  'scripts/vite-prerender.ts',
  'scripts/chunk-merges.ts',
  'manifest.webmanifest',
  'package-lock.json',
];
const API_PREFIXES = ['/auth/v1', '/rest/v1', '/functions/v1', '/local/mail'];
// Headers about this hop's connection, not the request; fetch() sets its own.
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
];

/** 413 before the API sees the body, in PostgREST's shape under /rest/v1 and a neutral one elsewhere. */
function tooLarge(pathname: string): Response {
  const body = pathname.startsWith('/rest/v1')
    ? PAYLOAD_TOO_LARGE
    : { code: 'payload_too_large', message: 'Payload Too Large' };
  // The unread rest of the body makes the socket unusable; tell the client not to reuse it.
  return Response.json(body, { status: 413, headers: { Connection: 'close' } });
}

/** Passes at most `limit` bytes on; one more and it calls `onOver` and fails the stream. */
function byteLimit(limit: number, onOver: () => void): TransformStream<Uint8Array, Uint8Array> {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) {
        onOver();
        controller.error(new Error('request body over the limit'));
        return;
      }
      controller.enqueue(chunk);
    },
  });
}

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
 * The proxy tells the API who the client is (X-Forwarded-For, vouched for by `proxySecret`, which
 * the API must be started with) and streams bodies, refusing more than the API would take.
 */
export function createAppServer(opts: {
  apiUrl: string;
  anonKey: string;
  proxySecret?: string;
  /** The browser's social settings; by default from this process's environment, as the API's. */
  social?: BrowserSocialConfig;
  /** The built app; dist/ by default. */
  distDir?: string;
}): Hono {
  const app = new Hono();
  const distDir = opts.distDir ?? DIST_DIR;
  const endpoints = socialEndpoints(readEnv);
  const social: BrowserSocialConfig = opts.social ?? {
    facebookDialogUrl: endpoints.facebookDialogUrl,
    facebookGraphVersion: endpoints.facebookGraphVersion,
    linkedinAuthUrl: endpoints.linkedinAuthUrl,
  };
  app.get('/local/config', (c) =>
    c.json({ url: new URL(c.req.url).origin, anonKey: opts.anonKey, social }),
  );
  app.all('*', async (c, next) => {
    const url = new URL(c.req.url);
    if (!API_PREFIXES.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`)))
      return next();
    const target = new URL(url.pathname + url.search, opts.apiUrl);
    const hasBody = !['GET', 'HEAD'].includes(c.req.method);
    const declared = Number(c.req.header('content-length') ?? 0);
    if (hasBody && declared > MAX_BODY_BYTES) return tooLarge(url.pathname);

    const headers = new Headers(c.req.raw.headers);
    for (const name of HOP_BY_HOP) headers.delete(name);
    headers.delete(PROXY_SECRET_HEADER);
    const forwardedFor = c.req.header('x-forwarded-for');
    const peer = socketAddress(c);
    headers.set('x-forwarded-for', forwardedFor ? `${forwardedFor}, ${peer}` : peer);
    headers.set('x-forwarded-host', c.req.header('host') ?? url.host);
    headers.set('x-forwarded-proto', url.protocol.replace(/:$/, ''));
    if (opts.proxySecret) headers.set(PROXY_SECRET_HEADER, opts.proxySecret);

    let over = false;
    const body =
      hasBody && c.req.raw.body
        ? // preventCancel: the client's socket stays open for the 413 below.
          c.req.raw.body.pipeThrough(
            byteLimit(MAX_BODY_BYTES, () => (over = true)),
            { preventCancel: true },
          )
        : undefined;
    try {
      const res = await fetch(target, {
        method: c.req.method,
        headers,
        body,
        // Streams the body as it arrives instead of collecting it first.
        duplex: 'half',
        redirect: 'manual',
      } as RequestInit);
      if (over) {
        await res.body?.cancel();
        return tooLarge(url.pathname);
      }
      const out = new Headers(res.headers);
      out.delete('content-encoding');
      out.delete('content-length');
      return new Response(res.body, { status: res.status, headers: out });
    } catch {
      if (over) return tooLarge(url.pathname);
      return c.json({ code: 'bad_gateway', message: 'The Postbloom API is not reachable' }, 502);
    }
  });
  // Compresses what has no compressed copy: the pages' HTML, the API's few local answers. The
  // build writes a Brotli and a gzip copy beside each script and style sheet (vite.config.ts),
  // served as they are: compressing a signed-in page's hundred scripts cost the server about a
  // tenth of a second of CPU at each cold load, beside the page where both run on one machine.
  app.use('*', compress());
  app.use('*', async (c, next) => {
    await next();
    const p = new URL(c.req.url).pathname;
    if (p.startsWith('/assets/')) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    else c.header('Cache-Control', 'no-cache');
  });
  app.use(
    '*',
    serveStatic({ root: path.relative(process.cwd(), distDir) || '.', precompressed: true }),
  );
  /** A prerendered page's document, or the app's shell (index.html) where the build made none. */
  const pageOrShell = (file: string) => {
    const page = path.join(distDir, file);
    return readFile(existsSync(page) ? page : path.join(distDir, 'index.html'), 'utf8');
  };
  app.get('*', async (c) => {
    const accept = c.req.header('accept') ?? '';
    if (!accept.includes('text/html')) return c.text('Not found', 404);
    // A path no route has: the not-found page, prerendered into 404.html, with its status.
    if (!isRoutePath(c.req.path)) return c.html(await pageOrShell('404.html'), 404);
    // A public page prerendered into its own file (/privacy: privacy.html); every other route gets
    // index.html, the app's shell.
    const name = PRERENDERED_PATH.exec(c.req.path)?.[1];
    return c.html(await pageOrShell(name ? `${name}.html` : 'index.html'));
  });
  return app;
}
