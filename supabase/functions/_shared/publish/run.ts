import type { SupabaseClient } from '@supabase/supabase-js';
import type { EnvReader } from '../env.ts';
import { platformTimeoutMs } from '../platform-fetch.ts';
import { socialEndpoints, type SocialEndpoints } from '../social-env.ts';
import { readAccountTokens } from '../tokens.ts';
import {
  PLATFORM_NAMES,
  backoffMs,
  classifyFacebookPublish,
  classifyLinkedInPublish,
  classifyNetworkError,
  linkedinPermalink,
  type PublishPlatform,
  type Verdict,
} from './classify.ts';
import { findPost, publishToPage, recentPagePosts, type GraphTarget } from './facebook-publish.ts';
import { PublisherStopped, type SendOptions } from './http.ts';
import { publishToLinkedIn } from './linkedin-publish.ts';

/**
 * One publisher tick: claim what is due (the database decides who gets a target, so two ticks at
 * once never share one), publish each claimed target, and finish it through publisher_finish with
 * its attempt id. A create whose outcome is unknown is never sent again: the Page is searched for
 * it, or the user is asked to check. docs/publishing.md, "Publisher".
 */

export interface PublisherDeps {
  /** A service-role client. */
  admin: SupabaseClient;
  env: EnvReader;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Targets claimed at most (PUBLISH_BATCH_SIZE, default 50). */
  limit?: number;
  /** How long a target may stay publishing before a claim takes it over (PUBLISH_STUCK_AFTER_MS). */
  stuckAfterMs?: number;
  /** Aborting stops as a crash would: in-flight targets stay publishing, nothing is finished. */
  signal?: AbortSignal;
  /** Jitter of retry times (tests make it fixed). */
  random?: () => number;
}

export interface PublisherResult {
  claimed: number;
  published: number;
  failed: number;
  needs_attention: number;
  retried: number;
  reminders: number;
  /** Set when deps.signal ended the run early. */
  stopped?: true;
}

export interface ClaimedTarget {
  id: string;
  attempt_id: string;
  user_id: string;
  post_id: string;
  platform: string;
  account_id: string | null;
  platform_account_id: string | null;
  account_name: string | null;
  content: string;
  attempts: number;
  outcome_unknown: boolean;
  resend_confirmed: boolean;
  claimed_at: string;
  due_at: string;
}

type Outcome =
  | { status: 'published'; remote_id: string; permalink: string }
  | { status: 'failed'; error_code: string; error_message: string }
  | { status: 'needs_attention'; error_code: string; error_message: string }
  | { status: 'retry'; retry_at: string; error_code: string; error_message: string };

export const MAX_ATTEMPTS = 5;
export const DEFAULT_BATCH_SIZE = 50;
export const DEFAULT_STUCK_AFTER_MS = 300_000;
/** A post found on the Page counts when made at most this long before the claim. */
const RECONCILE_SLACK_MS = 10 * 60_000;
/** Targets published at once within one tick. */
const CONCURRENCY = 4;

/** PUBLISH_BATCH_SIZE: targets one tick claims (1–500, default 50). */
export function publishBatchSize(env: EnvReader): number {
  const n = Number(env('PUBLISH_BATCH_SIZE'));
  return Number.isInteger(n) && n >= 1 && n <= 500 ? n : DEFAULT_BATCH_SIZE;
}

/** PUBLISH_STUCK_AFTER_MS: when a target left publishing is taken over (default 5 minutes). */
export function publishStuckAfterMs(env: EnvReader): number {
  const n = Number(env('PUBLISH_STUCK_AFTER_MS'));
  return Number.isInteger(n) && n >= 1000 && n <= 86_400_000 ? n : DEFAULT_STUCK_AFTER_MS;
}

interface Run {
  deps: PublisherDeps;
  endpoints: SocialEndpoints;
  send: SendOptions;
  now: () => Date;
  result: PublisherResult;
  /** Accounts found reconnect-needed in this tick: their other targets are not sent. */
  dead: Set<string>;
}

