import { invalidRange, parseError } from './errors.ts';
import {
  likeProblem,
  MAX_LIST_VALUES,
  MAX_REQUEST_EXPANDED_SIZE,
  MAX_REQUEST_FTS_LENGTH,
  regexCost,
  regexProblem,
} from './pattern-guard.ts';

// Pure parsing of PostgREST's query-string grammar into a small AST. Nothing here knows the
// schema: names are checked against it when SQL is built.

export type SelectItem =
  { type: 'star' } | { type: 'field'; name: string; alias: string | null; cast: string | null };

/** Operators that take an `(any)`/`(all)` quantifier over a `{a,b}` list. */
const QUANTIFIABLE_OPS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
] as const;

export const FILTER_OPS = [
  ...QUANTIFIABLE_OPS,
  'in',
  'is',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

const QUANTIFIABLE = new Set<FilterOp>(QUANTIFIABLE_OPS);
const FTS_OPS = new Set<FilterOp>(['fts', 'plfts', 'phfts', 'wfts']);
export const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'] as const;
export type IsValue = (typeof IS_VALUES)[number];

export type Condition =
  | { type: 'cond'; column: string; negate: boolean; op: 'in'; values: string[] }
  | { type: 'cond'; column: string; negate: boolean; op: 'is'; value: IsValue }
  | {
      type: 'cond';
      column: string;
      negate: boolean;
      op: Exclude<FilterOp, 'in' | 'is'>;
      value: string;
      quantifier: 'any' | 'all' | null;
      ftsConfig: string | null;
    };

export interface LogicTree {
  type: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Filter[];
}

export type Filter = Condition | LogicTree;

export interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

export interface ReadQuery {
  select: SelectItem[];
  filters: Filter[];
  order: OrderTerm[];
  limit: number | null;
  offset: number;
  onConflict: string[] | null;
  columns: string[] | null;
  /** Query keys that are not PostgREST parameters nor filters of the table (rpc: arguments). */
  rest: [string, string][];
}

const RESERVED = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'on_conflict',
  'columns',
  'and',
  'or',
  'not.and',
  'not.or',
]);

/** Casts a select item may use, spelled as SQL; anything else is rejected before SQL is built. */
export const ALLOWED_CASTS: Record<string, string> = {
  text: 'text',
  varchar: 'varchar',
  int: 'integer',
  int2: 'smallint',
  int4: 'integer',
  int8: 'bigint',
  integer: 'integer',
  smallint: 'smallint',
  bigint: 'bigint',
  numeric: 'numeric',
  float4: 'real',
  float8: 'double precision',
  real: 'real',
  bool: 'boolean',
  boolean: 'boolean',
  json: 'json',
  jsonb: 'jsonb',
  uuid: 'uuid',
  date: 'date',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
};

/**
 * Splits on the commas that stand outside double quotes and parentheses (and, with `braces`,
 * outside `{...}`). `fail` makes the error for a stray closing bracket (`'stray'`) or for quotes
 * or brackets left open (`'open'`).
 */
function splitOutside(
  input: string,
  braces: boolean,
  fail: (problem: 'stray' | 'open') => Error,
): string[] {
  const parts: string[] = [];
  let depth = 0;
  let brace = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '\\' && i + 1 < input.length) {
        current += ch + input[++i]!;
        continue;
      }
      if (ch === '"') quoted = false;
      current += ch;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (braces && ch === '{') brace++;
    else if (braces && ch === '}') brace--;
    else if (ch === ',' && depth === 0 && brace === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    if (depth < 0 || brace < 0) throw fail('stray');
    current += ch;
  }
  if (quoted || depth !== 0 || brace !== 0) throw fail('open');
  parts.push(current);
  return parts;
}

function splitTopLevel(input: string, what: string): string[] {
  return splitOutside(input, false, (problem) =>
    parseError(
      `failed to parse ${what}`,
      problem === 'stray'
        ? `unexpected ")" in "${input}"`
        : `unbalanced quotes or parentheses in "${input}"`,
    ),
  );
}

