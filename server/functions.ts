import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Hono } from 'hono';
import type { ServerContext } from './context.ts';
import { bearerToken, verifyJwt } from './jwt.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const FUNCTIONS_DIR = path.resolve(here, '../supabase/functions');

type Handler = (req: Request) => Response | Promise<Response>;
const NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/**
 * /functions/v1/<name>: the web-standard handler exported by supabase/functions/<name>/handler.ts,
 * the same module the function's index.ts serves on Supabase Edge. As on Supabase, a request needs
 * a valid JWT (the anon key will do) unless it is a CORS preflight.
 */
export function createFunctionRoutes(ctx: ServerContext, dir = FUNCTIONS_DIR): Hono {
  const app = new Hono();
  const cache = new Map<string, Handler>();

  app.all('/:name{[^/]+}/*', (c) => run(c.req.param('name'), c.req.raw));
  app.all('/:name{[^/]+}', (c) => run(c.req.param('name'), c.req.raw));

  async function run(name: string, req: Request): Promise<Response> {
    const file = path.join(dir, name, 'handler.ts');
    if (!NAME.test(name) || !existsSync(file)) {
      return Response.json(
        { code: 'NOT_FOUND', message: 'Requested function was not found' },
        { status: 404 },
      );
    }
    if (req.method !== 'OPTIONS') {
      const token = bearerToken(req.headers.get('authorization'));
      if (!token)
        return Response.json(
          { code: 401, message: 'Missing authorization header' },
          { status: 401 },
        );
      const check = await verifyJwt(token, ctx.keys.jwtSecret);
      if (!check.ok) return Response.json({ code: 401, message: 'Invalid JWT' }, { status: 401 });
    }
    let handler = cache.get(name);
    if (!handler) {
      const mod = (await import(pathToFileURL(file).href)) as {
        handler?: Handler;
        default?: Handler;
      };
      const h = mod.handler ?? mod.default;
      if (typeof h !== 'function') {
        return Response.json(
          { code: 'BOOT_ERROR', message: 'Function failed to start' },
          { status: 503 },
        );
      }
      handler = h;
      cache.set(name, handler);
    }
    try {
      return await handler(req);
    } catch (e) {
      console.error(`function ${name} failed:`, (e as Error).message);
      return Response.json(
        { code: 'WORKER_ERROR', message: 'Function exited due to an error' },
        { status: 500 },
      );
    }
  }
  return app;
}
