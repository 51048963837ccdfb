import { describe, expect, it } from 'vitest';
import { parsePrefer, parseRange } from './parse-headers.ts';

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
