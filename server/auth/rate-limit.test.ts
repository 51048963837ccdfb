import { describe, expect, it } from 'vitest';
import { AuthError } from './errors.ts';
import { AuthLimiters, addressKey, SlidingWindowLimiter } from './rate-limit.ts';

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

describe('addressKey', () => {
  it('keeps IPv4 addresses and puts an IPv6 address in its /64', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::7')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('AuthLimiters', () => {
  const limits = (max: number) => {
    let now = 1_000_000;
    const l = new AuthLimiters(
      {
        signIn: { max, windowMs: 60_000 },
        signUp: { max, windowMs: 60_000 },
        recover: { max, windowMs: 60_000 },
        tokenRefresh: { max, windowMs: 60_000 },
      },
      () => now,
    );
    return { l, advance: (ms: number) => (now += ms) };
  };
  const status = (f: () => void) => {
    try {
      f();
      return 200;
    } catch (e) {
      return (e as AuthError).status;
    }
  };

  it('counts each kind apart, per address, an IPv6 /64 as one address', () => {
    const { l, advance } = limits(2);
    for (let i = 0; i < 2; i++)
      expect(status(() => l.hit('signUp', `2001:db8::${i + 1}`))).toBe(200);
    expect(status(() => l.hit('signUp', '2001:db8::99'))).toBe(429);
    expect(status(() => l.hit('signUp', '2001:db8:0:1::1'))).toBe(200);
    expect(status(() => l.hit('signIn', '2001:db8::1'))).toBe(200);
    expect(status(() => l.hit('recover', '2001:db8::1'))).toBe(200);
    advance(60_000);
    expect(status(() => l.hit('signUp', '2001:db8::1'))).toBe(200);
  });

  it('throttles an account on failures only, and a success clears them', () => {
    const { l } = limits(2);
    l.signInFailed('a@example.com');
    l.signInSucceeded('a@example.com');
    l.signInFailed('a@example.com');
    expect(status(() => l.checkAccount('a@example.com'))).toBe(200);
    l.signInFailed('a@example.com');
    expect(status(() => l.checkAccount('a@example.com'))).toBe(429);
    expect(status(() => l.checkAccount('b@example.com'))).toBe(200);
  });
});
