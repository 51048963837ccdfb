import { parseError } from './errors.ts';
import { parseCondition, type Filter, type LogicTree } from './parse-filters.ts';
import { parseName, splitOutside } from './parse-tokens.ts';

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
