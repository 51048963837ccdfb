import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay (full jitter)', () => {
  it('spans [0, base·2^attempt) and stops growing at the cap', () => {
    const opts = { baseMs: 100, capMs: 5_000 };
    expect(backoffDelay(0, { ...opts, random: () => 0 })).toBe(0);
    expect(backoffDelay(0, { ...opts, random: () => 0.999999 })).toBe(99);
    expect(backoffDelay(3, { ...opts, random: () => 0.5 })).toBe(400);
    expect(backoffDelay(10, { ...opts, random: () => 0.5 })).toBe(2_500);
    expect(backoffDelay(1_000, { ...opts, random: () => 0.999999 })).toBe(4_999);
  });

  it('is always a whole number of ms inside the window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 600_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, baseMs, capMs, r) => {
          const d = backoffDelay(attempt, { baseMs, capMs, random: () => r });
          const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 30));
          return Number.isInteger(d) && d >= 0 && d < Math.max(ceiling, 1);
        },
      ),
    );
  });

  it('spreads clients out: the default random gives different waits', () => {
    const waits = new Set(Array.from({ length: 50 }, () => backoffDelay(6)));
    expect(waits.size).toBeGreaterThan(40);
  });
});
