import { invalidRange, parseError } from './errors.ts';
import { parseCondition, type Filter } from './parse-filters.ts';
import { parseLogic } from './parse-logic.ts';
import { parseOrder, type OrderTerm } from './parse-order.ts';
import { parseSelect, type SelectItem } from './parse-select.ts';
import { arrayElements, parseName, splitTopLevel } from './parse-tokens.ts';
import { MAX_REQUEST_EXPANDED_SIZE, MAX_REQUEST_FTS_LENGTH, regexCost } from './pattern-guard.ts';

// Pure parsing of PostgREST's query-string grammar into a small AST, one parse-*.ts module per
// part of the grammar. Nothing here knows the schema: names are checked against it when SQL is
// built. Importers use this module; it re-exports the parts' types and parsers.

export {
  FILTER_OPS,
  IS_VALUES,
  parseCondition,
  type Condition,
  type Filter,
  type FilterOp,
  type IsValue,
  type LogicTree,
} from './parse-filters.ts';
export { parsePrefer, parseRange, type Preferences } from './parse-headers.ts';
export { parseLogic } from './parse-logic.ts';
export { parseOrder, type OrderTerm } from './parse-order.ts';
export { ALLOWED_CASTS, parseSelect, type SelectItem } from './parse-select.ts';

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