export async function runPublisher(deps: PublisherDeps): Promise<PublisherResult> {
  const result: PublisherResult = {
    claimed: 0,
    published: 0,
    failed: 0,
    needs_attention: 0,
    retried: 0,
    reminders: 0,
  };
  if (deps.signal?.aborted) return { ...result, stopped: true };
  const limit = deps.limit ?? publishBatchSize(deps.env);
  const stuckMs = deps.stuckAfterMs ?? publishStuckAfterMs(deps.env);
  const claimStarted = new Date().toISOString();
  const { data, error } = await deps.admin.rpc('publisher_claim', {
    p_attempt: crypto.randomUUID(),
    p_limit: limit,
    p_stuck_seconds: Math.max(1, Math.round(stuckMs / 1000)),
  });
  if (error) throw new Error(`claiming due targets failed (${error.code ?? 'no code'})`);
  const { targets, reminders } = parseClaim(data);
  result.claimed = targets.length;
  result.reminders = reminders || (await countReminders(deps.admin, claimStarted));
  const run: Run = {
    deps,
    endpoints: socialEndpoints(deps.env),
    send: {
      fetch: deps.fetch ?? fetch,
      timeoutMs: platformTimeoutMs(deps.env),
      signal: deps.signal,
    },
    now: deps.now ?? (() => new Date()),
    result,
    dead: new Set(),
  };

  // One account's targets go one after another: a dead token or a rate limit found on the first
  // is known before the next is sent. Different accounts go side by side.
  const groups = new Map<string, ClaimedTarget[]>();
  for (const t of targets) {
    const key = t.account_id ?? `target:${t.id}`;
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  const queue = [...groups.values()];
  const worker = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      for (const t of group) {
        if (deps.signal?.aborted) return;
        try {
          await publishTarget(run, t);
        } catch (e) {
          if (e instanceof PublisherStopped || deps.signal?.aborted) return;
          // Left publishing: the stuck claim reconciles it later. Never log content or tokens.
          console.error(
            `publisher: target ${t.id} (${t.platform}) failed: ${(e as Error).message}`,
          );
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  if (deps.signal?.aborted) result.stopped = true;
  return result;
}

/** publisher_claim answers the claimed targets (an array, or {targets, reminders}). */
function parseClaim(data: unknown): { targets: ClaimedTarget[]; reminders: number } {
  if (Array.isArray(data)) return { targets: data as ClaimedTarget[], reminders: 0 };
  if (data && typeof data === 'object') {
    const d = data as { targets?: unknown; reminders?: unknown };
    return {
      targets: Array.isArray(d.targets) ? (d.targets as ClaimedTarget[]) : [],
      reminders: typeof d.reminders === 'number' ? d.reminders : 0,
    };
  }
  return { targets: [], reminders: 0 };
}

/**
 * The claim turns due manual targets into reminders without returning them: count the reminder
 * notices written since just before it (a tick running at the same moment may be counted too).
 */
async function countReminders(admin: SupabaseClient, since: string): Promise<number> {
  const { count, error } = await admin
    .from('user_notifications')
    .select('id', { count: 'exact', head: true })
    .eq('kind', 'reminder')
    .gte('created_at', since);
  return error ? 0 : (count ?? 0);
}

async function publishTarget(run: Run, t: ClaimedTarget): Promise<void> {
  const platform = t.platform;
  if (platform !== 'facebook' && platform !== 'linkedin') {
    await finish(run, t, {
      status: 'failed',
      error_code: 'unsupported',
      error_message: 'Postbloom cannot publish to this platform yet.',
    });
    return;
  }
  const name = PLATFORM_NAMES[platform];
  if (!t.account_id || !t.platform_account_id || run.dead.has(t.account_id)) {
    await cannotSend(run, t, name);
    return;
  }
  let token: string | null = null;
  try {
    token =
      (await readAccountTokens(run.deps.admin, run.deps.env, t.account_id))?.accessToken ?? null;
  } catch (e) {
    // A token that no longer opens (the key changed) is as good as none.
    if (/does not open|Not a sealed secret/.test((e as Error).message)) {
      token = null;
    } else if (t.outcome_unknown) {
      throw e; // left publishing: a later claim reconciles it
    } else {
      // Our own failure before anything was sent: try again later.
      console.error(`publisher: target ${t.id} (${platform}): ${(e as Error).message}`);
      await apply(run, t, platform, {
        kind: 'retry',
        code: 'internal',
        message: 'Postbloom could not read the connection. It will try again.',
        delayMs: null,
      });
      return;
    }
  }
  if (!token) {
    await markReconnect(run, t, name);
    return;
  }
  const verdict =
    platform === 'facebook'
      ? await facebookVerdict(run, t, token)
      : await linkedinVerdict(run, t, token);
  await apply(run, t, platform, verdict);
}

type Final = Verdict | { kind: 'needs_attention'; code: string; message: string };

async function facebookVerdict(run: Run, t: ClaimedTarget, token: string): Promise<Final> {
  const target: GraphTarget = {
    graphUrl: run.endpoints.facebookGraphUrl,
    version: run.endpoints.facebookGraphVersion,
    pageId: t.platform_account_id!,
    pageToken: token,
  };
  if (t.outcome_unknown) return reconcileFacebook(run, t, target, 'outcome_unknown');
  let verdict: Verdict;
  try {
    verdict = classifyFacebookPublish(await publishToPage(target, t.content, run.send), [token]);
  } catch (e) {
    if (e instanceof PublisherStopped) throw e;
    verdict = classifyNetworkError(e, 'facebook');
  }
  if (verdict.kind === 'unknown') return reconcileFacebook(run, t, target, 'outcome_unknown');
  if (verdict.kind === 'duplicate') return reconcileFacebook(run, t, target, 'duplicate');
  return verdict;
}

/**
 * Looks for the post among the Page's newest: found → published. Not found after an unknown
 * outcome → the user checks (needs attention); after a duplicate refusal → failed, since Facebook
 * said no to this one.
 */
async function reconcileFacebook(
  run: Run,
  t: ClaimedTarget,
  target: GraphTarget,
  why: 'outcome_unknown' | 'duplicate',
): Promise<Final> {
  let listing;
  try {
    listing = await recentPagePosts(target, run.send);
  } catch (e) {
    if (e instanceof PublisherStopped) throw e;
    listing = null;
  }
  if (listing && !listing.ok && listing.verdict.kind === 'reconnect') {
    // The post may be out, but nothing can be checked without a token: the user checks.
    await reconnectAccount(run, t, 'Facebook');
    return needsAttention('Facebook', t, why);
  }
  if (listing?.ok) {
    const since = Math.min(Date.parse(t.claimed_at), Date.parse(t.due_at)) - RECONCILE_SLACK_MS;
    // The same text published on purpose by another target (twice in ten minutes) is that
    // target's post, not this one's.
    const taken = await remoteIdsOfOthers(run.deps.admin, t, listing.posts);
    if (!taken) return needsAttention('Facebook', t, why);
    const found = findPost(listing.posts, t.content, since, taken);
    if (found) return { kind: 'published', remoteId: found.id, permalink: found.permalink };
    if (why === 'duplicate') {
      return {
        kind: 'failed',
        code: 'duplicate',
        message: 'Facebook refused this post as a repeat of one already on the Page.',
      };
    }
  }
  return needsAttention('Facebook', t, why);
}

/**
 * The listed posts that other targets of the same Page already recorded as theirs; null when that
 * cannot be read.
 */
async function remoteIdsOfOthers(
  admin: SupabaseClient,
  t: ClaimedTarget,
  posts: { id: string }[],
): Promise<Set<string> | null> {
  if (posts.length === 0 || !t.account_id) return new Set();
  const { data, error } = await admin
    .from('publish_targets')
    .select('remote_id')
    .in(
      'remote_id',
      posts.map((p) => p.id),
    )
    .eq('account_id', t.account_id)
    .neq('id', t.id);
  if (error) return null;
  return new Set((data ?? []).map((row) => String((row as { remote_id: unknown }).remote_id)));
}

function needsAttention(
  name: string,
  t: ClaimedTarget,
  why: string,
): Extract<Final, { kind: 'needs_attention' }> {
  return {
    kind: 'needs_attention',
    code: why,
    message: `We could not tell whether your post reached ${t.account_name ?? name} on ${name}. Check it before posting again.`,
  };
}

async function linkedinVerdict(run: Run, t: ClaimedTarget, token: string): Promise<Final> {
  // LinkedIn cannot list a member's posts: a lost answer can only be checked by the user.
  if (t.outcome_unknown) return needsAttention('LinkedIn', t, 'outcome_unknown');
  let verdict: Verdict;
  try {
    const answer = await publishToLinkedIn(
      {
        apiUrl: run.endpoints.linkedinApiUrl,
        version: run.endpoints.linkedinVersion,
        author: t.platform_account_id!,
        accessToken: token,
      },
      t.content,
      run.send,
    );
    verdict = classifyLinkedInPublish(answer, [token]);
  } catch (e) {
    if (e instanceof PublisherStopped) throw e;
    verdict = classifyNetworkError(e, 'linkedin');
  }
  if (verdict.kind === 'unknown') return needsAttention('LinkedIn', t, 'outcome_unknown');
  if (verdict.kind === 'duplicate') {
    // The user said "publish again" after being asked to check: a duplicate means it is out.
    if (t.resend_confirmed && verdict.remoteId) {
      return {
        kind: 'published',
        remoteId: verdict.remoteId,
        permalink: linkedinPermalink(verdict.remoteId),
      };
    }
    return {
      kind: 'needs_attention',
      code: 'duplicate',
      message: verdict.remoteId
        ? `LinkedIn says this text is already posted: ${linkedinPermalink(verdict.remoteId)}`
        : 'LinkedIn says this text is already posted.',
    };
  }
  return verdict;
}

function reconnectOutcome(name: string): Extract<Outcome, { status: 'failed' }> {
  return {
    status: 'failed',
    error_code: 'reconnect_needed',
    error_message: `Reconnect ${name}: the connection expired or was revoked.`,
  };
}

async function reconnectAccount(run: Run, t: ClaimedTarget, name: string): Promise<void> {
  if (!t.account_id || run.dead.has(t.account_id)) return;
  run.dead.add(t.account_id);
  const { data, error } = await run.deps.admin.rpc('publisher_reconnect_needed', {
    p_account: t.account_id,
    p_reason: reconnectOutcome(name).error_message,
  });
  if (error)
    throw new Error(`marking the account reconnect-needed failed (${error.code ?? 'no code'})`);
  if (typeof data === 'number') run.result.failed += data;
}

/**
 * The target's account cannot be used (gone, or its token dead). A claim taken over from a
 * publisher that died mid-send may already be out, and nobody but the user can look for it now:
 * it is put to them, never called a plain failure. Any other target fails, asking for a reconnect.
 */
async function cannotSend(run: Run, t: ClaimedTarget, name: string): Promise<void> {
  if (!t.outcome_unknown) {
    await finish(run, t, reconnectOutcome(name));
    return;
  }
  const { code, message } = needsAttention(name, t, 'outcome_unknown');
  await finish(run, t, { status: 'needs_attention', error_code: code, error_message: message });
}

async function markReconnect(run: Run, t: ClaimedTarget, name: string): Promise<void> {
  await reconnectAccount(run, t, name);
  await cannotSend(run, t, name);
}

async function apply(
  run: Run,
  t: ClaimedTarget,
  platform: PublishPlatform,
  v: Final,
): Promise<void> {
  const name = PLATFORM_NAMES[platform];
  switch (v.kind) {
    case 'published':
      await finish(run, t, { status: 'published', remote_id: v.remoteId, permalink: v.permalink });
      return;
    case 'reconnect':
      await markReconnect(run, t, name);
      return;
    case 'retry': {
      if (t.attempts >= MAX_ATTEMPTS) {
        await finish(run, t, {
          status: 'failed',
          error_code: v.code,
          error_message:
            v.code === 'rate_limited'
              ? `${name} refused too many times (rate limit): ${v.message}`
              : v.code === 'unreachable'
                ? `${name} could not be reached after ${t.attempts} attempts.`
                : v.message,
        });
        return;
      }
      const delay = backoffMs(t.attempts, v.delayMs, run.deps.random);
      await finish(run, t, {
        status: 'retry',
        retry_at: new Date(run.now().getTime() + delay).toISOString(),
        error_code: v.code,
        error_message: v.message,
      });
      return;
    }
    case 'needs_attention':
      await finish(run, t, {
        status: 'needs_attention',
        error_code: v.code,
        error_message: v.message,
      });
      return;
    case 'failed':
      await finish(run, t, { status: 'failed', error_code: v.code, error_message: v.message });
      return;
    case 'unknown':
    case 'duplicate':
      // The platform verdicts above turn these into one of the others; never a re-send.
      await finish(run, t, {
        status: 'needs_attention',
        error_code: v.code,
        error_message: v.message,
      });
  }
}

async function finish(run: Run, t: ClaimedTarget, outcome: Outcome): Promise<void> {
  // A stop is a crash: whatever was learnt is dropped, the stuck claim reconciles it.
  if (run.deps.signal?.aborted) throw new PublisherStopped();
  const { data, error } = await run.deps.admin.rpc('publisher_finish', {
    p_target: t.id,
    p_attempt: t.attempt_id,
    p_outcome: outcome,
  });
  if (error) throw new Error(`finishing the target failed (${error.code ?? 'no code'})`);
  if (data !== true) return; // another claim owns it now
  const r = run.result;
  if (outcome.status === 'published') r.published++;
  else if (outcome.status === 'failed') r.failed++;
  else if (outcome.status === 'needs_attention') r.needs_attention++;
  else r.retried++;
}
