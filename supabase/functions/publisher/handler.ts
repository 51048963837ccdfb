import { readEnv, type EnvReader } from '../_shared/env.ts';
import { json, preflight } from '../_shared/http.ts';
import { recordHeartbeat } from '../_shared/publish/heartbeat.ts';
import {
  publishBatchSize,
  runPublisher,
  type PublisherDeps,
  type PublisherResult,
} from '../_shared/publish/run.ts';
import { isServiceRole } from '../_shared/service-role.ts';
import { adminClient } from '../_shared/supabase-admin.ts';

// One publisher tick on demand: pg_cron calls it every minute on hosted Supabase
// (20261126000400_cron_jobs.sql). docs/publishing.md, "Publisher".

const DENIED = { error: 'The publisher needs the service role.' };
const MAX_LIMIT = 500;

/** A run stops claiming more after this long: pg_cron calls again the next minute. */
const DRAIN_BUDGET_MS = 40_000;

/** runPublisher again while it claims full batches (a minute's posts all go in this run). */
async function drain(deps: PublisherDeps): Promise<PublisherResult> {
  const batch = deps.limit ?? publishBatchSize(deps.env);
  const started = Date.now();
  const total = await runPublisher(deps);
  let last = total.claimed;
  while (last >= batch && Date.now() - started < DRAIN_BUDGET_MS) {
    const more = await runPublisher(deps);
    total.claimed += more.claimed;
    total.published += more.published;
    total.failed += more.failed;
    total.needs_attention += more.needs_attention;
    total.retried += more.retried;
    total.reminders += more.reminders;
    last = more.claimed;
  }
  return total;
}

export async function handler(req: Request, env: EnvReader = readEnv): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return json({ error: 'Method not allowed' }, 405);
  if (!(await isServiceRole(req, env))) return json(DENIED, 401);

  let limit: number | undefined;
  const raw = await req.text();
  if (raw.trim()) {
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return json({ error: 'The request body must be a JSON object' }, 400);
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return json({ error: 'The request body must be a JSON object' }, 400);
    }
    const l = (body as { limit?: unknown }).limit;
    if (l !== undefined) {
      if (typeof l !== 'number' || !Number.isInteger(l) || l < 1 || l > MAX_LIMIT) {
        return json({ error: `limit must be a whole number from 1 to ${MAX_LIMIT}` }, 400);
      }
      limit = l;
    }
  }

  const admin = adminClient(env);
  const started = new Date();
  try {
    const result = await drain({ admin, env, limit });
    await recordHeartbeat(admin, 'publisher', started, new Date(), { ...result }).catch((e) =>
      console.error(`publisher: ${(e as Error).message}`),
    );
    return json(result);
  } catch (e) {
    const message = (e as Error).message;
    console.error(`publisher tick failed: ${message}`);
    await recordHeartbeat(admin, 'publisher', started, new Date(), { error: message }).catch(
      () => undefined,
    );
    return json({ error: 'The publisher could not run. Please try again.' }, 500);
  }
}
