import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Hono } from 'hono';
import type { EnvReader } from '../supabase/functions/_shared/env.ts';
import { SOCIAL_ENDPOINT_DEFAULTS } from '../supabase/functions/_shared/social-env.ts';
import type { ServerContext } from './context.ts';
import { bearerToken, verifyJwt } from './jwt.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const FUNCTIONS_DIR = path.resolve(here, '../supabase/functions');

type Handler = (req: Request, env: EnvReader) => Response | Promise<Response>;
const NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;

const SOCIAL_ENV: Record<string, keyof typeof SOCIAL_ENDPOINT_DEFAULTS> = {
  FACEBOOK_DIALOG_URL: 'facebookDialogUrl',
  FACEBOOK_GRAPH_URL: 'facebookGraphUrl',
  FACEBOOK_GRAPH_VERSION: 'facebookGraphVersion',
  LINKEDIN_AUTH_URL: 'linkedinAuthUrl',
  LINKEDIN_API_URL: 'linkedinApiUrl',
  LINKEDIN_VERSION: 'linkedinVersion',
};

/**
 * What a function reads as its environment on this server: the values Supabase Edge would inject
 * (this server's URL and keys), the social and AI proxy settings from this server's config, then
 * process.env. Per server, not process-wide: one process may run several servers with different
 * keys.
 */
export function functionEnv(ctx: ServerContext): EnvReader {
  return (name) => {
    switch (name) {
      case 'SUPABASE_URL':
        return ctx.selfUrl ?? ctx.apiUrl;
      case 'SUPABASE_ANON_KEY':
        return ctx.keys.anonKey;
      case 'SUPABASE_SERVICE_ROLE_KEY':
        return ctx.keys.serviceRoleKey;
      case 'SOCIAL_SECRETS_KEY':
        return ctx.keys.socialSecretsKey;
      case 'AI_PROXY_ALLOWED_HOSTS':
        return ctx.config.aiProxy?.allowedHosts?.join(',') ?? process.env[name];
      case 'AI_PROXY_TIMEOUT_MS':
        return ctx.config.aiProxy?.timeoutMs?.toString() ?? process.env[name];
    }
    const social = SOCIAL_ENV[name];
    if (social) return ctx.config.social?.[social] ?? process.env[name];
    return process.env[name];
  };
}

/**
 * /functions/v1/<name>: the web-standard handler exported by supabase/functions/<name>/handler.ts,
 * the same module the function's index.ts serves on Supabase Edge. As on Supabase, a request needs
 * a valid JWT (the anon key will do) unless it is a CORS preflight.
 */
export function createFunctionRoutes(ctx: ServerContext, dir = FUNCTIONS_DIR): Hono {
  const app = new Hono();
  const cache = new Map<string, Handler>();
  const env = functionEnv(ctx);

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
      return await handler(req, env);
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
