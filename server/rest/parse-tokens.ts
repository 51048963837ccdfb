import { parseError } from './errors.ts';

// The lexical pieces shared by the query-string parsers: splitting on top-level commas, field
// names, and array literals.

/**
 * Splits on the commas that stand outside double quotes and parentheses (and, with `braces`,
 * outside `{...}`). `fail` makes the error for a stray closing bracket (`'stray'`) or for quotes
 * or brackets left open (`'open'`).
 */
export function splitOutside(
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

export function splitTopLevel(input: string, what: string): string[] {
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
export function parseName(raw: string, what: string): string {
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

/** The elements of a one-dimensional array literal `{a,"b,c"}` as Postgres reads them; null if nested. */
export function arrayElements(literal: string): string[] | null {
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
