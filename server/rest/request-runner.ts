import type { Context } from 'hono';
import { clientAddress } from '../client-address.ts';
import type { ServerContext } from '../context.ts';
import { createAuthResolver, type RequestAuth } from './auth-role.ts';
import type { Statement } from './build-sql.ts';
import { RestError, tableNotFound } from './errors.ts';
import { createExecutor, type StatementResult } from './execute.ts';
import { CallerLimiter, DEFAULT_REST_LIMITS } from './limits.ts';
import { checkProfile, respondError } from './negotiate.ts';
import { SchemaCache, type TableInfo } from './schema-cache.ts';

const SETTINGS_SQL =
  `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true), ` +
  `set_config('request.path', $4, true), set_config('search_path', 'public, extensions', true), ` +
  `set_config('statement_timeout', $5, true)`;

/** What the table and RPC routes share: the schema cache, the caller's transaction, the guard. */
export interface RequestRunner {
  schema: SchemaCache;
  execute(
    c: Context,
    auth: RequestAuth,
    stmt: Statement,
    check?: (r: StatementResult) => void,
  ): Promise<StatementResult>;
  build<T>(tableName: string, make: (table: TableInfo) => T): Promise<T>;
  guarded(
    c: Context,
    methods: readonly string[],
    methodNotAllowed: (method: string) => RestError,
    serve: (auth: RequestAuth) => Promise<Response>,
  ): Promise<Response>;
}

export function createRequestRunner(ctx: ServerContext): RequestRunner {
  const schema = new SchemaCache(ctx.db);
  const resolveAuth = createAuthResolver(ctx.keys.jwtSecret);
  const executor = createExecutor(ctx.db);
  const limits = { ...DEFAULT_REST_LIMITS, ...ctx.config.restLimits };
  const limiter = new CallerLimiter(limits);
  const anonStatementTimeout = String(limits.anonStatementTimeoutMs);
  const authenticatedStatementTimeout = String(limits.authenticatedStatementTimeoutMs);

  /** Whose share of the database a request uses: the user, else the anonymous caller's IP. */
  function callerKey(c: Context, auth: RequestAuth): string | null {
    // The service role is the server's own code (functions, timers), not a caller to throttle.
    if (auth.role === 'service_role') return null;
    if (typeof auth.claims.sub === 'string' && auth.claims.sub !== '')
      return `user:${auth.claims.sub}`;
    // The address the app's client resolver worked out (trusted proxies), else the socket's peer.
    return `ip:${clientAddress(c)}`;
  }

  /**
   * One transaction per request, opened as PostgREST does: role, JWT claims and request
   * details set locally, so auth.uid() and the RLS policies decide what the request sees.
   */
  function execute(
    c: Context,
    auth: RequestAuth,
    stmt: Statement,
    check?: (r: StatementResult) => void,
  ): Promise<StatementResult> {
    const method = c.req.method;
    const readOnly = method === 'GET' || method === 'HEAD';
    const settings: Statement = {
      sql: readOnly
        ? SETTINGS_SQL + `, set_config('transaction_read_only', 'on', true)`
        : SETTINGS_SQL,
      // request.path as PostgREST sees it, without the gateway's /rest/v1 prefix.
      params: [
        auth.role,
        auth.claimsJson,
        method,
        c.req.path.replace(/^\/rest\/v1/, ''),
        auth.role === 'anon' ? anonStatementTimeout : authenticatedStatementTimeout,
      ],
    };
    const key = callerKey(c, auth);
    if (key === null) return executor.run(settings, stmt, check);
    return limiter.run(key, () => executor.run(settings, stmt, check));
  }

  /** Builds SQL; a name the cached schema lacks gets one reload before it is reported unknown. */
  async function build<T>(tableName: string, make: (table: TableInfo) => T): Promise<T> {
    const table = await schema.table(tableName);
    if (!table) throw tableNotFound(tableName);
    try {
      return make(table);
    } catch (e) {
      if (
        !(e instanceof RestError) ||
        !['42703', 'PGRST204'].includes(e.body.code) ||
        !schema.mayReloadOnMiss()
      )
        throw e;
      const fresh = (await schema.forceReload()).tables.get(tableName);
      if (!fresh) throw tableNotFound(tableName);
      return make(fresh);
    }
  }

  /**
   * Runs a route: the schema profile and the method are checked and the caller resolved before
   * `serve` runs; anything thrown on the way is answered as PostgREST's error body.
   */
  async function guarded(
    c: Context,
    methods: readonly string[],
    methodNotAllowed: (method: string) => RestError,
    serve: (auth: RequestAuth) => Promise<Response>,
  ): Promise<Response> {
    let auth: RequestAuth | null = null;
    try {
      checkProfile(c);
      if (!methods.includes(c.req.method)) throw methodNotAllowed(c.req.method);
      auth = await resolveAuth(c.req.header('authorization'), c.req.header('apikey'));
      return await serve(auth);
    } catch (e) {
      return respondError(e, auth);
    }
  }

  return { schema, execute, build, guarded };
}
