import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from './rate-limit.ts';

function limiter(max: number, windowMs: number) {
  let now = 1_000_000;
  const l = new SlidingWindowLimiter(max, windowMs, () => now);
  return { l, advance: (ms: number) => (now += ms) };
}

describe('SlidingWindowLimiter', () => {
  it('allows max hits per key, then says how long to wait', () => {
    const { l, advance } = limiter(3, 60_000);
    for (let i = 0; i < 3; i++) {
      expect(l.retryAfter('ip')).toBe(0);
      l.record('ip');
      advance(1_000);
    }
    // Oldest hit was 3 s ago; it leaves the window in 57 s.
    expect(l.retryAfter('ip')).toBe(57_000);
    expect(l.retryAfter('other')).toBe(0);
  });

  it('lets a key through again once its oldest hit leaves the window', () => {
    const { l, advance } = limiter(2, 10_000);
    l.record('k');
    advance(4_000);
    l.record('k');
    expect(l.retryAfter('k')).toBe(6_000);
    advance(6_000);
    expect(l.retryAfter('k')).toBe(0);
    l.record('k');
    expect(l.retryAfter('k')).toBe(4_000);
  });

  it('forgets a key on reset and drops keys that went quiet', () => {
    const { l, advance } = limiter(1, 1_000);
    l.record('a');
    expect(l.retryAfter('a')).toBeGreaterThan(0);
    l.reset('a');
    expect(l.retryAfter('a')).toBe(0);
    l.record('b');
    l.record('c');
    expect(l.size).toBe(2);
    advance(5_000);
    l.record('d');
    expect(l.size).toBe(1);
  });
});
