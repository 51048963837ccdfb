import type { OutboxEntry } from '../db';
import { newChangeSet } from './change-set';
import { classifyFailure, classifyRejection, type SyncFailure } from './classify';
import { moveFollowersToCopy, rebaseFollowers } from './coalesce';
import { unresolvedEntries } from './outbox';
import { storeMovedCopy, storeServerRow } from './pull';
import { MAX_REPLAY_AGE_MS, REPLAY_EXPIRED } from './replay';
import type { SyncContext } from './sync-context';
import { toSyncFailure, type PushMutation, type PushResult } from './transport';

export interface PushSettings {
  /** Mutations per push request. */
  batchSize: number;
  /** Rough JSON size budget per push request. */
  maxBatchBytes: number;
  /** How long a claimed entry belongs to its push before another tab may take it. */
  leaseMs: number;
}

export interface PushState {
  /** Shrinks when a whole request is refused, so one bad entry ends up alone and parked. */
  batchLimit: number;
}

/** Marks the next entries to send as in flight (one per row) and returns them, in seq order. */
export async function claimBatch(
  ctx: SyncContext,
  settings: PushSettings,
  state: PushState,
): Promise<OutboxEntry[]> {
  const { db } = ctx;
  const now = ctx.now();
  // The lease value doubles as the claim's token: a result is applied only while it still holds.
  const lease = now + settings.leaseMs + Math.random();
  return db.transaction('rw', db.outbox, async () => {
    const [pending, inflight] = await Promise.all([
      db.outbox.where('[userId+state]').equals([ctx.userId, 'pending']).toArray(),
      db.outbox.where('[userId+state]').equals([ctx.userId, 'inflight']).toArray(),
    ]);
    const candidates = [...pending, ...inflight].sort((a, b) => a.seq! - b.seq!);
    const seenRows = new Set<string>();
    const picked: OutboxEntry[] = [];
    const expired: OutboxEntry[] = [];
    let bytes = 0;
    for (const e of candidates) {
      if (
        e.firstSentAt !== undefined &&
        now - e.firstSentAt > MAX_REPLAY_AGE_MS &&
        !(e.state === 'inflight' && e.leaseUntil > now)
      ) {
        expired.push({
          ...e,
          state: 'parked',
          leaseUntil: 0,
          error: {
            kind: 'rejected',
            code: REPLAY_EXPIRED,
            status: 0,
            message: 'Sent over 30 days ago without an answer: the server may already have it.',
          },
        });
        continue;
      }
      const key = `${e.entity}\u0000${e.entityId}`;
      // One entry per row per request: a later write of a row waits for the earlier one's outcome.
      if (seenRows.has(key)) continue;
      seenRows.add(key);
      if (e.state === 'inflight' && e.leaseUntil > now) continue;
      if (!ctx.entities.includes(e.entity)) continue;
      const size = 200 + (e.data ? JSON.stringify(e.data).length : 0);
      if (
        picked.length > 0 &&
        (picked.length >= state.batchLimit || bytes + size > settings.maxBatchBytes)
      )
        break;
      bytes += size;
      picked.push({
        ...e,
        state: 'inflight',
        leaseUntil: lease,
        attempts: e.attempts + 1,
        firstSentAt: e.firstSentAt ?? now,
      });
    }
    await db.outbox.bulkPut([...expired, ...picked]);
    return picked;
  });
}

/** Sends one claimed batch and applies the answers. Returns false when the engine has to back off. */
export async function pushBatch(
  ctx: SyncContext,
  settings: PushSettings,
  state: PushState,
  batch: OutboxEntry[],
): Promise<boolean> {
  const mutations: PushMutation[] = batch.map((e) => ({
    mutation_id: e.mutationId,
    entity: e.entity,
    op: e.op,
    id: e.entityId,
    base_version: e.baseVersion,
    data: e.data,
  }));
  let results: PushResult[];
  try {
    results = await ctx.transport.push(mutations);
  } catch (error) {
    const failure = toSyncFailure(error);
    const kind = classifyFailure(failure);
    if (kind === 'park' && batch.length > 1) {
      // The request as a whole was refused (too large, one malformed entry…): split it until
      // the culprit is alone, so only that one is parked.
      await release(ctx, batch);
      state.batchLimit = Math.max(1, Math.floor(batch.length / 2));
      return true;
    }
    if (kind === 'park') {
      await park(ctx, batch[0]!, failure);
      return true;
    }
    await release(ctx, batch);
    if (kind === 'auth' && (await ctx.transport.refreshSession().catch(() => false))) {
      // Retry right away with the new token, but only once per failure streak.
      if (ctx.retryAfterRefresh()) return true;
    }
    ctx.fail(failure, kind);
    return false;
  }
  state.batchLimit = Math.min(settings.batchSize, state.batchLimit * 2);
  return applyPushResults(ctx, batch, results);
}

