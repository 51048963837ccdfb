import type { Context, Env } from 'hono';
import { buildRpc } from './build-sql.ts';
import { parseError, RestError, singularError } from './errors.ts';
import type { StatementResult } from './execute.ts';
import {
  contentRange,
  mediaType,
  negotiate,
  preferences,
  queryParams,
  readJsonObject,
  send,
  sendRows,
} from './negotiate.ts';
import { parseQuery } from './parse-query.ts';
import type { RequestRunner } from './request-runner.ts';
import type { FunctionInfo } from './schema-cache.ts';

/** /rpc/:fn: calls a database function with named arguments from the body or the query string. */
export function rpcRoute({ schema, execute, guarded }: RequestRunner) {
  return (c: Context<Env, '/rpc/:fn'>) =>
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
            'Content-Range': contentRange(0, row.n, preferences(c).count ? row.n : null),
          });
        }
        // A single value is sent as it is, in whichever media type was negotiated.
        return send(method === 'HEAD' ? null : row.body, 200, {
          'Content-Type': mediaType(accept.singular),
        });
      },
    );
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
