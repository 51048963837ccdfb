import type { SupabaseClient } from '@supabase/supabase-js';
import type { EnvReader } from '../env.ts';
import { platformTimeoutMs } from '../platform-fetch.ts';
import { socialEndpoints } from '../social-env.ts';
import { readAccountTokens } from '../tokens.ts';
import { collectPage, type PostRow, type PostTarget } from './facebook.ts';
import { appLimited, type GraphSession } from './graph.ts';

/**
 * One collection: claim the accounts due (the database stamps attempted_at as it hands them out,
 * so two runs at once never take the same account), read each one's numbers from its platform and
 * store them. docs/analytics.md, "Collector".
 */

export const LINKEDIN_UNAVAILABLE =
  'LinkedIn shares no post numbers with apps that may only post (w_member_social), so Postbloom shows none for this account rather than guess.';
export const RATE_LIMITED_MESSAGE =
  'Facebook asked Postbloom to slow down, so these numbers will update later.';
export const ERROR_MESSAGE =
  'Facebook could not be reached, so these are the numbers of the last collection. Postbloom will try again on its next run.';
export const DENIED_MESSAGE =
  "Facebook refused to share this Page's numbers: a permission is missing. Reconnecting the Page grants it again.";
export const RECONNECT_MESSAGE =
  'Reconnect Facebook to see new numbers: the connection expired or was revoked.';
export const partialMessage = (metrics: string[]) =>
  `Facebook no longer provides some numbers (${metrics.join(', ')}), so they are left out.`;

export const METRICS_DEFAULT_INTERVAL_MS = 21_600_000;
export const METRICS_DEFAULT_BATCH = 50;
export const METRICS_DEFAULT_POST_DAYS = 90;
/** Accounts collected side by side (each waits on its platform, not on this machine). */
const PARALLEL = 4;

export type AccountStatus =
  'ok' | 'partial' | 'unavailable' | 'rate_limited' | 'reconnect_needed' | 'error';

export interface CollectorDeps {
  /** A service-role client. */
  admin: SupabaseClient;
  env: EnvReader;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Accounts claimed at most (METRICS_BATCH_SIZE). */
  limit?: number;
  /** An account is due when its last try is older than this (METRICS_INTERVAL_MS). */
  dueMs?: number;
  /** Posts published within this many days are read (METRICS_POST_DAYS). */
  postDays?: number;
  /** Only this user's accounts (a user's refresh). */
  userId?: string;
  /** Only this account. */
  accountId?: string;
  signal?: AbortSignal;
}

export interface CollectedAccount {
  id: string;
  platform: string;
  account_name: string;
  status: AccountStatus;
  message: string | null;
  collected_at: string | null;
  /** Platform requests made for this account. */
  requests: number;
}

export interface CollectorResult {
  accounts: CollectedAccount[];
  /** Platform requests made in this run. */
  requests: number;
  ok: number;
  partial: number;
  unavailable: number;
  rate_limited: number;
  reconnect_needed: number;
  error: number;
}

interface Claimed {
  id: string;
  user_id: string;
  platform: string;
  platform_account_id: string;
  account_name: string;
  last_day: string | null;
}

const positive = (raw: string | undefined, fallback: number) => {
  const n = Number(raw);
  return raw !== undefined && raw !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
};

/** The settings from the environment (the hosted function's; the embedded timer passes its own). */
export function metricsSettings(env: EnvReader) {
  return {
    dueMs: positive(env('METRICS_INTERVAL_MS'), METRICS_DEFAULT_INTERVAL_MS),
    limit: Math.max(1, positive(env('METRICS_BATCH_SIZE'), METRICS_DEFAULT_BATCH)),
    postDays: Math.max(1, positive(env('METRICS_POST_DAYS'), METRICS_DEFAULT_POST_DAYS)),
  };
}

async function rpc<T>(
  admin: SupabaseClient,
  fn: string,
  args: Record<string, unknown>,
): Promise<T> {
  const { data, error } = await admin.rpc(fn, args);
  if (error) throw new Error(`${fn} failed (${error.code ?? 'no code'}): ${error.message}`);
  return data as T;
}

/** Published targets of the account with a remote id, newest first, within the post window. */
async function publishedTargets(
  deps: CollectorDeps,
  accountId: string,
  since: Date,
  withRemoteId: boolean,
): Promise<PostTarget[]> {
  let query = deps.admin
    .from('publish_targets')
    .select('id, remote_id')
    .eq('account_id', accountId)
    .eq('status', 'published')
    .gte('published_at', since.toISOString())
    .order('published_at', { ascending: false })
    .limit(1000);
  if (withRemoteId) query = query.not('remote_id', 'is', null);
  const { data, error } = await query;
  if (error) throw new Error(`reading the published posts failed (${error.code ?? 'no code'})`);
  return (data ?? []) as PostTarget[];
}

