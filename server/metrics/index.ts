import type { ServerContext } from '../context.ts';
import { functionEnv } from '../functions.ts';
import { formatInterval } from '../publisher/index.ts';
import { runCollector } from '../../supabase/functions/_shared/metrics/run.ts';
import { recordHeartbeat } from '../../supabase/functions/_shared/publish/heartbeat.ts';
import { adminClient } from '../../supabase/functions/_shared/supabase-admin.ts';

export interface MetricsSettings {
  /** METRICS_INTERVAL_MS: time between collections (also when an account is due); 0: off. */
  intervalMs: number;
  /** METRICS_BATCH_SIZE: accounts collected per tick. */
  batchSize: number;
  /** METRICS_POST_DAYS: posts published within this many days have their numbers read. */
  postDays: number;
}

export const METRICS_DEFAULTS: MetricsSettings = {
  intervalMs: 21_600_000,
  batchSize: 50,
  postDays: 90,
};

/** The first collection waits this long, so it does not compete with the server's start. */
const FIRST_TICK_MS = 5_000;

export interface MetricsTimer {
  /** Collects the due accounts now (after any running tick). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The embedded server's metrics collector: runCollector with the server's own service role (the
 * code the hosted function runs), shortly after start and then every interval. Each run is
 * recorded with worker_heartbeat ('metrics'); a failed tick is logged and the timer goes on.
 */
export function startMetrics(ctx: ServerContext, settings: MetricsSettings): MetricsTimer {
  const env = functionEnv(ctx);
  const admin = adminClient(env);
  const controller = new AbortController();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> = Promise.resolve();

  async function once(): Promise<void> {
    if (stopped) return;
    const started = new Date();
    try {
      const { accounts, ...counts } = await runCollector({
        admin,
        env,
        limit: settings.batchSize,
        dueMs: settings.intervalMs > 0 ? settings.intervalMs : METRICS_DEFAULTS.intervalMs,
        postDays: settings.postDays,
        signal: controller.signal,
      });
      if (stopped) return;
      await recordHeartbeat(admin, 'metrics', started, new Date(), {
        accounts: accounts.length,
        ...counts,
      });
    } catch (e) {
      if (stopped) return;
      const message = (e as Error).message;
      console.error(`metrics tick failed: ${message}`);
      await recordHeartbeat(admin, 'metrics', started, new Date(), { error: message }).catch(
        () => undefined,
      );
    }
  }

  const tick = (): Promise<void> => {
    running = running.then(once, once);
    return running;
  };

  const schedule = (delayMs: number) => {
    if (stopped || settings.intervalMs <= 0) return;
    timer = setTimeout(() => {
      timer = null;
      void tick().finally(() => schedule(settings.intervalMs));
    }, delayMs);
    timer.unref?.();
  };

  if (settings.intervalMs > 0) {
    console.log(`metrics collector runs every ${formatDuration(settings.intervalMs)}`);
    schedule(Math.min(FIRST_TICK_MS, settings.intervalMs));
  }

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      controller.abort();
      await running.catch(() => undefined);
    },
  };
}

/** 21600000 → "6 h", 90000 → "90 s" (whole hours and minutes read better in the log). */
export function formatDuration(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0 && ms >= 600_000) return `${ms / 60_000} min`;
  return formatInterval(ms);
}
