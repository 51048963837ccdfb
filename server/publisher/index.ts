import type { ServerContext } from '../context.ts';
import { functionEnv } from '../functions.ts';
import { dispatchNotices } from '../notify/dispatch.ts';
import { recordHeartbeat } from '../../supabase/functions/_shared/publish/heartbeat.ts';
import { runPublisher } from '../../supabase/functions/_shared/publish/run.ts';
import { adminClient } from '../../supabase/functions/_shared/supabase-admin.ts';

export interface PublisherSettings {
  /** PUBLISH_INTERVAL_MS: time between ticks; 0 turns the publisher off. */
  intervalMs: number;
  /** PUBLISH_STUCK_AFTER_MS: when a target left publishing is taken over and reconciled. */
  stuckAfterMs: number;
  /** PUBLISH_BATCH_SIZE: targets claimed per tick. */
  batchSize: number;
}

export const PUBLISHER_DEFAULTS: PublisherSettings = {
  intervalMs: 15_000,
  stuckAfterMs: 300_000,
  batchSize: 50,
};

export interface PublisherTimer {
  /** Runs one tick now (after any running one); what the timer does every interval. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export const formatInterval = (ms: number): string =>
  ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;

/**
 * The embedded server's publisher: every interval one runPublisher tick with the server's own
 * service role (the same code the hosted function runs), then delivery of the notices it wrote.
 * Each run is recorded with worker_heartbeat; a failed tick is logged and the timer goes on.
 * Stopping aborts a running tick as a crash would (its targets are reconciled by a later claim).
 */
export function startPublisher(ctx: ServerContext, settings: PublisherSettings): PublisherTimer {
  const env = functionEnv(ctx);
  const admin = adminClient(env);
  const controller = new AbortController();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> = Promise.resolve();

  async function once(): Promise<void> {
    const started = new Date();
    try {
      const result = await runPublisher({
        admin,
        env,
        limit: settings.batchSize,
        stuckAfterMs: settings.stuckAfterMs,
        signal: controller.signal,
      });
      if (result.stopped) return;
      await recordHeartbeat(admin, 'publisher', started, new Date(), { ...result });
    } catch (e) {
      if (stopped) return;
      const message = (e as Error).message;
      console.error(`publisher tick failed: ${message}`);
      await recordHeartbeat(admin, 'publisher', started, new Date(), { error: message }).catch(
        () => undefined,
      );
    }
    if (stopped) return;
    const dispatchStarted = new Date();
    try {
      const result = await dispatchNotices(ctx);
      await recordHeartbeat(admin, 'notify-dispatch', dispatchStarted, new Date(), { ...result });
    } catch (e) {
      if (stopped) return;
      const code = (e as { code?: unknown }).code;
      console.error(
        `notice delivery failed${typeof code === 'string' ? ` (${code})` : ''}: ${(e as Error).message}`,
      );
    }
  }

  const tick = (): Promise<void> => {
    running = running.then(once, once);
    return running;
  };

  const schedule = () => {
    if (stopped || settings.intervalMs <= 0) return;
    timer = setTimeout(() => {
      timer = null;
      void tick().finally(schedule);
    }, settings.intervalMs);
    timer.unref?.();
  };

  if (settings.intervalMs > 0) {
    console.log(`publisher runs every ${formatInterval(settings.intervalMs)}`);
    schedule();
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
