import { isIP } from 'node:net';
import type { RateLimit } from '../config.ts';
import { rateLimited } from './errors.ts';

/**
 * Sliding-window counter kept in memory: enough for one embedded server, and it forgets
 * everything on restart, which only ever lets a few extra attempts through.
 */
const MAX_KEYS = 50_000;

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private sweepAt = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = MAX_KEYS,
  ) {}

  /** Milliseconds until `key` may try again, or 0 when it is under the limit. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.max) return 0;
    return recent[recent.length - this.max]! + this.windowMs - this.now();
  }

  record(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    // Only the newest `max` hits can decide a later answer.
    if (recent.length > this.max) recent.splice(0, recent.length - this.max);
    this.hits.set(key, recent);
    this.sweep();
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  get size(): number {
    return this.hits.size;
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.hits.get(key) ?? []).filter((t) => t > since);
  }

  /**
   * Drops keys whose hits have all left the window, at most once per window unless the map grows
   * past its key limit (MAX_KEYS unless told); then the oldest keys go too, so a flood of forged addresses cannot exhaust memory.
   */
  private sweep(): void {
    const now = this.now();
    if (now < this.sweepAt && this.hits.size <= this.maxKeys) return;
    this.sweepAt = now + this.windowMs;
    const since = now - this.windowMs;
    for (const [key, times] of this.hits) {
      if (times.every((t) => t <= since)) this.hits.delete(key);
    }
    for (const key of this.hits.keys()) {
      if (this.hits.size <= this.maxKeys) break;
      this.hits.delete(key);
    }
  }
}

/**
 * The bucket an address counts in: itself for IPv4, its /64 for IPv6, since one subscriber
 * usually holds a whole /64 and could otherwise take a fresh address for every attempt.
 */
export function addressKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export interface AuthRateLimits {
  signIn: RateLimit;
  signUp: RateLimit;
  recover: RateLimit;
  tokenRefresh: RateLimit;
}

/**
 * GoTrue-like limits for the auth routes: sign-in attempts, sign-ups, recovery requests and
 * refresh-token grants per client address, and failed sign-ins per account (a success clears them).
 */
export class AuthLimiters {
  private readonly perAddress: Record<keyof AuthRateLimits, SlidingWindowLimiter>;
  private readonly failuresPerAccount: SlidingWindowLimiter;

  constructor(limits: AuthRateLimits, now: () => number = Date.now) {
    const make = (l: RateLimit) => new SlidingWindowLimiter(l.max, l.windowMs, now);
    this.perAddress = {
      signIn: make(limits.signIn),
      signUp: make(limits.signUp),
      recover: make(limits.recover),
      tokenRefresh: make(limits.tokenRefresh),
    };
    this.failuresPerAccount = make(limits.signIn);
  }

  /** Counts one `kind` request from `address`; throws 429 instead when it is over the limit. */
  hit(kind: keyof AuthRateLimits, address: string): void {
    const limiter = this.perAddress[kind];
    const key = addressKey(address);
    const wait = limiter.retryAfter(key);
    if (wait > 0) throw rateLimited(wait);
    limiter.record(key);
  }

  /** Throws 429 while the account has had too many failed sign-ins. */
  checkAccount(email: string): void {
    const wait = this.failuresPerAccount.retryAfter(email);
    if (wait > 0) throw rateLimited(wait);
  }

  signInFailed(email: string): void {
    this.failuresPerAccount.record(email);
  }

  signInSucceeded(email: string): void {
    this.failuresPerAccount.reset(email);
  }
}
