import { Hono, type Context } from 'hono';
import { clientAddress } from '../client-address.ts';
import type { ServerContext } from '../context.ts';
import { createAuthResolver, type RequestAuth } from './auth-role.ts';
import {
  buildDelete,
  buildInsert,
  buildRead,
  buildRpc,
  buildUpdate,
  type Statement,
} from './build-sql.ts';
import { createExecutor, type StatementResult } from './execute.ts';
import {
  bodyColumnNotFound,
  invalidBody,
  invalidRange,
  invalidSchema,
  parseError,
  RestError,
  singularError,
  tableNotFound,
  toRestError,
} from './errors.ts';
import {
  parsePrefer,
  parseQuery,
  parseRange,
  type Preferences,
  type ReadQuery,
  type SelectItem,
} from './parse-query.ts';
import { CallerLimiter, DEFAULT_REST_LIMITS } from './limits.ts';
import { SchemaCache, type FunctionInfo, type TableInfo } from './schema-cache.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

const SETTINGS_SQL =
  `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true), ` +
  `set_config('request.path', $4, true), set_config('search_path', 'public, extensions', true), ` +
  `set_config('statement_timeout', $5, true)`;

interface Negotiated {
  singular: boolean;
  stripNulls: boolean;
}

/** The response media type from Accept: JSON array (default) or a single object. */
function negotiate(accept: string | undefined): Negotiated {
  if (!accept || accept.trim() === '') return { singular: false, stripNulls: false };
  for (const part of accept.split(',')) {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object')
      return { singular: true, stripNulls };
    if (
      type === 'application/json' ||
      type === 'application/vnd.pgrst.array+json' ||
      type === '*/*' ||
      type === 'application/*'
    ) {
      return { singular: false, stripNulls };
    }
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accept}`);
}

function checkProfile(c: Context): void {
  for (const header of ['accept-profile', 'content-profile']) {
    const value = c.req.header(header);
    if (value !== undefined && value !== 'public') throw invalidSchema(value);
  }
}

function checkContentType(c: Context): void {
  const type = c.req.header('content-type');
  if (!type) return;
  const media = type.split(';')[0]!.trim().toLowerCase();
  if (
    media !== 'application/json' &&
    !(media.startsWith('application/') && media.endsWith('+json'))
  ) {
    throw new RestError(415, 'PGRST107', `Content-Type not acceptable: ${type}`);
  }
}

type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

async function readJson(
  c: Context,
  emptyAs: string | null,
): Promise<{ raw: string; value: JsonValue }> {
  checkContentType(c);
  let raw = await c.req.text();
  if (raw.trim() === '') {
    if (emptyAs === null) throw invalidBody();
    raw = emptyAs;
  }
  try {
    return { raw, value: JSON.parse(raw) as JsonValue };
  } catch (e) {
    throw invalidBody((e as Error).message);
  }
}

function isObject(v: JsonValue): v is { [key: string]: JsonValue } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const OBJECTS_EXPECTED = 'The request body must be a JSON object or an array of objects';

/** A body that must be one JSON object: its text and its keys. */
async function readJsonObject(
  c: Context,
  emptyAs: string | null,
  notObject: string,
): Promise<{ raw: string; keys: string[] }> {
  const { raw, value } = await readJson(c, emptyAs);
  if (!isObject(value)) throw invalidBody(notObject);
  return { raw, keys: Object.keys(value) };
}

function send(body: string | null, status: number, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers });
}

function contentRange(offset: number, n: number, total: number | null): string {
  const t = total === null ? '*' : String(total);
  return n > 0 ? `${offset}-${offset + n - 1}/${t}` : `*/${t}`;
}

/** The body to send: the JSON array, or its only element when the client asked for one object. */
function shapeBody(body: string, n: number, singular: boolean): string {
  if (!singular) return body;
  if (n !== 1) throw singularError(n);
  return body.slice(1, -1).trim();
}

function mediaType(singular: boolean): string {
  return singular ? OBJECT_TYPE : JSON_TYPE;
}

/** `n` rows as JSON in the media type the client negotiated; a HEAD request gets the headers alone. */
function sendRows(
  c: Context,
  rows: { body: string; n: number },
  singular: boolean,
  status: number,
  headers: Record<string, string>,
): Response {
  const body = shapeBody(rows.body, rows.n, singular);
  return send(c.req.method === 'HEAD' ? null : body, status, {
    'Content-Type': mediaType(singular),
    ...headers,
  });
}

/** What a table request has been parsed into by the time a method serves it. */
interface TableRequest {
  c: Context;
  auth: RequestAuth;
  tableName: string;
  q: ReadQuery;
  accept: Negotiated;
  prefs: Preferences;
}

export function createRestRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
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

  function respondError(e: unknown, auth: RequestAuth | null): Response {
    const err = toRestError(e, auth?.authenticated ?? false);
    return send(JSON.stringify(err.body), err.status, {
      'Content-Type': JSON_TYPE,
      ...err.headers,
    });
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

  function queryParams(c: Context): [string, string][] {
    const url = c.req.url;
    const at = url.indexOf('?');
    return at === -1 ? [] : [...new URLSearchParams(url.slice(at + 1)).entries()];
  }

  async function serveRead({
    c,
    auth,
    tableName,
    q,
    accept,
    prefs,
  }: TableRequest): Promise<Response> {
    let { limit, offset } = q;
    const range = parseRange(c.req.header('range'), c.req.header('range-unit'));
    if (range) {
      if (range.limit === -1) {
        throw invalidRange(
          'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
        );
      }
      if (offset === 0) offset = range.offset;
      if (range.limit !== null) limit = limit === null ? range.limit : Math.min(limit, range.limit);
    }
    const count = prefs.count !== null;
    const stmt = await build(tableName, (t) =>
      buildRead(t, {
        select: q.select,
        filters: q.filters,
        order: q.order,
        limit,
        offset,
        count,
        stripNulls: accept.stripNulls,
      }),
    );
    const row = (await execute(c, auth, stmt)).rows[0]!;
    const total = count ? Number(row.total) : null;
    const n = Number(row.n);
    if (total !== null && offset > total) {
      throw invalidRange(
        `An offset of ${offset} was requested, but there are only ${total} rows.`,
        {
          'Content-Range': `*/${total}`,
        },
      );
    }
    const status = total !== null && n < total ? 206 : 200;
    const headers: Record<string, string> = { 'Content-Range': contentRange(offset, n, total) };
    if (count) headers['Preference-Applied'] = `count=${prefs.count}`;
    return sendRows(c, { body: String(row.body), n }, accept.singular, status, headers);
  }

  function returningFor(table: TableInfo, q: ReadQuery, prefs: Preferences): SelectItem[] | null {
    if (prefs.return === 'representation') return q.select;
    if (prefs.return === 'headers-only' && table.primaryKey.length > 0) {
      return table.primaryKey.map((name) => ({ type: 'field', name, alias: null, cast: null }));
    }
    return null;
  }

  function appliedPreferences(prefs: Preferences, extra: string[] = []): string | null {
    const applied = [...extra];
    if (prefs.return) applied.push(`return=${prefs.return}`);
    if (prefs.count) applied.push(`count=${prefs.count}`);
    return applied.length ? applied.join(', ') : null;
  }

  async function runMutation(
    c: Context,
    auth: RequestAuth,
    built: { statement: Statement; wrapped: boolean },
    singular: boolean,
  ): Promise<{ body: string | null; n: number; inserted: boolean }> {
    const summarize = (r: StatementResult) =>
      built.wrapped
        ? {
            body: (r.rows[0]!.body as string | null) ?? null,
            n: Number(r.rows[0]!.n),
            inserted: r.rows[0]!.inserted === true,
          }
        : { body: null, n: r.rowCount, inserted: true };
    // Checked before COMMIT so a singular request that touched 0 or 2+ rows changes nothing.
    const check = singular
      ? (r: StatementResult) => {
          const n = summarize(r).n;
          if (n !== 1) throw singularError(n);
        }
      : undefined;
    return summarize(await execute(c, auth, built.statement, check));
  }

  function bodyColumns(value: JsonValue, q: ReadQuery): string[] {
    if (q.columns) return q.columns;
    if (isObject(value)) return Object.keys(value);
    if (!Array.isArray(value)) throw invalidBody(OBJECTS_EXPECTED);
    if (value.length === 0) return [];
    const first = value[0]!;
    if (!isObject(first)) throw invalidBody(OBJECTS_EXPECTED);
    const keys = Object.keys(first);
    const sorted = [...keys].sort().join('\u0000');
    for (const item of value) {
      if (!isObject(item)) throw invalidBody(OBJECTS_EXPECTED);
      if (Object.keys(item).sort().join('\u0000') !== sorted)
        throw invalidBody('All object keys must match');
    }
    return keys;
  }

  function checkBodyColumns(table: TableInfo, columns: string[]): void {
    for (const name of columns)
      if (!table.byName.has(name)) throw bodyColumnNotFound(table.name, name);
  }

  async function serveInsert({
    c,
    auth,
    tableName,
    q,
    accept,
    prefs,
  }: TableRequest): Promise<Response> {
    const { raw, value } = await readJson(c, null);
    if (!isObject(value) && !Array.isArray(value)) throw invalidBody(OBJECTS_EXPECTED);
    const columns = bodyColumns(value, q);
    let upsert: 'merge' | 'ignore' | null = null;
    if (prefs.resolution) upsert = prefs.resolution === 'merge-duplicates' ? 'merge' : 'ignore';
    let tableRef: TableInfo | null = null;
    const built = await build(tableName, (table) => {
      tableRef = table;
      checkBodyColumns(table, columns);
      let onConflict: { columns: string[]; action: 'merge' | 'ignore' } | null = null;
      if (upsert) {
        const target = q.onConflict ?? table.primaryKey;
        if (target.length === 0)
          throw parseError(
            'on_conflict is required',
            `'${table.name}' has no primary key to resolve duplicates on`,
          );
        onConflict = { columns: target, action: upsert };
      }
      return buildInsert(table, {
        rows: raw,
        columns,
        missingDefault: prefs.missing === 'default',
        onConflict,
        returning: returningFor(table, q, prefs),
        stripNulls: accept.stripNulls,
      });
    });
    const result = await runMutation(c, auth, built, accept.singular);
    const headers: Record<string, string> = {
      'Content-Range': `*/${prefs.count ? result.n : '*'}`,
    };
    const applied = appliedPreferences(
      prefs,
      upsert
        ? [`resolution=${prefs.resolution}`]
        : prefs.missing
          ? [`missing=${prefs.missing}`]
          : [],
    );
    if (applied) headers['Preference-Applied'] = applied;
    const status = upsert && result.n > 0 && !result.inserted ? 200 : 201;
    if (prefs.return === 'headers-only' && result.body && result.n > 0 && tableRef) {
      const first = (JSON.parse(result.body) as Record<string, unknown>[])[0]!;
      const table: TableInfo = tableRef;
      const query = table.primaryKey
        .map((k) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(first[k]))}`)
        .join('&');
      headers['Location'] = `/${encodeURIComponent(table.name)}?${query}`;
      return send(null, status, headers);
    }
    if (prefs.return !== 'representation' || result.body === null)
      return send(null, status, headers);
    return sendRows(c, { body: result.body, n: result.n }, accept.singular, status, headers);
  }

  async function serveUpdateOrDelete({
    c,
    auth,
    tableName,
    q,
    accept,
    prefs,
  }: TableRequest): Promise<Response> {
    const isPatch = c.req.method === 'PATCH';
    let raw = '{}';
    let columns: string[] = [];
    if (isPatch) {
      ({ raw, keys: columns } = await readJsonObject(
        c,
        null,
        'The request body must be a JSON object',
      ));
    }
    const representation = prefs.return === 'representation';
    const built = await build(tableName, (table) => {
      if (isPatch) checkBodyColumns(table, columns);
      const options = {
        filters: q.filters,
        order: q.order,
        limit: q.limit,
        offset: q.offset,
        returning: representation ? q.select : null,
        stripNulls: accept.stripNulls,
      };
      if (!isPatch) return buildDelete(table, options);
      // An empty PATCH changes nothing; it still runs as a (no-op) filtered select of nothing.
      if (columns.length === 0) return null;
      return buildUpdate(table, raw, columns, options);
    });
    const result = built
      ? await runMutation(c, auth, built, accept.singular)
      : { body: '[]', n: 0, inserted: false };
    if (!built && accept.singular) throw singularError(0);
    const total = prefs.count ? result.n : null;
    // PostgREST gives a DELETE no item range, only the count when asked for: */* or */n.
    const headers: Record<string, string> = {
      'Content-Range': isPatch ? contentRange(0, result.n, total) : contentRange(0, 0, total),
    };
    const applied = appliedPreferences(prefs);
    if (applied) headers['Preference-Applied'] = applied;
    if (!representation || result.body === null) return send(null, 204, headers);
    return sendRows(c, { body: result.body, n: result.n }, accept.singular, 200, headers);
  }

  app.all('/rpc/:fn', (c) =>
    guarded(
      c,
      ['GET', 'HEAD', 'POST'],
      (method) => new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`),
      async (auth) => {
        const method = c.req.method;
        const accept = negotiate(c.req.header('accept'));
        const name = c.req.param('fn');
        const q = parseQuery(queryParams(c), { filterKeys: false });
        let argsRaw: string;
        let keys: string[];
        if (method === 'POST') {
          ({ raw: argsRaw, keys } = await readJsonObject(
            c,
            '{}',
            'The request body must be a JSON object of named arguments',
          ));
        } else {
          const args: Record<string, string> = {};
          for (const [k, v] of q.rest) args[k] = v;
          argsRaw = JSON.stringify(args);
          keys = Object.keys(args);
        }
        if (q.select.some((s) => s.type !== 'star') || q.filters.length > 0 || q.order.length > 0) {
          throw parseError(
            'failed to parse rpc request',
            'select, filters and order on function results are not supported',
          );
        }
        const fn = pickFunction(name, keys, await schema.functions(name));
        const stmt = buildRpc(fn.info, fn.wholeBody ? [] : keys, argsRaw, fn.wholeBody);
        const count = (r: StatementResult) => (fn.info.returnsSet ? Number(r.rows[0]?.n ?? 0) : 1);
        const check =
          accept.singular && fn.info.returnsSet
            ? (r: StatementResult) => {
                if (count(r) !== 1) throw singularError(count(r));
              }
            : undefined;
        const result = await execute(c, auth, stmt, check);
        const row = {
          body: (result.rows[0]?.body as string | null | undefined) ?? 'null',
          n: count(result),
        };
        if (fn.info.returns === 'void') return send(null, 204);
        if (fn.info.returnsSet) {
          return sendRows(c, row, accept.singular, 200, {
            'Content-Range': contentRange(0, row.n, prefs(c).count ? row.n : null),
          });
        }
        // A single value is sent as it is, in whichever media type was negotiated.
        return send(method === 'HEAD' ? null : row.body, 200, {
          'Content-Type': mediaType(accept.singular),
        });
      },
    ),
  );

  function prefs(c: Context): Preferences {
    return parsePrefer(c.req.header('prefer'));
  }

  app.all('/:table', (c) =>
    guarded(
      c,
      ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
      (method) => new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
      async (auth) => {
        const method = c.req.method;
        const tableName = c.req.param('table');
        if (!(await schema.table(tableName))) throw tableNotFound(tableName);
        // Accept before the query string: the order decides which error a bad request gets.
        const request: TableRequest = {
          c,
          auth,
          tableName,
          accept: negotiate(c.req.header('accept')),
          q: parseQuery(queryParams(c)),
          prefs: prefs(c),
        };
        if (method === 'GET' || method === 'HEAD') return serveRead(request);
        if (method === 'POST') return serveInsert(request);
        return serveUpdateOrDelete(request);
      },
    ),
  );

  app.all('*', () =>
    respondError(new RestError(404, 'PGRST125', 'Invalid path specified in request URL'), null),
  );

  return app;
}

/**
 * The overload whose input arguments match the given keys: every key names an argument and every
 * argument without a default is given. A single unnamed json/jsonb argument takes the whole body.
 */
function pickFunction(
  name: string,
  keys: string[],
  candidates: FunctionInfo[] | undefined,
): { info: FunctionInfo; wholeBody: boolean } {
  let matches: { info: FunctionInfo; wholeBody: boolean }[] = [];
  for (const info of candidates ?? []) {
    const names = new Set(info.args.map((a) => a.name));
    if (
      keys.every((k) => k !== '' && names.has(k)) &&
      info.args.every((a) => a.hasDefault || keys.includes(a.name))
    ) {
      matches.push({ info, wholeBody: false });
    }
  }
  if (matches.length === 0) {
    matches = (candidates ?? [])
      .filter(
        (info) =>
          info.args.length === 1 &&
          info.args[0]!.name === '' &&
          ['json', 'jsonb'].includes(info.args[0]!.type),
      )
      .map((info) => ({ info, wholeBody: true }));
  }
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches.map((m) => `public.${name}(${m.info.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const sorted = [...keys].sort();
  throw new RestError(
    404,
    'PGRST202',
    `Could not find the function public.${name}${sorted.length ? `(${sorted.join(', ')})` : ' without parameters'} in the schema cache`,
    `Searched for the function public.${name}${sorted.length ? ` with parameters ${sorted.join(', ')}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    null,
  );
}
