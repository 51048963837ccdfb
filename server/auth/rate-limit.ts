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
   * past MAX_KEYS; then the oldest keys go too, so a flood of forged addresses cannot exhaust memory.
   */
  private sweep(): void {
    const now = this.now();
    if (now < this.sweepAt && this.hits.size <= MAX_KEYS) return;
    this.sweepAt = now + this.windowMs;
    const since = now - this.windowMs;
    for (const [key, times] of this.hits) {
      if (times.every((t) => t <= since)) this.hits.delete(key);
    }
    for (const key of this.hits.keys()) {
      if (this.hits.size <= MAX_KEYS) break;
      this.hits.delete(key);
    }
  }
}
