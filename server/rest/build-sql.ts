import { columnNotFound, parseError } from './errors.ts';
import { ALLOWED_CASTS, type Filter, type OrderTerm, type SelectItem } from './parse-query.ts';
import type { ColumnInfo, FunctionInfo, TableInfo } from './schema-cache.ts';

// SQL is assembled only from names found in the live catalog (quoted) and fixed keywords.
// Every value from the request is a bound parameter, passed as text and cast in SQL, so
// PGlite and pg see the same parameter types.

export interface Statement {
  sql: string;
  params: string[];
}

export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export class Params {
  readonly values: string[] = [];
  add(value: string): string {
    this.values.push(value);
    return `$${this.values.length}::text`;
  }
}

function column(table: TableInfo, name: string): ColumnInfo {
  const col = table.byName.get(name);
  if (!col) throw columnNotFound(table.name, name);
  return col;
}

const BINARY_OPS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  isdistinct: 'is distinct from',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxl: '&>',
  nxr: '&<',
  adj: '-|-',
};

const TEXT_OPS = new Set(['like', 'ilike', 'match', 'imatch']);
const FTS_FUNCTIONS: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

function filterSql(table: TableInfo, qualifier: string, filter: Filter, params: Params): string {
  if (filter.type === 'logic') {
    const inner = filter.children
      .map((f) => filterSql(table, qualifier, f, params))
      .join(filter.op === 'and' ? ' and ' : ' or ');
    return filter.negate ? `not (${inner})` : `(${inner})`;
  }
  const col = column(table, filter.column);
  const target = `${qualifier}.${ident(col.name)}`;
  let expr: string;
  if (filter.op === 'in') {
    expr =
      filter.values.length === 0
        ? 'false'
        : `${target} in (${filter.values.map((v) => `${params.add(v)}::${col.type}`).join(', ')})`;
  } else if (filter.op === 'is') {
    const what = {
      null: 'null',
      not_null: 'not null',
      true: 'true',
      false: 'false',
      unknown: 'unknown',
    }[filter.value];
    expr = `${target} is ${what}`;
  } else if (filter.op in FTS_FUNCTIONS) {
    const fn = FTS_FUNCTIONS[filter.op]!;
    const config = filter.ftsConfig === null ? '' : `${params.add(filter.ftsConfig)}::regconfig, `;
    expr = `${target} @@ ${fn}(${config}${params.add(filter.value)})`;
  } else {
    const sqlOp = BINARY_OPS[filter.op]!;
    const isText = TEXT_OPS.has(filter.op);
    // PostgREST lets `*` stand for `%` in like patterns, so they survive URL encoding.
    const value =
      filter.op === 'like' || filter.op === 'ilike'
        ? filter.value.replace(/\*/g, '%')
        : filter.value;
    const type = isText ? 'text' : col.type;
    if (filter.quantifier) {
      expr = `${target} ${sqlOp} ${filter.quantifier}(${params.add(value)}::${type}[])`;
    } else {
      expr = `${target} ${sqlOp} ${params.add(value)}${isText ? '' : `::${type}`}`;
    }
  }
  return filter.negate ? `not (${expr})` : expr;
}

export function whereSql(
  table: TableInfo,
  qualifier: string,
  filters: Filter[],
  params: Params,
): string {
  if (filters.length === 0) return '';
  return ` where ${filters.map((f) => filterSql(table, qualifier, f, params)).join(' and ')}`;
}

export function selectListSql(table: TableInfo, items: SelectItem[], qualifier: string): string {
  const parts: string[] = [];
  for (const item of items) {
    if (item.type === 'star') {
      for (const c of table.columns) parts.push(`${qualifier}.${ident(c.name)}`);
      continue;
    }
    const col = column(table, item.name);
    const cast = item.cast ? `::${ALLOWED_CASTS[item.cast]!}` : '';
    parts.push(`${qualifier}.${ident(col.name)}${cast} as ${ident(item.alias ?? col.name)}`);
  }
  if (parts.length === 0)
    throw parseError('failed to parse select parameter', 'the table has no columns to select');
  return parts.join(', ');
}

export function orderSql(table: TableInfo, order: OrderTerm[], qualifier: string): string {
  if (order.length === 0) return '';
  const terms = order.map((o) => {
    const col = column(table, o.column);
    return `${qualifier}.${ident(col.name)}${o.direction ? ` ${o.direction}` : ''}${o.nulls ? ` nulls ${o.nulls}` : ''}`;
  });
  return ` order by ${terms.join(', ')}`;
}

