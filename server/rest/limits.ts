import { poolTimeout, RestError } from './errors.ts';

/** Per-request bounds of the data API; `server/config.ts` reads them from the environment. */
export interface RestLimits {
  /** statement_timeout of an anon request, in ms (Supabase: 3 s); 0 turns it off. */
  anonStatementTimeoutMs: number;
  /** statement_timeout of an authenticated or service_role request, in ms (Supabase: 8 s). */
  authenticatedStatementTimeoutMs: number;
  /** Requests of one user (or one anonymous IP) that reach the database at once. */
  perUserConcurrency: number;
  /** Requests of one user that may wait behind those; more are refused with 429. */
  perUserQueue: number;
  /** How long a request waits for its turn before 504 PGRST003. */
  queueTimeoutMs: number;
}

export const DEFAULT_REST_LIMITS: RestLimits = {
  anonStatementTimeoutMs: 3000,
  authenticatedStatementTimeoutMs: 8000,
  perUserConcurrency: 4,
  perUserQueue: 64,
  queueTimeoutMs: 10_000,
};

interface Waiter {
  resolve(): void;
  reject(e: Error): void;
  timer: NodeJS.Timeout;
}

interface Lane {
  running: number;
  waiting: Waiter[];
}

/**
 * Caps the requests one caller has at the database at once and queues the rest, so a caller
 * firing many slow requests holds at most `perUserConcurrency` pooled connections (PostgreSQL)
 * or places in PGlite's queue, and everybody else's request still gets its turn.
 */
export class CallerLimiter {
  private readonly lanes = new Map<string, Lane>();

  constructor(
    private readonly limits: Pick<
      RestLimits,
      'perUserConcurrency' | 'perUserQueue' | 'queueTimeoutMs'
    >,
  ) {}

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    await this.acquire(key);
    try {
      return await fn();
    } finally {
      this.release(key);
    }
  }

  private acquire(key: string): Promise<void> {
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      this.lanes.set(key, lane);
    }
    if (lane.running < this.limits.perUserConcurrency) {
      lane.running++;
      return Promise.resolve();
    }
    if (lane.waiting.length >= this.limits.perUserQueue) {
      return Promise.reject(
        new RestError(
          429,
          '53300',
          'Too many requests in flight for this user',
          `At most ${this.limits.perUserConcurrency} requests of one user run at once and ${this.limits.perUserQueue} wait; this one was refused.`,
          'Wait for earlier requests to finish, then retry.',
          { 'Retry-After': '1' },
        ),
      );
    }
    const current = lane;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          const at = current.waiting.indexOf(waiter);
          if (at !== -1) current.waiting.splice(at, 1);
          reject(poolTimeout());
        }, this.limits.queueTimeoutMs),
      };
      current.waiting.push(waiter);
    });
  }

  private release(key: string): void {
    const lane = this.lanes.get(key);
    if (!lane) return;
    const next = lane.waiting.shift();
    if (next) {
      // The slot passes straight to the next waiter: `running` stays the same.
      clearTimeout(next.timer);
      next.resolve();
      return;
    }
    lane.running--;
    if (lane.running === 0) this.lanes.delete(key);
  }
}
