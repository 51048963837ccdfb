import { describe, expect, it } from 'vitest';
import { parseSelect } from './parse-select.ts';
import { parseFails } from '../../tests/support/rest-parse.ts';

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
