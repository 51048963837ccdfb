import { describe, expect, it } from 'vitest';
import { parseOrder } from './parse-order.ts';

describe('parseOrder', () => {
  it('accepts quoted names', () => {
    expect(parseOrder('"odd.name".desc')).toEqual([
      { column: 'odd.name', direction: 'desc', nulls: null },
    ]);
  });
});