function limitSql(limit: number | null, offset: number, params: Params): string {
  let s = '';
  if (limit !== null) s += ` limit ${params.add(String(limit))}::bigint`;
  if (offset > 0) s += ` offset ${params.add(String(offset))}::bigint`;
  return s;
}

function aggregateSql(stripNulls: boolean): string {
  return `coalesce(json_agg(${stripNulls ? 'json_strip_nulls(row_to_json(_pgrst_t))' : '_pgrst_t'}), '[]')::text`;
}

export interface ReadOptions {
  select: SelectItem[];
  filters: Filter[];
  order: OrderTerm[];
  limit: number | null;
  offset: number;
  count: boolean;
  stripNulls: boolean;
}

/** GET/HEAD: one statement answering the JSON body, the page size and (optionally) the total. */
export function buildRead(table: TableInfo, o: ReadOptions): Statement {
  const params = new Params();
  const q = ident(table.name);
  const from = `from public.${q}`;
  const where = whereSql(table, q, o.filters, params);
  const source = `select ${selectListSql(table, o.select, q)} ${from}${where}${orderSql(table, o.order, q)}${limitSql(o.limit, o.offset, params)}`;
  const total = o.count ? `, (select count(*) ${from}${where})::int as total` : '';
  return {
    sql: `select ${aggregateSql(o.stripNulls)} as body, count(*)::int as n${total} from (${source}) _pgrst_t`,
    params: params.values,
  };
}

export interface MutationResult {
  /** Representation (JSON array text) when asked for, else null. */
  body: string | null;
  n: number;
  inserted: boolean | null;
}

export interface InsertOptions {
  /** The request body as sent: one JSON object or an array of them. */
  rows: string;
  columns: string[];
  missingDefault: boolean;
  onConflict: { columns: string[]; action: 'merge' | 'ignore' } | null;
  returning: SelectItem[] | null;
  stripNulls: boolean;
}

/** Wraps a mutation so one statement answers body, count and whether an upsert inserted. */
function wrapMutation(
  table: TableInfo,
  mutation: string,
  returning: SelectItem[] | null,
  stripNulls: boolean,
  withInserted: boolean,
): string {
  const inserted = withInserted
    ? ', (select coalesce(bool_or(_pgrst_inserted), false) from _pgrst_m) as inserted'
    : '';
  const body = returning
    ? `(select ${aggregateSql(stripNulls)} from (select ${selectListSql(table, returning, '_pgrst_m')} from _pgrst_m) _pgrst_t)`
    : 'null::text';
  return `with _pgrst_m as (${mutation}) select ${body} as body, (select count(*) from _pgrst_m)::int as n${inserted}`;
}

function returningSql(
  table: TableInfo,
  returning: SelectItem[] | null,
  withInserted: boolean,
): string {
  const cols: string[] = [];
  if (returning) cols.push(`${ident(table.name)}.*`);
  if (withInserted) cols.push('(xmax = 0) as _pgrst_inserted');
  return cols.length ? ` returning ${cols.join(', ')}` : '';
}

export function buildInsert(
  table: TableInfo,
  o: InsertOptions,
): { statement: Statement; wrapped: boolean } {
  const params = new Params();
  const body = params.add(o.rows);
  const asArray = (type: 'json' | 'jsonb') =>
    `(case when ${type}_typeof(${body}::${type}) = 'array' then ${body}::${type} else ${type}_build_array(${body}::${type}) end)`;
  const cols = o.columns.map((c) => column(table, c));
  const target = `public.${ident(table.name)}`;
  const colList = cols.map((c) => ident(c.name)).join(', ');
  let source: string;
  if (o.missingDefault && cols.length > 0) {
    const values = cols.map(
      (c) =>
        `case when _pgrst_e ? ${params.add(c.name)} then _pgrst_r.${ident(c.name)} else ${c.defaultExpr ? `(${c.defaultExpr})` : 'null'} end`,
    );
    source = `select ${values.join(', ')} from jsonb_array_elements(${asArray('jsonb')}) _pgrst_e cross join lateral jsonb_populate_record(null::${target}, _pgrst_e) _pgrst_r`;
  } else {
    source = `select ${cols.map((c) => `_pgrst_b.${ident(c.name)}`).join(', ')} from json_populate_recordset(null::${target}, ${asArray('json')}) _pgrst_b`;
  }
  let conflict = '';
  if (o.onConflict) {
    const conflictCols = o.onConflict.columns.map((c) => ident(column(table, c).name)).join(', ');
    const sets = cols.map((c) => `${ident(c.name)} = excluded.${ident(c.name)}`).join(', ');
    conflict =
      o.onConflict.action === 'ignore' || sets === ''
        ? ` on conflict (${conflictCols}) do nothing`
        : ` on conflict (${conflictCols}) do update set ${sets}`;
  }
  const withInserted = o.onConflict !== null;
  const insert = `insert into ${target}${cols.length ? ` (${colList})` : ''} ${source}${conflict}${returningSql(table, o.returning, withInserted)}`;
  if (!o.returning && !withInserted)
    return { statement: { sql: insert, params: params.values }, wrapped: false };
  return {
    statement: {
      sql: wrapMutation(table, insert, o.returning, o.stripNulls, withInserted),
      params: params.values,
    },
    wrapped: true,
  };
}

