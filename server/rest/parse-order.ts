import { parseError } from './errors.ts';
import { parseName, splitOutside } from './parse-tokens.ts';

export interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
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
