import { describe, expect, it } from 'vitest';
import { parseQuery } from './parse-query.ts';
import { parseFails } from '../../tests/support/rest-parse.ts';

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