async function applyPushResults(
  ctx: SyncContext,
  batch: OutboxEntry[],
  results: PushResult[],
): Promise<boolean> {
  const { db } = ctx;
  const byMutation = new Map(results.map((r) => [r.mutation_id, r]));
  const changes = newChangeSet();
  let transient: SyncFailure | null = null;
  const tables = ctx.registry.tables(db);
  await db.transaction('rw', [db.outbox, ...tables], async () => {
    for (const claimed of batch) {
      const current = await db.outbox.get(claimed.seq!);
      if (!current || current.state !== 'inflight' || current.leaseUntil !== claimed.leaseUntil)
        continue;
      const result = byMutation.get(claimed.mutationId);
      if (!result) {
        await db.outbox.update(claimed.seq!, { state: 'pending', leaseUntil: 0 });
        transient ??= {
          status: 0,
          code: '',
          message: 'The server did not answer every mutation',
        };
        continue;
      }
      if (result.status === 'rejected') {
        const code = result.error?.code ?? 'unknown';
        const failure: SyncFailure = {
          status: 200,
          code,
          message: result.error?.message ?? 'Rejected by the server',
        };
        if (classifyRejection(code) === 'retry') {
          await db.outbox.update(claimed.seq!, { state: 'pending', leaseUntil: 0 });
          transient ??= failure;
        } else {
          await db.outbox.update(claimed.seq!, {
            state: 'parked',
            leaseUntil: 0,
            error: { kind: 'rejected', ...failure },
          });
        }
        continue;
      }
      await db.outbox.delete(claimed.seq!);
      const outcome = result.status === 'duplicate' ? (result.outcome ?? 'applied') : result.status;
      let followers = await unresolvedEntries(db, claimed.entity, claimed.entityId);
      if (outcome === 'applied') {
        const rebased = rebaseFollowers(followers, claimed, result.version ?? null);
        if (rebased.length > 0) await db.outbox.bulkPut(rebased);
      }
      const moved =
        outcome === 'conflict' && result.copy
          ? moveFollowersToCopy(followers, claimed, result.copy)
          : [];
      if (moved.length > 0) {
        // The edits made after the conflicting one continue the user's text, which now lives in
        // the copy: they go there, so the server's row stays and no second copy is made.
        await db.outbox.bulkPut(moved);
        await storeMovedCopy(ctx, claimed.entity, result.copy!, moved.at(-1)!, changes);
        followers = await unresolvedEntries(db, claimed.entity, claimed.entityId);
      } else if (result.copy) {
        await storeServerRow(ctx, claimed.entity, result.copy, changes);
      }
      if (followers.length === 0 && result.row)
        await storeServerRow(ctx, claimed.entity, result.row, changes);
    }
  });
  ctx.emitChanges(changes);
  if (transient) {
    ctx.fail(transient, 'retry');
    return false;
  }
  return true;
}

/** Claimed entries go back to pending (while this claim still holds them). */
async function release(ctx: SyncContext, batch: OutboxEntry[]): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', db.outbox, async () => {
    for (const claimed of batch) {
      const current = await db.outbox.get(claimed.seq!);
      if (current && current.state === 'inflight' && current.leaseUntil === claimed.leaseUntil) {
        await db.outbox.update(claimed.seq!, { state: 'pending', leaseUntil: 0 });
      }
    }
  });
}

async function park(ctx: SyncContext, claimed: OutboxEntry, failure: SyncFailure): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', db.outbox, async () => {
    const current = await db.outbox.get(claimed.seq!);
    if (current && current.state === 'inflight' && current.leaseUntil === claimed.leaseUntil) {
      await db.outbox.update(claimed.seq!, {
        state: 'parked',
        leaseUntil: 0,
        error: { kind: 'rejected', ...failure },
      });
    }
  });
}

/** Entries left in flight go back to pending: all of them (lock holder) or expired leases. */
export async function recoverInflight(ctx: SyncContext, all: boolean): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  await db.transaction('rw', db.outbox, async () => {
    const inflight = await db.outbox
      .where('[userId+state]')
      .equals([ctx.userId, 'inflight'])
      .toArray();
    for (const e of inflight) {
      if (all || e.leaseUntil <= now)
        await db.outbox.update(e.seq!, { state: 'pending', leaseUntil: 0 });
    }
  });
}
