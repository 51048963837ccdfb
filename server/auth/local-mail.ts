import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';

/** GET /local/mail: the local stand-in for outgoing auth email. */
export function createLocalMailRoutes(_ctx: ServerContext): Hono {
  return new Hono();
}
