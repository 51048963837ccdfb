import type { EnvReader } from '../_shared/env.ts';
import { readEnv } from '../_shared/env.ts';
import { json, preflight } from '../_shared/http.ts';
import { adminClient } from '../_shared/supabase-admin.ts';

/**
 * Liveness of the functions runtime, and when each background worker (the publisher, notice
 * delivery) last ran: a worker that stopped shows here instead of posts silently staying queued.
 */
export async function handler(req: Request, env: EnvReader = readEnv): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'GET' && req.method !== 'POST') {
    return json({ error: 'Method not allowed' }, 405);
  }
  return json({ status: 'ok', time: new Date().toISOString(), workers: await workers(env) });
}

/** worker_status() read with the service role; null when there is none or it cannot be read. */
async function workers(env: EnvReader): Promise<unknown> {
  if (!env('SUPABASE_SERVICE_ROLE_KEY') || !env('SUPABASE_URL')) return null;
  try {
    const { data, error } = await adminClient(env).rpc('worker_status');
    if (error) return null;
    return data ?? {};
  } catch {
    return null;
  }
}
