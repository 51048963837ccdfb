import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { createLocalMailRoutes } from './auth/local-mail.ts';
import { createAuthRoutes } from './auth/routes.ts';
import type { ServerContext } from './context.ts';
import { createFunctionRoutes } from './functions.ts';
import { createRestRoutes } from './rest/routes.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

/** The Supabase-compatible HTTP API: /auth/v1, /rest/v1, /functions/v1 and the local helpers. */
export function createApp(ctx: ServerContext): Hono {
  const app = new Hono();

  app.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: [
        'authorization',
        'x-client-info',
        'apikey',
        'content-type',
        'accept',
        'accept-profile',
        'content-profile',
        'prefer',
        'range',
        'range-unit',
        'x-supabase-api-version',
        'x-retry-count',
      ],
      exposeHeaders: ['Content-Range', 'Content-Location', 'Range-Unit', 'Preference-Applied', 'X-Supabase-Api-Version'],
      maxAge: 86400,
    }),
  );

  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        c.json(
          { code: 'PGRST413', message: 'Payload Too Large', details: `The request body exceeds ${MAX_BODY_BYTES} bytes`, hint: null },
          413,
        ),
    }),
  );

  app.route('/auth/v1', createAuthRoutes(ctx));
  app.route('/rest/v1', createRestRoutes(ctx));
  app.route('/functions/v1', createFunctionRoutes(ctx));

  app.get('/local/config', (c) => c.json({ url: ctx.apiUrl, anonKey: ctx.keys.anonKey }));
  app.route('/local/mail', createLocalMailRoutes(ctx));

  app.notFound((c) => c.json({ code: 'not_found', message: 'Not found' }, 404));
  app.onError((err, c) => {
    console.error('unhandled error:', err.message);
    return c.json({ code: 'unexpected_failure', message: 'Unexpected failure' }, 500);
  });
  return app;
}