export async function runCollector(deps: CollectorDeps): Promise<CollectorResult> {
  const settings = metricsSettings(deps.env);
  const now = deps.now ?? (() => new Date());
  const claimed = await rpc<Claimed[]>(deps.admin, 'metrics_claim_accounts', {
    p_limit: deps.limit ?? settings.limit,
    p_due_seconds: Math.floor((deps.dueMs ?? settings.dueMs) / 1000),
    p_user: deps.userId ?? null,
    p_account: deps.accountId ?? null,
  });
  const result: CollectorResult = {
    accounts: [],
    requests: 0,
    ok: 0,
    partial: 0,
    unavailable: 0,
    rate_limited: 0,
    reconnect_needed: 0,
    error: 0,
  };
  // X-App-Usage counts for the whole app: each user connects with their own app, so a user
  // whose app is near its limit is skipped for the rest of the run (a Page's own limit stops
  // that Page only).
  const throttledUsers = new Set<string>();
  // One user's accounts one after another (they share the app's budget), users side by side.
  const byUser = new Map<string, Claimed[]>();
  for (const acc of claimed) byUser.set(acc.user_id, [...(byUser.get(acc.user_id) ?? []), acc]);
  const queue = [...byUser.values()];
  const worker = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      for (const acc of group) {
        if (deps.signal?.aborted) return;
        const done = await collectAccount(deps, acc, now(), settings.postDays, throttledUsers);
        result.accounts.push(done);
        result.requests += done.requests;
        result[done.status]++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
  result.accounts.sort((a, b) => a.id.localeCompare(b.id));
  return result;
}

async function collectAccount(
  deps: CollectorDeps,
  acc: Claimed,
  now: Date,
  postDays: number,
  throttledUsers: Set<string>,
): Promise<CollectedAccount> {
  const postsSince = new Date(now.getTime() - (deps.postDays ?? postDays) * 86_400_000);
  const done = (
    status: AccountStatus,
    message: string | null,
    collected: boolean,
    requests: number,
  ): CollectedAccount => ({
    id: acc.id,
    platform: acc.platform,
    account_name: acc.account_name,
    status,
    message,
    collected_at: collected ? now.toISOString() : null,
    requests,
  });
  const save = async (r: CollectedAccount, extra: Record<string, unknown> = {}) => {
    await rpc(deps.admin, 'metrics_save_account', {
      p_account: acc.id,
      p_result: {
        status: r.status,
        message: r.message,
        collected: r.collected_at !== null,
        ...extra,
      },
    });
    if (r.collected_at === null) {
      // A failed run keeps the last good collection's time: read it back for the answer.
      const { data } = await deps.admin
        .from('analytics_accounts')
        .select('collected_at')
        .eq('id', acc.id)
        .maybeSingle();
      const at = data?.collected_at as string | null | undefined;
      r.collected_at = at ? new Date(at).toISOString() : null;
    }
    return r;
  };

  try {
    if (acc.platform === 'linkedin') {
      const targets = await publishedTargets(deps, acc.id, postsSince, false);
      if (targets.length > 0) {
        await rpc(deps.admin, 'metrics_save_posts', {
          p_rows: targets.map((t) => ({ id: t.id, status: 'unavailable' })),
        });
      }
      return await save(done('unavailable', LINKEDIN_UNAVAILABLE, false, 0));
    }

    const token = await readAccountTokens(deps.admin, deps.env, acc.id)
      .then((t) => t?.accessToken ?? null)
      .catch((e: Error) => {
        if (/does not open|Not a sealed secret/.test(e.message)) return null;
        throw e;
      });
    if (!token) {
      await rpc(deps.admin, 'publisher_reconnect_needed', { p_account: acc.id, p_reason: '' });
      return await save(done('reconnect_needed', RECONNECT_MESSAGE, false, 0));
    }
    if (throttledUsers.has(acc.user_id)) {
      return await save(done('rate_limited', RATE_LIMITED_MESSAGE, false, 0));
    }

    const endpoints = socialEndpoints(deps.env);
    const session: GraphSession = {
      graphUrl: endpoints.facebookGraphUrl,
      version: endpoints.facebookGraphVersion,
      token,
      send: {
        fetch: deps.fetch ?? fetch,
        timeoutMs: platformTimeoutMs(deps.env),
        signal: deps.signal,
      },
      requests: 0,
      usage: null,
      appUsage: null,
    };
    const posts = await publishedTargets(deps, acc.id, postsSince, true);
    const page = await collectPage(session, acc.platform_account_id, {
      lastDay: acc.last_day,
      now,
      posts,
    });
    const stop = page.stop?.kind;
    if (appLimited(session, page.stop)) throttledUsers.add(acc.user_id);

    if (stop === 'reconnect') {
      await rpc(deps.admin, 'publisher_reconnect_needed', { p_account: acc.id, p_reason: '' });
      return await save(done('reconnect_needed', RECONNECT_MESSAGE, false, session.requests));
    }
    if (stop && stop !== 'rate_limited') {
      // Keep what was stored before: the next run tries again.
      console.error(
        `metrics: account ${acc.id} (facebook): ${page.stop!.code ?? 'no code'} ${page.stop!.message}`,
      );
      const message = stop === 'denied' ? DENIED_MESSAGE : ERROR_MESSAGE;
      return await save(done('error', message, false, session.requests));
    }

    // What was read is stored, also when usage cut the run short.
    if (page.daily.length > 0) {
      await rpc(deps.admin, 'metrics_save_daily', { p_account: acc.id, p_rows: page.daily });
    }
    if (page.posts.length > 0) {
      await rpc(deps.admin, 'metrics_save_posts', { p_rows: page.posts satisfies PostRow[] });
    }
    const unavailable = [...new Set(page.unavailable)];
    const extra: Record<string, unknown> = { followers: page.followers };
    if (stop === 'rate_limited') {
      return await save(done('rate_limited', RATE_LIMITED_MESSAGE, false, session.requests), extra);
    }
    extra.unavailable_metrics = unavailable;
    return await save(
      unavailable.length > 0
        ? done('partial', partialMessage(unavailable), true, session.requests)
        : done('ok', null, true, session.requests),
      extra,
    );
  } catch (e) {
    if ((e as Error).name === 'PublisherStopped') throw e;
    console.error(`metrics: account ${acc.id} (${acc.platform}): ${(e as Error).message}`);
    return await save(done('error', ERROR_MESSAGE, false, 0)).catch(() =>
      done('error', ERROR_MESSAGE, false, 0),
    );
  }
}
