export interface BackoffOptions {
  baseMs: number;
  capMs: number;
  /** A number in [0, 1); injectable so tests are deterministic. */
  random?: () => number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, capMs: 60_000 };

/**
 * "Full jitter": a uniformly random wait in [0, min(cap, base·2^attempt)), so many clients that
 * failed together do not come back together. `attempt` counts failures in a row, from 0.
 */
export function backoffDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const { baseMs, capMs, random = Math.random } = options;
  const exponent = Math.min(Math.max(0, Math.floor(attempt)), 30);
  const ceiling = Math.min(capMs, baseMs * 2 ** exponent);
  return Math.floor(random() * ceiling);
}
