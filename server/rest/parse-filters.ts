import { parseError } from './errors.ts';
import { likeProblem, MAX_LIST_VALUES, regexProblem } from './pattern-guard.ts';
import { arrayElements } from './parse-tokens.ts';

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
