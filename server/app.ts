import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { bodyTooLarge, errorResponse } from './auth/errors.ts';
import { createLocalMailRoutes } from './auth/local-mail.ts';
import { createAuthRoutes } from './auth/routes.ts';
import { clientResolver } from './client-address.ts';
import type { ServerContext } from './context.ts';
import { createFunctionRoutes } from './functions.ts';
import { createNotifyRoutes } from './notify/routes.ts';
import { createRestRoutes } from './rest/routes.ts';
import { SOCIAL_ENDPOINT_DEFAULTS } from '../supabase/functions/_shared/social-env.ts';

/** The social endpoint settings the browser needs (the dialogs it opens); nothing secret. */
export function browserSocialConfig(ctx: ServerContext): BrowserSocialConfig {
  const e = { ...SOCIAL_ENDPOINT_DEFAULTS, ...ctx.config.social };
  return {
    facebookDialogUrl: e.facebookDialogUrl,
    facebookGraphVersion: e.facebookGraphVersion,
    linkedinAuthUrl: e.linkedinAuthUrl,
  };
}

export interface BrowserSocialConfig {
  facebookDialogUrl: string;
  facebookGraphVersion: string;
  linkedinAuthUrl: string;
}

export const MAX_BODY_BYTES = 1024 * 1024;
/** PostgREST's answer to a body over MAX_BODY_BYTES, also given by the app server's proxy. */
export const PAYLOAD_TOO_LARGE = {
  code: 'PGRST413',
  message: 'Payload Too Large',
  details: `The request body exceeds ${MAX_BODY_BYTES} bytes`,
  hint: null,
};
const CORS_EXPOSE_HEADERS = [
  'Content-Range',
  'Content-Location',
  'Range-Unit',
  'Preference-Applied',
  'X-Supabase-Api-Version',
];

/** The Supabase-compatible HTTP API: /auth/v1, /rest/v1, /functions/v1 and the local helpers. */
export function createApp(ctx: ServerContext): Hono {
  const app = new Hono();

  const corsMiddleware = cors({
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
    exposeHeaders: CORS_EXPOSE_HEADERS,
    maxAge: 86400,
  });
  app.use(
    '*',
    clientResolver({
      proxySecret: ctx.config.proxySecret ?? null,
      trustedProxies: ctx.config.trustedProxies,
    }),
  );
  // Hono's cors sets its headers before the handler runs, which makes Hono re-wrap every response
  // as a stream (several times the cost of a small JSON answer); outside preflights they are
  // added to the finished response instead.
  app.use('*', async (c, next) => {
    // /local/* is for this machine and same-origin tools: no page elsewhere may read it.
    if (c.req.path.startsWith('/local/')) return next();
    if (c.req.method === 'OPTIONS') return corsMiddleware(c, next);
    await next();
    try {
      c.res.headers.set('Access-Control-Allow-Origin', '*');
    } catch {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('Access-Control-Allow-Origin', '*');
    }
    c.res.headers.set('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS.join(','));
  });

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) =>
      c.req.path.startsWith('/auth/v1/')
        ? errorResponse(c, bodyTooLarge(MAX_BODY_BYTES))
        : // The unread rest of the body makes the socket unusable; tell the client not to reuse it.
          c.json(PAYLOAD_TOO_LARGE, 413, { Connection: 'close' }),
  });
  // GET and HEAD bodies are never read; checking for one would build a full web Request each time.
  app.use('*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
  );

  app.route('/auth/v1', createAuthRoutes(ctx));
  app.route('/rest/v1', createRestRoutes(ctx));
  // Built in, ahead of supabase/functions: sending needs this server's database and keys.
  app.route('/functions/v1/notifications', createNotifyRoutes(ctx));
  app.route('/functions/v1', createFunctionRoutes(ctx));

  app.get('/local/config', (c) =>
    c.json({ url: ctx.apiUrl, anonKey: ctx.keys.anonKey, social: browserSocialConfig(ctx) }),
  );
  app.route('/local/mail', createLocalMailRoutes(ctx));

  app.notFound((c) => c.json({ code: 'not_found', message: 'Not found' }, 404));
  app.onError((err, c) => {
    console.error('unhandled error:', err.message);
    return c.json({ code: 'unexpected_failure', message: 'Unexpected failure' }, 500);
  });
  return app;
}
