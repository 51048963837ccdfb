import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerContext } from '../context.ts';
import { formatDuration, startMetrics } from './index.ts';

// The embedded collector's timer: what it logs, and that 0 turns it off. What a tick collects is
// tested against the real server in tests/api/metrics-collector.test.ts.

const ctx = {
  apiUrl: 'http://127.0.0.1:9',
  selfUrl: 'http://127.0.0.1:9',
  keys: { anonKey: 'anon', serviceRoleKey: 'service', socialSecretsKey: 'k', jwtSecret: 's' },
  config: {},
} as unknown as ServerContext;

afterEach(() => vi.restoreAllMocks());

describe('the metrics timer', () => {
  it('logs its interval in hours and ticks only when on', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const on = startMetrics(ctx, { intervalMs: 21_600_000, batchSize: 50, postDays: 90 });
    await on.stop();
    expect(log).toHaveBeenCalledWith('metrics collector runs every 6 h');

    log.mockClear();
    const off = startMetrics(ctx, { intervalMs: 0, batchSize: 50, postDays: 90 });
    await off.stop();
    expect(log).not.toHaveBeenCalled();
  });

  it('formats intervals', () => {
    expect(formatDuration(21_600_000)).toBe('6 h');
    expect(formatDuration(1_800_000)).toBe('30 min');
    expect(formatDuration(90_000)).toBe('90 s');
    expect(formatDuration(1500)).toBe('1500 ms');
  });
});