/** A field name, possibly double-quoted ("my col"), with no operators in it. */
function parseName(raw: string, what: string): string {
  if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) {
    const inner = raw.slice(1, -1).replace(/\\(.)/g, '$1');
    if (inner.length === 0) throw parseError(`failed to parse ${what}`, 'empty quoted name');
    return inner;
  }
  if (raw.length === 0) throw parseError(`failed to parse ${what}`, 'empty name');
  if (/["()]/.test(raw))
    throw parseError(`failed to parse ${what}`, `unexpected character in "${raw}"`);
  if (raw.includes('->'))
    throw parseError(`failed to parse ${what}`, `JSON paths are not supported ("${raw}")`);
  return raw;
}

export function parseSelect(raw: string | null): SelectItem[] {
  if (raw === null || raw === '' || raw === '*') return [{ type: 'star' }];
  const items: SelectItem[] = [];
  for (const part of splitTopLevel(raw, 'select')) {
    if (part === '*') {
      items.push({ type: 'star' });
      continue;
    }
    if (part.includes('(') || part.startsWith('...')) {
      throw parseError(
        'failed to parse select parameter (' + raw + ')',
        `"${part}" embeds a resource or calls an aggregate, which this API does not support`,
      );
    }
    let rest = part;
    let alias: string | null = null;
    let cast: string | null = null;
    const castAt = rest.lastIndexOf('::');
    if (castAt > 0 && !rest.slice(castAt).includes('"')) {
      cast = rest.slice(castAt + 2).toLowerCase();
      rest = rest.slice(0, castAt);
      if (!(cast in ALLOWED_CASTS))
        throw parseError(
          'failed to parse select parameter (' + raw + ')',
          `unsupported cast "${cast}"`,
        );
    }
    const m = /^("(?:[^"\\]|\\.)+"|[^":]+):(?!:)(.+)$/.exec(rest);
    if (m) {
      alias = parseName(m[1]!, 'select');
      rest = m[2]!;
    }
    items.push({ type: 'field', name: parseName(rest, 'select'), alias, cast });
  }
  return items;
}

