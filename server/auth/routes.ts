import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';

export function createAuthRoutes(_ctx: ServerContext): Hono {
  return new Hono();
}
