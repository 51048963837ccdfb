import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';

export function createRestRoutes(_ctx: ServerContext): Hono {
  return new Hono();
}
