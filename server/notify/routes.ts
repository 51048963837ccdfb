import { Hono, type Context } from 'hono';
import { SlidingWindowLimiter } from '../auth/rate-limit.ts';
import type { ServerContext } from '../context.ts';
import { bearerToken, verifyJwt } from '../jwt.ts';
import { notifyUser } from './notify-user.ts';
import { notifyConfig } from './push-config.ts';
import { vapidKeys } from './vapid.ts';

export const TEST_NOTICE = {
  title: 'Test notification',
  body: 'Postbloom notifications reach you here.',
  url: '/settings',
};

function httpOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * /functions/v1/notifications: the VAPID public key the app subscribes with, and "Send test
 * notification" for the signed-in user (a few per minute). Served by the embedded server itself,
 * since sending needs its database and keys.
 */
export function createNotifyRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  const config = notifyConfig(ctx.config.notify);
  const limiter = new SlidingWindowLimiter(config.testRateLimit.max, config.testRateLimit.windowMs);

  async function claims(c: Context) {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) return null;
    const check = await verifyJwt(token, ctx.keys.jwtSecret);
    return check.ok ? check.claims : null;
  }

  app.get('/vapid-public-key', async (c) => {
    if (!(await claims(c))) return c.json({ code: 401, message: 'Invalid JWT' }, 401);
    const { publicKey } = await vapidKeys(ctx);
    return c.json({ publicKey });
  });

  app.post('/test', async (c) => {
    const user = await claims(c);
    if (!user) return c.json({ code: 401, message: 'Invalid JWT' }, 401);
    const userId = user.role === 'authenticated' ? user.sub : undefined;
    if (!userId) {
      return c.json(
        { code: 'not_signed_in', message: 'Sign in to send yourself a test notification' },
        401,
      );
    }
    const { rows } = await ctx.db.query('select 1 from auth.users where id = $1', [userId]);
    if (rows.length === 0)
      return c.json(
        { code: 'user_not_found', message: 'User from sub claim in JWT does not exist' },
        403,
      );
    const wait = limiter.retryAfter(userId);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      return c.json(
        {
          code: 'over_notification_rate_limit',
          message: `Too many test notifications: try again in ${seconds} seconds`,
        },
        429,
        { 'Retry-After': String(seconds) },
      );
    }
    limiter.record(userId);
    const result = await notifyUser(ctx, userId, TEST_NOTICE, {
      siteUrl: httpOrigin(c.req.header('origin')),
    });
    return c.json(result);
  });

  app.all('*', (c) =>
    c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404),
  );
  return app;
}
