import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import {
  parseCondition,
  parseOrder,
  parsePrefer,
  parseQuery,
  parseRange,
  parseSelect,
} from './parse-query.ts';

function parseFails(fn: () => unknown): RestError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(RestError);
    return e as RestError;
  }
  throw new Error('expected a parse error');
}

describe('parseSelect', () => {
  it('reads *, plain columns, aliases and allowed casts', () => {
    expect(parseSelect(null)).toEqual([{ type: 'star' }]);
    expect(parseSelect('*')).toEqual([{ type: 'star' }]);
    expect(parseSelect('id,text:content,version::text,n:version::int8,"odd name"')).toEqual([
      { type: 'field', name: 'id', alias: null, cast: null },
      { type: 'field', name: 'content', alias: 'text', cast: null },
      { type: 'field', name: 'version', alias: null, cast: 'text' },
      { type: 'field', name: 'version', alias: 'n', cast: 'int8' },
      { type: 'field', name: 'odd name', alias: null, cast: null },
    ]);
  });

  it('rejects embedded resources, aggregates, unknown casts and JSON paths with PGRST100', () => {
    for (const bad of [
      'id,owner(id)',
      'count()',
      '...profile(id)',
      'id::regclass',
      'answers->x',
      'a,,b',
    ]) {
      const e = parseFails(() => parseSelect(bad));
      expect(e.status).toBe(400);
      expect(e.body.code).toBe('PGRST100');
    }
  });
});

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

