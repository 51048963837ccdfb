import { readEnv, type EnvReader } from '../_shared/env.ts';
import { json, preflight } from '../_shared/http.ts';
import { RECONNECT_MESSAGE, metricsSettings, runCollector } from '../_shared/metrics/run.ts';
import { recordHeartbeat } from '../_shared/publish/heartbeat.ts';
import { isServiceRole } from '../_shared/service-role.ts';
import { adminClient, requireUser } from '../_shared/supabase-admin.ts';

// The metrics collector on demand: pg_cron calls it every hour on hosted Supabase with the service
// role (20261126000400_cron_jobs.sql); a signed-in user calls it to refresh their own numbers.
// docs/analytics.md, "Collector".

const MAX_LIMIT = 500;
/** A user may refresh an account once a minute. */
const USER_REFRESH_MS = 60_000;
const TOO_SOON = { error: 'Numbers were collected less than a minute ago. Try again in a moment.' };
const NO_ACCOUNT = { error: 'No such account.' };
const BAD_BODY = { error: 'The request body must be a JSON object' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function readBody(req: Request): Promise<Record<string, unknown> | null> {
  const raw = await req.text();
  if (!raw.trim()) return {};
  try {
    const body: unknown = JSON.parse(raw);
    return body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** An account's analytics state as the user sees it, when the collector did not take it. */
async function accountState(admin: ReturnType<typeof adminClient>, id: string) {
  const [{ data: acc }, { data: stats }] = await Promise.all([
    admin
      .from('social_media_accounts')
      .select('id, platform, account_name, connection_status')
      .eq('id', id)
      .maybeSingle(),
    admin
      .from('analytics_accounts')
      .select('status, message, collected_at')
      .eq('id', id)
      .maybeSingle(),
  ]);
  if (!acc) return null;
  const reconnect = acc.connection_status === 'reconnect_needed';
  return {
    id: acc.id as string,
    platform: acc.platform as string,
    account_name: acc.account_name as string,
    status: reconnect
      ? 'reconnect_needed'
      : ((stats?.status as string | undefined) ?? 'unavailable'),
    message: reconnect
      ? RECONNECT_MESSAGE
      : ((stats?.message as string | null | undefined) ??
        'Postbloom does not collect numbers for this account.'),
    collected_at: (stats?.collected_at as string | null | undefined) ?? null,
  };
}

export async function handler(req: Request, env: EnvReader = readEnv): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return json({ error: 'Method not allowed' }, 405);
  const service = await isServiceRole(req, env);
  const user = service ? null : await requireUser(req, env);
  if (user instanceof Response) return user;

  const body = await readBody(req);
  if (!body) return json(BAD_BODY, 400);
  const admin = adminClient(env);

  if (service) {
    let limit: number | undefined;
    if (body.limit !== undefined) {
      const l = body.limit;
      if (typeof l !== 'number' || !Number.isInteger(l) || l < 1 || l > MAX_LIMIT) {
        return json({ error: `limit must be a whole number from 1 to ${MAX_LIMIT}` }, 400);
      }
      limit = l;
    }
    const started = new Date();
    try {
      const result = await runCollector({ admin, env, limit });
      const { accounts, ...counts } = result;
      await recordHeartbeat(admin, 'metrics', started, new Date(), {
        accounts: accounts.length,
        ...counts,
      }).catch((e) => console.error(`metrics: ${(e as Error).message}`));
      return json({ accounts: accounts.length, ...counts });
    } catch (e) {
      const message = (e as Error).message;
      console.error(`metrics run failed: ${message}`);
      await recordHeartbeat(admin, 'metrics', started, new Date(), { error: message }).catch(
        () => undefined,
      );
      return json({ error: 'The metrics collector could not run. Please try again.' }, 500);
    }
  }

  const accountId = body.account_id;
  if (accountId !== undefined && (typeof accountId !== 'string' || !UUID.test(accountId))) {
    return json({ error: 'account_id must be an account id' }, 400);
  }
  const userId = user!.id;
  try {
    if (accountId !== undefined) {
      const { data, error } = await admin
        .from('social_media_accounts')
        .select('id')
        .eq('id', accountId)
        .eq('user_id', userId)
        .maybeSingle();
      if (error) throw new Error(`reading the account failed (${error.code ?? 'no code'})`);
      if (!data) return json(NO_ACCOUNT, 404);
    }
    const result = await runCollector({
      admin,
      env,
      userId,
      accountId,
      limit: MAX_LIMIT,
      dueMs: USER_REFRESH_MS,
      postDays: metricsSettings(env).postDays,
    });
    if (result.accounts.length === 0) {
      // Nothing was due: refused when that is because of a collection within the last minute.
      let recent = admin
        .from('analytics_accounts')
        .select('id')
        .eq('user_id', userId)
        .gt('attempted_at', new Date(Date.now() - USER_REFRESH_MS).toISOString())
        .limit(1);
      if (accountId !== undefined) recent = recent.eq('id', accountId);
      const { data } = await recent;
      if (data && data.length > 0) return json(TOO_SOON, 429);
      if (accountId !== undefined) {
        // Not collected (it needs reconnecting, or is not one Postbloom reads): say how it stands.
        const state = await accountState(admin, accountId);
        return json({ accounts: state ? [state] : [], requests: 0 });
      }
    }
    return json({
      accounts: result.accounts.map(
        ({ id, platform, account_name, status, message, collected_at }) => ({
          id,
          platform,
          account_name,
          status,
          message,
          collected_at,
        }),
      ),
      requests: result.requests,
    });
  } catch (e) {
    console.error(`metrics refresh failed: ${(e as Error).message}`);
    return json({ error: 'The numbers could not be collected. Please try again.' }, 500);
  }
}
