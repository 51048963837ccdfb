// PGlite runs Postgres inside this process, one statement at a time, and cannot cancel one:
// statement_timeout never fires there. So what a request may ask of the regex engine is bounded
// here, before any SQL runs, on both engines alike.
//
// Postgres matches a regex without back-references with a DFA built lazily from the NFA, in time
// linear in the text times a factor that grows with the NFA's size; `{m,n}` copies its atom up to
// n times. Back-references switch it to backtracking (exponential: `^(.*)(.*)(.*)\3\2\1$` spends
// minutes on 3,000 characters) and lookaround constraints rescan the text from every position
// (quadratic). Those are refused; the rest is bounded by the pattern's expanded size.

/** Longest match/imatch pattern, in characters. */
export const MAX_PATTERN_LENGTH = 200;
/** Largest bound of one `{m,n}`. */
export const MAX_REPEAT = 20;
/** Largest NFA size proxy: atoms counted with `{m,n}` copies, nested bounds multiplied. */
export const MAX_EXPANDED_SIZE = 200;
/** Expanded size of all match/imatch patterns of one request together. */
export const MAX_REQUEST_EXPANDED_SIZE = 400;
/** Characters of all full-text queries (fts, plfts, phfts, wfts) of one request together. */
export const MAX_REQUEST_FTS_LENGTH = 1000;
/** Most values in one `in.(…)` list or `(any)`/`(all)` list. */
export const MAX_LIST_VALUES = 1000;
/** Longest like/ilike pattern and most wildcards in one. */
export const MAX_LIKE_LENGTH = 1000;
export const MAX_LIKE_WILDCARDS = 50;

/** Why `pattern` may not be used with match/imatch, or null when it may. */
export function regexProblem(pattern: string): string | null {
  const cost = regexCost(pattern);
  return typeof cost === 'string' ? cost : null;
}

/** The expanded size of an acceptable match/imatch pattern, or why it is refused. */
export function regexCost(pattern: string): number | string {
  if (pattern.length > MAX_PATTERN_LENGTH)
    return `the pattern is ${pattern.length} characters long; at most ${MAX_PATTERN_LENGTH} are allowed`;
  const scan = new Scanner(pattern);
  try {
    let size = scan.alternation(0);
    // A stray ")" ends the scan early: Postgres reports the syntax error; count the rest as atoms.
    size += pattern.length - scan.i;
    if (size > MAX_EXPANDED_SIZE)
      return `the pattern expands to ${size} atoms (repetition bounds multiply); at most ${MAX_EXPANDED_SIZE} are allowed`;
    return size;
  } catch (e) {
    if (e instanceof Refused) return e.message;
    throw e;
  }
}

class Refused extends Error {}

class Scanner {
  i = 0;
  constructor(private readonly s: string) {}

  alternation(depth: number): number {
    let size = this.sequence(depth);
    while (this.s[this.i] === '|') {
      this.i++;
      size += this.sequence(depth);
    }
    return size;
  }

  private sequence(depth: number): number {
    let size = 0;
    while (this.i < this.s.length && this.s[this.i] !== '|' && this.s[this.i] !== ')') {
      const atom = this.atom(depth);
      size += atom * this.quantifier();
    }
    return size;
  }

  private atom(depth: number): number {
    const s = this.s;
    const ch = s[this.i]!;
    if (ch === '\\') {
      const next = s[this.i + 1];
      if (next !== undefined && /[0-9]/.test(next))
        throw new Refused(
          'back-references (\\1 … \\9) and octal escapes are not allowed: they make matching exponential',
        );
      this.i += 2;
      return 1;
    }
    if (ch === '[') {
      this.bracket();
      return 1;
    }
    if (ch === '(') {
      this.i++;
      if (s[this.i] === '?') {
        if (s[this.i + 1] !== ':')
          throw new Refused(
            'lookahead, lookbehind and embedded options ((?=, (?!, (?<=, (?<!, (?x)) are not allowed',
          );
        this.i += 2;
      }
      if (depth >= 20) throw new Refused('groups are nested too deeply');
      const inner = this.alternation(depth + 1);
      if (s[this.i] === ')') this.i++;
      return Math.max(inner, 1);
    }
    if (ch === '*' && this.i === 0 && s.startsWith('***')) {
      // A director: `***=` (the rest is literal) or `***:` (advanced syntax, the default).
      const literal = s[3] === '=';
      this.i = literal ? s.length : 4;
      return literal ? s.length - 4 : 0;
    }
    this.i++;
    return 1;
  }

  /** Skips `[…]`, whose first `]` (after an optional `^`) is literal; `[:x:]`, `[.x.]`, `[=x=]` nest. */
  private bracket(): void {
    const s = this.s;
    this.i++;
    if (s[this.i] === '^') this.i++;
    if (s[this.i] === ']') this.i++;
    while (this.i < s.length && s[this.i] !== ']') {
      if (s[this.i] === '[' && /[:.=]/.test(s[this.i + 1] ?? '')) {
        const close = s.indexOf(s[this.i + 1]! + ']', this.i + 2);
        this.i = close === -1 ? s.length : close + 2;
      } else if (s[this.i] === '\\') {
        this.i += 2;
      } else {
        this.i++;
      }
    }
    this.i++;
  }

  /** The copy count of a quantifier after an atom (1 for none, `*`, `+` and `?`). */
  private quantifier(): number {
    const s = this.s;
    let copies = 1;
    for (;;) {
      const ch = s[this.i];
      if (ch === '*' || ch === '+' || ch === '?') {
        this.i++;
      } else if (ch === '{') {
        const m = /^\{(\d{1,9})(?:(,)(\d{1,9})?)?\}/.exec(s.slice(this.i, this.i + 24));
        if (!m) return copies; // not a bound: Postgres reports the syntax error
        const low = Number(m[1]);
        const high = m[3] !== undefined ? Number(m[3]) : low;
        if (Math.max(low, high) > MAX_REPEAT)
          throw new Refused(
            `repetition bounds above ${MAX_REPEAT} ({${m[1]}${m[2] ?? ''}${m[3] ?? ''}}) are not allowed`,
          );
        copies *= Math.max(low, high, 1) + (m[2] !== undefined && m[3] === undefined ? 1 : 0);
        this.i += m[0].length;
      } else {
        return copies;
      }
      // A non-greedy marker belongs to the quantifier before it.
      if (s[this.i] === '?') this.i++;
    }
  }
}

/** Why `pattern` may not be used with like/ilike, or null when it may. */
export function likeProblem(pattern: string): string | null {
  if (pattern.length > MAX_LIKE_LENGTH)
    return `the pattern is ${pattern.length} characters long; at most ${MAX_LIKE_LENGTH} are allowed`;
  const wildcards = pattern.replace(/[^%*]/g, '').length;
  if (wildcards > MAX_LIKE_WILDCARDS)
    return `the pattern has ${wildcards} wildcards; at most ${MAX_LIKE_WILDCARDS} are allowed`;
  return null;
}