describe('parseQuery', () => {
  it('splits parameters, filters and logic trees', () => {
    const q = parseQuery([
      ['select', 'id'],
      ['user_id', 'eq.u1'],
      ['or', '(status.eq.draft,and(version.gt.2,content.like."a,b"),platforms.cs.{x,y})'],
      ['not.and', '(a.is.null,b.not.in.(1,2))'],
      ['order', 'updated_at.desc.nullslast,id'],
      ['limit', '10'],
      ['offset', '5'],
      ['on_conflict', 'user_id,platform'],
      ['columns', '"a","b"'],
    ]);
    expect(q.select).toEqual([{ type: 'field', name: 'id', alias: null, cast: null }]);
    expect(q.limit).toBe(10);
    expect(q.offset).toBe(5);
    expect(q.onConflict).toEqual(['user_id', 'platform']);
    expect(q.columns).toEqual(['a', 'b']);
    expect(q.order).toEqual([
      { column: 'updated_at', direction: 'desc', nulls: 'last' },
      { column: 'id', direction: null, nulls: null },
    ]);
    expect(q.filters[0]).toMatchObject({ type: 'cond', column: 'user_id', op: 'eq', value: 'u1' });
    expect(q.filters[1]).toEqual({
      type: 'logic',
      op: 'or',
      negate: false,
      children: [
        {
          type: 'cond',
          column: 'status',
          negate: false,
          op: 'eq',
          value: 'draft',
          quantifier: null,
          ftsConfig: null,
        },
        {
          type: 'logic',
          op: 'and',
          negate: false,
          children: [
            {
              type: 'cond',
              column: 'version',
              negate: false,
              op: 'gt',
              value: '2',
              quantifier: null,
              ftsConfig: null,
            },
            {
              type: 'cond',
              column: 'content',
              negate: false,
              op: 'like',
              value: 'a,b',
              quantifier: null,
              ftsConfig: null,
            },
          ],
        },
        {
          type: 'cond',
          column: 'platforms',
          negate: false,
          op: 'cs',
          value: '{x,y}',
          quantifier: null,
          ftsConfig: null,
        },
      ],
    });
    expect(q.filters[2]).toMatchObject({
      type: 'logic',
      op: 'and',
      negate: true,
      children: [
        { column: 'a', op: 'is', value: 'null' },
        { column: 'b', op: 'in', values: ['1', '2'], negate: true },
      ],
    });
  });

  it('keeps unknown keys as rpc arguments when asked to', () => {
    const q = parseQuery(
      [
        ['a', '1'],
        ['b', 'x.y'],
      ],
      { filterKeys: false },
    );
    expect(q.rest).toEqual([
      ['a', '1'],
      ['b', 'x.y'],
    ]);
    expect(q.filters).toEqual([]);
  });

  it('rejects bad limits, orders, embedded filters, repeated parameters and broken logic trees', () => {
    const bad: [string, string][][] = [
      [['limit', 'ten']],
      [['order', 'a;drop table t']],
      [['offset', '1e3']],
      [['order', 'a.sideways']],
      [['order', 'a.asc.desc']],
      [['owner.id', 'eq.1']],
      [
        ['select', 'a'],
        ['select', 'b'],
      ],
      [['or', 'a.eq.1']],
      [['or', '()']],
      [['or', '(a.eq.1']],
      [['and', '(a)']],
      [['or', '(' + 'or('.repeat(40) + 'a.eq.1' + ')'.repeat(40) + ')']],
    ];
    for (const params of bad) {
      const e = parseFails(() => parseQuery(params));
      expect(e.body.code, JSON.stringify(params)).toBe('PGRST100');
    }
    const negative = parseFails(() => parseQuery([['limit', '-1']]));
    expect(negative.status).toBe(416);
    expect(negative.body).toMatchObject({
      code: 'PGRST103',
      details: 'Limit should be greater than or equal to zero.',
    });
  });

  it('refuses match patterns and lists whose cost is unbounded', () => {
    const refused = [
      ['content', 'match.^(.*)(.*)\\2\\1$'],
      ['content', 'imatch.(?=x)'],
      ['content', 'match.a{21}'],
      ['content', 'match.' + 'a'.repeat(201)],
      ['content', 'match(any).{ok,"(a)\\\\1"}'],
      ['content', 'like.' + '%a'.repeat(51)],
      ['id', `in.(${Array.from({ length: 1001 }, (_, i) => i).join(',')})`],
      ['or', `(${Array.from({ length: 3 }, () => 'c.match.((a.*){1,10}){1,10}').join(',')})`],
      ['c', 'fts.' + 'word '.repeat(201)],
    ];
    for (const param of refused) {
      const e = parseFails(() => parseQuery([param as [string, string]]));
      expect(e.body.code, param[1]).toBe('PGRST100');
    }
    for (const ok of ['^(the|a) [[:alpha:]]{1,20}$', '(?:ab)+c*', '[(?=]\\d{4}', '***=(?=']) {
      expect(parseQuery([['content', `match.${ok}`]]).filters).toHaveLength(1);
    }
  });
});

describe('parseOrder', () => {
  it('accepts quoted names', () => {
    expect(parseOrder('"odd.name".desc')).toEqual([
      { column: 'odd.name', direction: 'desc', nulls: null },
    ]);
  });
});

describe('parsePrefer and parseRange', () => {
  it('reads comma-joined preferences and ignores unknown ones', () => {
    expect(
      parsePrefer(
        'resolution=merge-duplicates, return=representation,count=exact, missing=default, tx=commit',
      ),
    ).toEqual({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
      missing: 'default',
    });
    expect(parsePrefer(undefined)).toEqual({
      return: null,
      count: null,
      resolution: null,
      missing: null,
    });
    expect(parsePrefer('return=everything')).toMatchObject({ return: null });
  });

  it('reads item ranges', () => {
    expect(parseRange('0-9', 'items')).toEqual({ offset: 0, limit: 10 });
    expect(parseRange('5-', undefined)).toEqual({ offset: 5, limit: null });
    expect(parseRange('9-2', 'items')).toEqual({ offset: 9, limit: -1 });
    expect(parseRange('bytes=0-1', 'items')).toBeNull();
    expect(parseRange('0-9', 'bytes')).toBeNull();
  });
});
