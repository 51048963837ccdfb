import { describe, expect, it } from 'vitest';
import { parseCondition } from './parse-filters.ts';
import { parseFails } from '../../tests/support/rest-parse.ts';

describe('parseCondition', () => {
  it('reads the operators postgrest-js produces', () => {
    expect(parseCondition('a', 'eq.1.5')).toMatchObject({ op: 'eq', value: '1.5', negate: false });
    expect(parseCondition('a', 'not.ilike.*x*')).toMatchObject({
      op: 'ilike',
      value: '*x*',
      negate: true,
    });
    expect(parseCondition('a', 'is.NULL')).toMatchObject({ op: 'is', value: 'null' });
    expect(parseCondition('a', 'cs.{facebook,linkedin}')).toMatchObject({
      op: 'cs',
      value: '{facebook,linkedin}',
    });
    expect(parseCondition('a', 'like(any).{a*,b*}')).toMatchObject({
      op: 'like',
      quantifier: 'any',
      value: '{a*,b*}',
    });
    expect(parseCondition('a', 'fts(english).cat')).toMatchObject({
      op: 'fts',
      ftsConfig: 'english',
      value: 'cat',
    });
    expect(parseCondition('a', 'eq.')).toMatchObject({ op: 'eq', value: '' });
  });

  it('reads in-lists with quoted values, commas and escapes', () => {
    expect(parseCondition('a', 'in.(1,2,"c,d","e\\"f")')).toMatchObject({
      op: 'in',
      values: ['1', '2', 'c,d', 'e"f'],
    });
    expect(parseCondition('a', 'in.()')).toMatchObject({ op: 'in', values: [] });
    expect(parseCondition('a', 'not.in.(x)')).toMatchObject({
      op: 'in',
      values: ['x'],
      negate: true,
    });
    expect(parseCondition('a', 'in.(a,)')).toMatchObject({ op: 'in', values: ['a', ''] });
  });

  it('rejects unknown operators, bad is-values, modifiers and malformed lists', () => {
    for (const bad of [
      'foo.1',
      'eq',
      'is.maybe',
      'in.1,2',
      'in.("x)',
      'in.(a"b)',
      'eq(any).1',
      'in(any).(1)',
      'gt(sideways).1',
      'fts(a b).x',
    ]) {
      const e = parseFails(() => parseCondition('a', bad));
      expect(e.body.code, bad).toBe('PGRST100');
    }
  });
});
