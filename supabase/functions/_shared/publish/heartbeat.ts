import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * Records a worker's run (worker_heartbeat), so GET /functions/v1/health shows when each worker
 * last ran and what came of it. `result` holds counts or an error's kind, never content or tokens.
 */
export async function recordHeartbeat(
  admin: SupabaseClient,
  worker: string,
  startedAt: Date,
  finishedAt: Date,
  result: Record<string, unknown>,
): Promise<void> {
  const { error } = await admin.rpc('worker_heartbeat', {
    p_worker: worker,
    p_started_at: startedAt.toISOString(),
    p_finished_at: finishedAt.toISOString(),
    p_result: result,
  });
  if (error) throw new Error(`recording the ${worker} run failed (${error.code ?? 'no code'})`);
}
