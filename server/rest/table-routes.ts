import type { Context, Env } from 'hono';
import type { RequestAuth } from './auth-role.ts';
import { buildDelete, buildInsert, buildRead, buildUpdate, type Statement } from './build-sql.ts';
import {
  bodyColumnNotFound,
  invalidBody,
  invalidRange,
  parseError,
  RestError,
  singularError,
  tableNotFound,
} from './errors.ts';
import type { StatementResult } from './execute.ts';
import {
  appliedPreferences,
  contentRange,
  isObject,
  negotiate,
  preferences,
  queryParams,
  readJson,
  readJsonObject,
  send,
  sendRows,
  type JsonValue,
  type Negotiated,
} from './negotiate.ts';
import {
  parseQuery,
  parseRange,
  type Preferences,
  type ReadQuery,
  type SelectItem,
} from './parse-query.ts';
import type { RequestRunner } from './request-runner.ts';
import type { TableInfo } from './schema-cache.ts';

const OBJECTS_EXPECTED = 'The request body must be a JSON object or an array of objects';

/** What a table request has been parsed into by the time a method serves it. */
interface TableRequest {
  c: Context;
  auth: RequestAuth;
  tableName: string;
  q: ReadQuery;
  accept: Negotiated;
  prefs: Preferences;
}

function returningFor(table: TableInfo, q: ReadQuery, prefs: Preferences): SelectItem[] | null {
  if (prefs.return === 'representation') return q.select;
  if (prefs.return === 'headers-only' && table.primaryKey.length > 0) {
    return table.primaryKey.map((name) => ({ type: 'field', name, alias: null, cast: null }));
  }
  return null;
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

/** /:table: GET and HEAD read, POST inserts (or upserts), PATCH updates, DELETE deletes. */
export function tableRoute({ schema, execute, build, guarded }: RequestRunner) {
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

  return (c: Context<Env, '/:table'>) =>
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
          prefs: preferences(c),
        };
        if (method === 'GET' || method === 'HEAD') return serveRead(request);
        if (method === 'POST') return serveInsert(request);
        return serveUpdateOrDelete(request);
      },
    );
}