export interface FilteredMutationOptions {
  filters: Filter[];
  order: OrderTerm[];
  limit: number | null;
  offset: number;
  returning: SelectItem[] | null;
  stripNulls: boolean;
}

function targetRowsSql(table: TableInfo, o: FilteredMutationOptions, params: Params): string {
  const q = ident(table.name);
  if (o.limit === null && o.offset === 0) return whereSql(table, q, o.filters, params);
  // PostgREST's limited update/delete: restrict to the first rows of the filtered, ordered set.
  const inner = `select ${q}.ctid from public.${q}${whereSql(table, q, o.filters, params)}${orderSql(table, o.order, q)}${limitSql(o.limit, o.offset, params)}`;
  return ` where ${q}.ctid in (${inner})`;
}

export function buildUpdate(
  table: TableInfo,
  body: string,
  columns: string[],
  o: FilteredMutationOptions,
): { statement: Statement; wrapped: boolean } {
  const params = new Params();
  const bodyParam = params.add(body);
  const cols = columns.map((c) => column(table, c));
  const target = `public.${ident(table.name)}`;
  const sets = cols.map((c) => `${ident(c.name)} = _pgrst_b.${ident(c.name)}`).join(', ');
  const update = `update ${target} set ${sets} from json_populate_record(null::${target}, ${bodyParam}::json) _pgrst_b${targetRowsSql(table, o, params)}${returningSql(table, o.returning, false)}`;
  if (!o.returning) return { statement: { sql: update, params: params.values }, wrapped: false };
  return {
    statement: {
      sql: wrapMutation(table, update, o.returning, o.stripNulls, false),
      params: params.values,
    },
    wrapped: true,
  };
}

export function buildDelete(
  table: TableInfo,
  o: FilteredMutationOptions,
): { statement: Statement; wrapped: boolean } {
  const params = new Params();
  const del = `delete from public.${ident(table.name)}${targetRowsSql(table, o, params)}${returningSql(table, o.returning, false)}`;
  if (!o.returning) return { statement: { sql: del, params: params.values }, wrapped: false };
  return {
    statement: {
      sql: wrapMutation(table, del, o.returning, o.stripNulls, false),
      params: params.values,
    },
    wrapped: true,
  };
}

/**
 * `public.fn(arg => value, …)` with the arguments read from a JSON object by json_to_record, so
 * each value is converted to the argument's real type (arrays, json, uuid…) by Postgres itself.
 * `wholeBody` passes the entire JSON body to a function with one unnamed json/jsonb argument.
 */
export function buildRpc(
  fn: FunctionInfo,
  args: string[],
  argsJson: string,
  wholeBody: boolean,
): Statement {
  const params = new Params();
  const name = `public.${ident(fn.name)}`;
  let call: string;
  let from = '';
  if (wholeBody) {
    call = `${name}(${params.add(argsJson)}::${fn.args[0]!.type})`;
  } else if (args.length === 0) {
    call = `${name}()`;
  } else {
    const defs = args
      .map((a) => `${ident(a)} ${fn.args.find((x) => x.name === a)!.type}`)
      .join(', ');
    call = `${name}(${args.map((a) => `${ident(a)} => _pgrst_args.${ident(a)}`).join(', ')})`;
    from = `json_to_record(${params.add(argsJson)}::json) as _pgrst_args(${defs})`;
  }
  let sql: string;
  if (fn.returns === 'void') {
    sql = `select ${call} as done${from ? ` from ${from}` : ''}`;
  } else if (fn.returnsSet || fn.returns === 'composite') {
    const source = from ? `${from} cross join lateral ${call} _pgrst_r` : `${call} _pgrst_r`;
    const rows = fn.returnsSet
      ? `coalesce(json_agg(_pgrst_r), '[]')::text as body, count(*)::int as n`
      : `to_json(_pgrst_r)::text as body, 1 as n`;
    sql = `select ${rows} from ${source}`;
  } else {
    sql = `select to_json(${call})::text as body, 1 as n${from ? ` from ${from}` : ''}`;
  }
  return { sql, params: params.values };
}