export function parseOrder(raw: string): OrderTerm[] {
  const terms = splitOutside(raw, false, (problem) =>
    parseError(
      `failed to parse order (${raw})`,
      problem === 'stray' ? 'unexpected ")"' : 'unbalanced quotes or parentheses',
    ),
  );
  return terms.map((term) => {
    const quoted = /^("(?:[^"\\]|\\.)+")(.*)$/.exec(term);
    const namePart = quoted ? quoted[1]! : term.split('.')[0]!;
    const modifiers = (quoted ? quoted[2]! : term.slice(namePart.length))
      .split('.')
      .filter((s, i) => i > 0 || s !== '');
    if (modifiers.length > 2)
      throw parseError(`failed to parse order (${raw})`, `unexpected "${term}"`);
    let direction: OrderTerm['direction'] = null;
    let nulls: OrderTerm['nulls'] = null;
    for (const mod of modifiers) {
      if ((mod === 'asc' || mod === 'desc') && direction === null && nulls === null)
        direction = mod;
      else if ((mod === 'nullsfirst' || mod === 'nullslast') && nulls === null)
        nulls = mod === 'nullsfirst' ? 'first' : 'last';
      else
        throw parseError(
          `failed to parse order (${raw})`,
          `unexpected "${mod}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
        );
    }
    // PostgREST's field-name grammar, so `col;drop …` is a parse error, not an unknown column.
    if (!quoted && !/^[\p{L}\p{N}_ $-]+$/u.test(namePart))
      throw parseError(
        `failed to parse order (${raw})`,
        `unexpected character in "${namePart}" expecting a field name (letters, digits, "_", "$", " ", "-")`,
      );
    return { column: parseName(namePart, 'order'), direction, nulls };
  });
}

function parseLimit(raw: string): number {
  if (/^-\d{1,15}$/.test(raw)) throw invalidRange('Limit should be greater than or equal to zero.');
  return parseNonNegative(raw, 'limit');
}

function parseNonNegative(raw: string, what: string): number {
  if (!/^\d{1,15}$/.test(raw))
    throw parseError(
      `failed to parse ${what} parameter (${raw})`,
      'expected a non-negative integer',
    );
  return Number(raw);
}

/** `in` list: (a,b,"c,d") with backslash escapes inside quotes. */
function parseList(raw: string, context: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')'))
    throw parseError(`failed to parse filter (${context})`, 'expected a list like (a,b,c)');
  const inner = raw.slice(1, -1);
  if (inner === '') return [];
  const values: string[] = [];
  let i = 0;
  for (;;) {
    let v = '';
    if (inner[i] === '"') {
      i++;
      while (i < inner.length && inner[i] !== '"') {
        if (inner[i] === '\\' && i + 1 < inner.length) i++;
        v += inner[i]!;
        i++;
      }
      if (i >= inner.length)
        throw parseError(`failed to parse filter (${context})`, 'unterminated quoted value');
      i++;
    } else {
      while (i < inner.length && inner[i] !== ',') v += inner[i++]!;
      if (/[()"]/.test(v))
        throw parseError(`failed to parse filter (${context})`, `unexpected character in "${v}"`);
    }
    values.push(v);
    if (i >= inner.length) return values;
    if (inner[i] !== ',')
      throw parseError(`failed to parse filter (${context})`, 'expected "," between list values');
    i++;
    if (i === inner.length) {
      values.push('');
      return values;
    }
  }
}

/** `[not.]op[(modifier)].value` for one column. */
export function parseCondition(column: string, raw: string): Condition {
  const context = `${column}=${raw}`;
  let rest = raw;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\(([^)]*)\))?\.([\s\S]*)$/.exec(rest);
  if (!m)
    throw parseError(
      `failed to parse filter (${raw})`,
      `"${context}" is not of the form column=operator.value`,
    );
  const opName = m[1]!;
  const modifier = m[2] ?? null;
  const value = m[3]!;
  if (!(FILTER_OPS as readonly string[]).includes(opName)) {
    throw parseError(`failed to parse filter (${raw})`, `unknown operator "${opName}"`);
  }
  const op = opName as FilterOp;
  if (op === 'in') {
    if (modifier !== null)
      throw parseError(`failed to parse filter (${raw})`, '"in" takes no modifier');
    const values = parseList(value, context);
    if (values.length > MAX_LIST_VALUES)
      throw parseError(
        `failed to parse filter (${raw})`,
        `the list has ${values.length} values; at most ${MAX_LIST_VALUES} are allowed`,
      );
    return { type: 'cond', column, negate, op, values };
  }
  if (op === 'is') {
    if (modifier !== null)
      throw parseError(`failed to parse filter (${raw})`, '"is" takes no modifier');
    const v = value.toLowerCase();
    if (!(IS_VALUES as readonly string[]).includes(v)) {
      throw parseError(
        `failed to parse filter (${raw})`,
        `"is" expects null, not_null, true, false or unknown, not "${value}"`,
      );
    }
    return { type: 'cond', column, negate, op, value: v as IsValue };
  }
  let quantifier: 'any' | 'all' | null = null;
  let ftsConfig: string | null = null;
  if (modifier !== null) {
    if (FTS_OPS.has(op)) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(modifier))
        throw parseError(
          `failed to parse filter (${raw})`,
          `invalid text search configuration "${modifier}"`,
        );
      ftsConfig = modifier;
    } else if ((modifier === 'any' || modifier === 'all') && QUANTIFIABLE.has(op)) {
      quantifier = modifier;
      if (!value.startsWith('{') || !value.endsWith('}')) {
        throw parseError(
          `failed to parse filter (${raw})`,
          `"${op}(${modifier})" expects a list like {a,b}`,
        );
      }
    } else {
      throw parseError(
        `failed to parse filter (${raw})`,
        `unexpected modifier "${modifier}" for "${op}"`,
      );
    }
  }
  checkPattern(op, value, quantifier !== null, raw);
  return {
    type: 'cond',
    column,
    negate,
    op: op as Exclude<FilterOp, 'in' | 'is'>,
    value,
    quantifier,
    ftsConfig,
  };
}

/**
 * Refuses match/imatch and like/ilike patterns whose matching cost is unbounded (see
 * pattern-guard.ts); with `(any)`/`(all)` every element of the `{a,b}` list is checked.
 */
function checkPattern(op: FilterOp, value: string, quantified: boolean, raw: string): void {
  const check =
    op === 'match' || op === 'imatch'
      ? regexProblem
      : op === 'like' || op === 'ilike'
        ? likeProblem
        : null;
  if (!check) return;
  const fail = (why: string) =>
    parseError(`failed to parse filter (${raw})`, `unsupported ${op} pattern: ${why}`);
  const patterns = quantified ? arrayElements(value) : [value];
  if (patterns === null) throw fail('a pattern list must be a flat list like {a,b}');
  if (patterns.length > MAX_LIST_VALUES)
    throw fail(`the list has ${patterns.length} patterns; at most ${MAX_LIST_VALUES} are allowed`);
  for (const p of patterns) {
    const problem = check(p);
    if (problem) throw fail(problem);
  }
}

/**
 * Each pattern is bounded on its own (parseCondition); these bound a request's patterns together,
 * since many cheap ones in one query string add up.
 */
function checkRequestBudget(filters: Filter[]): void {
  let regex = 0;
  let fts = 0;
  const visit = (f: Filter): void => {
    if (f.type === 'logic') return f.children.forEach(visit);
    if (f.op === 'match' || f.op === 'imatch') {
      for (const p of f.quantifier ? (arrayElements(f.value) ?? []) : [f.value]) {
        const cost = regexCost(p);
        if (typeof cost === 'number') regex += cost;
      }
    } else if (f.op === 'fts' || f.op === 'plfts' || f.op === 'phfts' || f.op === 'wfts') {
      fts += f.value.length;
    }
  };
  filters.forEach(visit);
  if (regex > MAX_REQUEST_EXPANDED_SIZE)
    throw parseError(
      'failed to parse filter',
      `the match/imatch patterns of this request expand to ${regex} atoms in all; at most ${MAX_REQUEST_EXPANDED_SIZE} are allowed`,
    );
  if (fts > MAX_REQUEST_FTS_LENGTH)
    throw parseError(
      'failed to parse filter',
      `the full-text queries of this request are ${fts} characters long in all; at most ${MAX_REQUEST_FTS_LENGTH} are allowed`,
    );
}

/** The elements of a one-dimensional array literal `{a,"b,c"}` as Postgres reads them; null if nested. */
function arrayElements(literal: string): string[] | null {
  const inner = literal.slice(1, -1);
  const out: string[] = [];
  let current = '';
  let quoted = false;
  let started = false;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i]!;
    if (ch === '\\') {
      current += inner[++i] ?? '';
      started = true;
    } else if (ch === '"') {
      quoted = !quoted;
      started = true;
    } else if (!quoted && (ch === '{' || ch === '}')) {
      return null;
    } else if (!quoted && ch === ',') {
      out.push(current);
      current = '';
      started = false;
    } else if (quoted || !/\s/.test(ch) || started) {
      current += ch;
      started = true;
    }
  }
  if (inner.trim() !== '') out.push(current);
  return out;
}

/** `(a.eq.1,or(b.gt.2,c.is.null))`: the value of an `or`/`and` parameter. */
export function parseLogic(key: 'and' | 'or' | 'not.and' | 'not.or', raw: string): LogicTree {
  const negate = key.startsWith('not.');
  const op = key.endsWith('and') ? 'and' : 'or';
  return { type: 'logic', op, negate, children: parseLogicItems(raw, `${key}=${raw}`, 0) };
}

const MAX_LOGIC_DEPTH = 16;

function parseLogicItems(raw: string, context: string, depth: number): Filter[] {
  if (depth > MAX_LOGIC_DEPTH)
    throw parseError(`failed to parse logic tree (${context})`, 'nested too deeply');
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw parseError(
      `failed to parse logic tree (${context})`,
      'expected a parenthesised list of filters',
    );
  }
  const inner = raw.slice(1, -1);
  if (inner === '')
    throw parseError(`failed to parse logic tree (${context})`, 'empty list of filters');
  return splitLogicItems(inner, context).map((item) => {
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
    if (nested) {
      return {
        type: 'logic',
        op: nested[2] as 'and' | 'or',
        negate: nested[1] !== undefined,
        children: parseLogicItems(nested[3]!, context, depth + 1),
      } satisfies LogicTree;
    }
    const quoted = /^("(?:[^"\\]|\\.)+")\.(.*)$/s.exec(item);
    const dot = item.indexOf('.');
    if (!quoted && dot <= 0)
      throw parseError(
        `failed to parse logic tree (${context})`,
        `"${item}" is not of the form column.operator.value`,
      );
    const column = parseName(quoted ? quoted[1]! : item.slice(0, dot), 'logic tree');
    let value = quoted ? quoted[2]! : item.slice(dot + 1);
    value = unquoteLogicValue(value);
    return parseCondition(column, value);
  });
}

/** Inside a logic tree a plain value may be double-quoted to carry "," or ")". */
function unquoteLogicValue(opAndValue: string): string {
  const m = /^((?:not\.)?[a-z]+(?:\([^)]*\))?\.)"((?:[^"\\]|\\.)*)"$/s.exec(opAndValue);
  if (!m) return opAndValue;
  return m[1]! + m[2]!.replace(/\\(.)/g, '$1');
}

function splitLogicItems(inner: string, context: string): string[] {
  return splitOutside(inner, true, (problem) =>
    parseError(
      `failed to parse logic tree (${context})`,
      problem === 'stray' ? 'unbalanced parentheses' : 'unbalanced quotes or parentheses',
    ),
  );
}

export function parseColumnsParam(raw: string, what: 'columns' | 'on_conflict'): string[] {
  const names = splitTopLevel(raw, what).map((n) => parseName(n, what));
  if (names.length === 0) throw parseError(`failed to parse ${what} parameter (${raw})`);
  return names;
}

/**
 * The whole query string of a table request. `filterKeys` says whether a key that is not a
 * PostgREST parameter is a filter (tables) or is left in `rest` (rpc arguments).
 */
export function parseQuery(
  params: [string, string][],
  opts: { filterKeys: boolean } = { filterKeys: true },
): ReadQuery {
  const q: ReadQuery = {
    select: [{ type: 'star' }],
    filters: [],
    order: [],
    limit: null,
    offset: 0,
    onConflict: null,
    columns: null,
    rest: [],
  };
  const seen = new Set<string>();
  for (const [key, value] of params) {
    if (
      RESERVED.has(key) &&
      key !== 'and' &&
      key !== 'or' &&
      key !== 'not.and' &&
      key !== 'not.or'
    ) {
      if (seen.has(key))
        throw parseError(`failed to parse ${key} parameter`, `"${key}" appears more than once`);
      seen.add(key);
    }
    switch (key) {
      case 'select':
        q.select = parseSelect(value);
        break;
      case 'order':
        q.order = parseOrder(value);
        break;
      case 'limit':
        q.limit = parseLimit(value);
        break;
      case 'offset':
        q.offset = parseNonNegative(value, 'offset');
        break;
      case 'on_conflict':
        q.onConflict = parseColumnsParam(value, 'on_conflict');
        break;
      case 'columns':
        q.columns = parseColumnsParam(value, 'columns');
        break;
      case 'and':
      case 'or':
      case 'not.and':
      case 'not.or':
        q.filters.push(parseLogic(key, value));
        break;
      default:
        if (!opts.filterKeys) {
          q.rest.push([key, value]);
        } else if (key.includes('.')) {
          throw parseError(
            `failed to parse filter (${key})`,
            `"${key}" refers to an embedded resource, which this API does not support`,
          );
        } else {
          q.filters.push(parseCondition(parseName(key, 'filter'), value));
        }
    }
  }
  checkRequestBudget(q.filters);
  return q;
}

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
}

/** `Prefer` headers, possibly several, comma-joined; unknown preferences are ignored as PostgREST does. */
export function parsePrefer(header: string | null | undefined): Preferences {
  const prefs: Preferences = { return: null, count: null, resolution: null, missing: null };
  if (!header) return prefs;
  for (const item of header.split(',')) {
    const [k, v] = item
      .trim()
      .split('=', 2)
      .map((s) => s.trim().toLowerCase());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only'))
      prefs.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated'))
      prefs.count = v;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates'))
      prefs.resolution = v;
    else if (k === 'missing' && (v === 'default' || v === 'null')) prefs.missing = v;
  }
  return prefs;
}

/** `Range: 0-9` (items) → offset/limit; null when absent or not an item range. */
export function parseRange(
  header: string | null | undefined,
  unit: string | null | undefined,
): { offset: number; limit: number | null } | null {
  if (!header) return null;
  if (unit && unit.trim().toLowerCase() !== 'items') return null;
  const m = /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(header);
  if (!m) return null;
  const from = Number(m[1]);
  if (m[2] === '') return { offset: from, limit: null };
  const to = Number(m[2]);
  if (to < from) return { offset: from, limit: -1 };
  return { offset: from, limit: to - from + 1 };
}
