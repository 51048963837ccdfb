import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import { RestError } from './errors.ts';
import { respondError } from './negotiate.ts';
import { createRequestRunner } from './request-runner.ts';
import { rpcRoute } from './rpc-routes.ts';
import { tableRoute } from './table-routes.ts';

/** The PostgREST-compatible data API mounted at /rest/v1. */
export function createRestRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  const runner = createRequestRunner(ctx);
  app.all('/rpc/:fn', rpcRoute(runner));
  app.all('/:table', tableRoute(runner));
  app.all('*', () =>
    respondError(new RestError(404, 'PGRST125', 'Invalid path specified in request URL'), null),
  );
  return app;
}
