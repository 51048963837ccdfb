import type { ServerContext } from '../context.ts';
import { functionEnv } from '../functions.ts';
import { dispatchNotices } from '../notify/dispatch.ts';
import { recordHeartbeat } from '../../supabase/functions/_shared/publish/heartbeat.ts';
import {
  runPublisher,
  type PublisherResult,
} from '../../supabase/functions/_shared/publish/run.ts';
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

/** Full batches claimed back to back in one tick, at most (then the next tick goes on). */
const MAX_DRAIN_ROUNDS = 20;
/** The shortest sleep between looks. */
const MIN_WAKE_MS = 50;
/** How often the timer looks for a due target between ticks. */
const POLL_MS = 1000;
const COUNTS = [
  'claimed',
  'published',
  'failed',
  'needs_attention',
  'retried',
  'reminders',
] as const satisfies readonly (keyof PublisherResult)[];

export const formatInterval = (ms: number): string =>
  ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;

/**
 * The embedded server's publisher: runPublisher with the server's own service role (the same code
 * the hosted function runs), again at once while it claims full batches, then delivery of the
 * notices it wrote. It looks every second for a target that has fallen due, and ticks at least
 * every interval.
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
  let lastClaimed = 0;
  let lastTickAt = 0;

  /** runPublisher until a claim comes back short: a full batch means more may be due now. */
  async function drain(): Promise<PublisherResult | null> {
    const total: PublisherResult = {
      claimed: 0,
      published: 0,
      failed: 0,
      needs_attention: 0,
      retried: 0,
      reminders: 0,
    };
    for (let round = 0; round < MAX_DRAIN_ROUNDS; round++) {
      const result = await runPublisher({
        admin,
        env,
        limit: settings.batchSize,
        stuckAfterMs: settings.stuckAfterMs,
        signal: controller.signal,
      });
      if (result.stopped) return null;
      for (const key of COUNTS) total[key] += result[key];
      if (result.claimed < settings.batchSize || stopped) break;
    }
    return total;
  }

  async function once(): Promise<void> {
    const started = new Date();
    lastClaimed = 0;
    try {
      const result = await drain();
      if (!result) return;
      lastClaimed = result.claimed;
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

  /**
   * Milliseconds until the next target falls due (negative: due already), or null when nothing
   * waits. One indexed query, cheap enough to ask every second.
   */
  async function nextDueMs(): Promise<number | null> {
    const { rows } = await ctx.db.query<{ ms: number | string | null }>(
      `select extract(epoch from (least(
                (select min(coalesce(t.next_attempt_at, t.due_at)) from public.publish_targets t
                  where t.status = 'scheduled'),
                (select min(t.claimed_at) + $1 * interval '1 millisecond'
                   from public.publish_targets t where t.status = 'publishing'))
              - pg_catalog.now())) * 1000 as ms`,
      [settings.stuckAfterMs],
    );
    const raw = rows[0]?.ms;
    return raw === null || raw === undefined ? null : Number(raw);
  }

  const tick = (): Promise<void> => {
    lastTickAt = Date.now();
    running = running.then(once, once);
    return running;
  };

  /**
   * One look: tick when a target is due or the interval has passed since the last tick, and
   * answer how long to sleep. A post due at 9:00:00 (or published now) goes within a second, not
   * up to an interval later; with nothing due the timer still ticks every interval.
   */
  async function step(): Promise<number> {
    const poll = Math.min(POLL_MS, settings.intervalMs);
    let due: number | null = null;
    try {
      due = await nextDueMs();
    } catch {
      // The tick below reports a database that cannot be reached.
    }
    const idle = Date.now() - lastTickAt;
    if ((due !== null && due <= 0) || idle >= settings.intervalMs) {
      await tick();
      // Something went out: look again at once (retries, the next minute's posts).
      return lastClaimed > 0 ? MIN_WAKE_MS : poll;
    }
    const untilInterval = settings.intervalMs - idle;
    return Math.max(MIN_WAKE_MS, Math.min(poll, untilInterval, due ?? Infinity));
  }

  const schedule = (delayMs: number) => {
    if (stopped || settings.intervalMs <= 0) return;
    timer = setTimeout(() => {
      timer = null;
      void step().then(schedule, () => schedule(settings.intervalMs));
    }, delayMs);
    timer.unref?.();
  };

  if (settings.intervalMs > 0) {
    console.log(`publisher runs every ${formatInterval(settings.intervalMs)}`);
    schedule(0);
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
