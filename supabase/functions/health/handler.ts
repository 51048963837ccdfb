import type { EnvReader } from '../_shared/env.ts';
import { readEnv } from '../_shared/env.ts';
import { json, preflight } from '../_shared/http.ts';

/** Liveness of the functions runtime: answers who is calling and when. */
export async function handler(req: Request, _env: EnvReader = readEnv): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'GET' && req.method !== 'POST') {
    return json({ error: 'Method not allowed' }, 405);
  }
  return json({ status: 'ok', time: new Date().toISOString() });
}
