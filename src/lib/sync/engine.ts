import type { AppDb, OutboxEntry } from '../db';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import { classifyFailure, classifyRejection, type FailureKind, type SyncFailure } from './classify';
import { moveFollowersToCopy, rebaseFollowers } from './coalesce';
import { MAX_REPLAY_AGE_MS, REPLAY_EXPIRED } from './replay';
import { entityTables, syncEntity, syncEntityNames, type ServerRow } from './entities';
import {
  discardParked,
  readOutboxCounts,
  retryParked,
  unresolvedEntries,
  type LocalRow,
  type ParkedEntry,
} from './outbox';
import {
  toSyncFailure,
  type PullCursor,
  type PullPage,
  type PushMutation,
  type PushResult,
  type SyncTransport,
} from './transport';

export const SYNC_LOCK_NAME = 'postbloom-sync';

export interface SyncEngineStatus {
  /** This tab runs the loop (holds the sync lock). */
  leader: boolean;
  online: boolean;
  syncing: boolean;
  /** Entries still to push (pending or in flight). */
  waiting: number;
  parked: ParkedEntry[];
  lastSyncedAt: number | null;
  lastError: (SyncFailure & { kind: FailureKind }) | null;
  nextRetryAt: number | null;
}

/** Local rows the engine changed, for the in-memory slices. */
export interface SyncChange {
  entity: string;
  upserted: LocalRow[];
  removed: string[];
}

export interface LockManagerLike {
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: () => Promise<void>,
  ): Promise<unknown>;
}

export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export interface SyncEngineOptions {
  db: AppDb;
  transport: SyncTransport;
  userId: string;
  entities?: string[];
  /** Mutations per push request. */
  batchSize?: number;
  /** Rough JSON size budget per push request (the API refuses bodies over 1 MiB). */
  maxBatchBytes?: number;
  /** How long a claimed entry belongs to its push before another tab may take it. */
  leaseMs?: number;
  backoff?: BackoffOptions;
  now?: () => number;
  pullPageSize?: number;
  /** A quiet leader looks at the outbox this often anyway (writes from a tab that lost a message). */
  pollMs?: number;
  online?: boolean;
  /** Pull on the first pass (sign-in); off only where a caller pulls itself. */
  pullOnStart?: boolean;
  /** Defaults to navigator.locks when the browser has it; null runs without a lock. */
  locks?: LockManagerLike | null;
  /** Defaults to a BroadcastChannel when available; null disables cross-tab messages. */
  channel?: ChannelLike | null;
  onChange?: (change: SyncChange) => void;
  onStatus?: (status: SyncEngineStatus) => void;
}

type RunResult = 'idle' | 'backoff' | 'offline' | 'stopped';

type ChannelMessage =
  | { type: 'kick' }
  | { type: 'pull' }
  | { type: 'changed'; entity: string; ids: string[]; removed: string[] };

interface ChangeSet {
  upserted: Map<string, Map<string, LocalRow>>;
  removed: Map<string, Set<string>>;
}

function newChangeSet(): ChangeSet {
  return { upserted: new Map(), removed: new Map() };
}

function noteUpsert(changes: ChangeSet, entity: string, row: LocalRow): void {
  changes.removed.get(entity)?.delete(row.id);
  let m = changes.upserted.get(entity);
  if (!m) changes.upserted.set(entity, (m = new Map()));
  m.set(row.id, row);
}

function noteRemove(changes: ChangeSet, entity: string, id: string): void {
  changes.upserted.get(entity)?.delete(id);
  let s = changes.removed.get(entity);
  if (!s) changes.removed.set(entity, (s = new Set()));
  s.add(id);
}

function defaultLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks ?? null;
}

function defaultChannel(userId: string): ChannelLike | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  return new BroadcastChannel(`postbloom-sync:${userId}`) as unknown as ChannelLike;
}

/**
 * Drains one user's outbox to the server and pulls the server's changes into the local tables.
 * One tab at a time runs the loop (Web Lock); the others only write to the outbox and follow.
 */
export class SyncEngine {
  readonly userId: string;
  private readonly db: AppDb;
  private readonly transport: SyncTransport;
  private readonly entities: string[];
  private readonly batchSize: number;
  private readonly maxBatchBytes: number;
  private readonly leaseMs: number;
  private readonly backoff: BackoffOptions;
  private readonly now: () => number;
  private readonly pullPageSize: number;
  private readonly pollMs: number;
  private readonly locks: LockManagerLike | null;
  private readonly channel: ChannelLike | null;
  private readonly onChange: (change: SyncChange) => void;
  private readonly onStatus: (status: SyncEngineStatus) => void;

  private online: boolean;
  private leader = false;
  private syncing = false;
  private started = false;
  private stopped = false;
  private failures = 0;
  private nextAttemptAt = 0;
  private lastError: SyncEngineStatus['lastError'] = null;
  private lastSyncedAt: number | null = null;
  private pullRequested = true;
  /** Shrinks when a whole request is refused, so one bad entry ends up alone and parked. */
  private batchLimit: number;
  private wakeRequested = false;
  private wakeUp: (() => void) | null = null;
  private abort: AbortController | null = null;
  private loopDone: Promise<unknown> = Promise.resolve();
  private statusSerial = 0;

  constructor(options: SyncEngineOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.userId = options.userId;
    this.entities = options.entities ?? syncEntityNames();
    this.batchSize = options.batchSize ?? 100;
    this.maxBatchBytes = options.maxBatchBytes ?? 256 * 1024;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.now = options.now ?? Date.now;
    this.pullPageSize = options.pullPageSize ?? 500;
    this.pollMs = options.pollMs ?? 60_000;
    this.online = options.online ?? true;
    this.pullRequested = options.pullOnStart ?? true;
    this.locks = options.locks === undefined ? defaultLocks() : options.locks;
    this.channel = options.channel === undefined ? defaultChannel(options.userId) : options.channel;
    this.onChange = options.onChange ?? (() => undefined);
    this.onStatus = options.onStatus ?? (() => undefined);
    this.batchLimit = this.batchSize;
  }

  // ---- lifecycle ----------------------------------------------------------------------------

  /** Starts the loop in the background: at once, or when this tab gets the sync lock. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.abort = new AbortController();
    this.channel?.addEventListener(
      'message',
      (event) => void this.onChannelMessage(event.data as ChannelMessage),
    );
    void this.publishStatus();
    const lead = async () => {
      if (this.stopped) return;
      this.leader = true;
      // Holding the lock, nobody else can be pushing: entries a closed tab left in flight go back.
      await this.recoverInflight(true);
      await this.publishStatus();
      try {
        await this.loop();
      } finally {
        this.leader = false;
      }
    };
    this.loopDone = this.locks
      ? this.locks
          .request(SYNC_LOCK_NAME, { signal: this.abort.signal }, lead)
          .catch(() => undefined)
      : lead();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort?.abort();
    this.wake();
    await this.loopDone.catch(() => undefined);
    this.channel?.close();
  }

  setOnline(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    if (online) {
      // A reconnect is the best moment to retry: forget the backoff and pull what was missed.
      this.failures = 0;
      this.nextAttemptAt = 0;
      this.pullRequested = true;
      this.wake();
    }
    void this.publishStatus();
  }

  /** A local write was queued (in this tab): push soon, from whichever tab leads. */
  notifyLocalWrite(): void {
    if (this.leader) this.wake();
    else this.post({ type: 'kick' });
    void this.publishStatus();
  }

  /** Pull the server's changes soon (sign-in, reconnect, focus). */
  requestPull(): void {
    if (this.leader || !this.started) {
      this.pullRequested = true;
      this.wake();
    } else {
      this.post({ type: 'pull' });
    }
  }

  /** The user's Retry: parked entries go back in the queue and the backoff is skipped. */
  async retry(seqs?: number[]): Promise<void> {
    await retryParked(this.db, this.userId, seqs);
    this.failures = 0;
    this.nextAttemptAt = 0;
    this.notifyLocalWrite();
  }

  /** The user's Discard: drops parked entries and puts the server's version of their rows back. */
  async discard(seqs: number[]): Promise<void> {
    const { refetch, removed } = await discardParked(this.db, this.userId, seqs);
    const changes = newChangeSet();
    for (const r of removed) noteRemove(changes, r.entity, r.id);
    const byEntity = new Map<string, string[]>();
    for (const r of refetch) byEntity.set(r.entity, [...(byEntity.get(r.entity) ?? []), r.id]);
    for (const [entity, ids] of byEntity) {
      try {
        const rows = await this.transport.fetchRows(entity, ids);
        const found = new Set(rows.map((r) => r.id));
        // The local row holds the discarded text under the server's version: replace it even
        // though the versions match.
        await this.applyServerRows(entity, rows, changes, { replaceSameVersion: true });
        // Gone on the server (or never visible to this user): drop the local leftover.
        await this.removeRowsWithoutEntries(
          entity,
          ids.filter((id) => !found.has(id)),
          changes,
        );
      } catch {
        // Offline: the next pull brings the server's row back when it changes; ask for one now.
        this.pullRequested = true;
      }
    }
    this.emitChanges(changes);
    await this.publishStatus();
  }

  // ---- one pass -----------------------------------------------------------------------------

  /**
   * One pass: pushes every pushable entry, then pulls when a pull was asked for. Does nothing while
   * offline or waiting out a backoff. The background loop calls it; tests drive it directly.
   */
  async runOnce(): Promise<RunResult> {
    if (this.stopped) return 'stopped';
    if (!this.online) return 'offline';
    if (this.now() < this.nextAttemptAt) return 'backoff';
    this.syncing = true;
    void this.publishStatus();
    try {
      for (;;) {
        if (this.stopped) return 'stopped';
        const batch = await this.claimBatch();
        if (batch.length === 0) break;
        if (!(await this.pushBatch(batch))) return 'backoff';
      }
      if (this.pullRequested) {
        this.pullRequested = false;
        if (!(await this.pull())) {
          this.pullRequested = true;
          return 'backoff';
        }
      }
      this.failures = 0;
      this.nextAttemptAt = 0;
      this.lastError = null;
      this.lastSyncedAt = this.now();
      return 'idle';
    } catch (error) {
      // A local failure (storage, a bug): entries this pass claimed go back, then back off.
      await this.recoverInflight(true).catch(() => undefined);
      this.fail(toSyncFailure(error), 'retry');
      return 'backoff';
    } finally {
      this.syncing = false;
      await this.publishStatus();
    }
  }

  /** Time until the engine will try again after a failure (0 when it is not backing off). */
  retryDelay(): number {
    return Math.max(0, this.nextAttemptAt - this.now());
  }

  // ---- push ---------------------------------------------------------------------------------

  private async claimBatch(): Promise<OutboxEntry[]> {
    const now = this.now();
    // The lease value doubles as the claim's token: a result is applied only while it still holds.
    const lease = now + this.leaseMs + Math.random();
    return this.db.transaction('rw', this.db.outbox, async () => {
      const [pending, inflight] = await Promise.all([
        this.db.outbox.where('[userId+state]').equals([this.userId, 'pending']).toArray(),
        this.db.outbox.where('[userId+state]').equals([this.userId, 'inflight']).toArray(),
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
        if (!this.entities.includes(e.entity)) continue;
        const size = 200 + (e.data ? JSON.stringify(e.data).length : 0);
        if (
          picked.length > 0 &&
          (picked.length >= this.batchLimit || bytes + size > this.maxBatchBytes)
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
      await this.db.outbox.bulkPut([...expired, ...picked]);
      return picked;
    });
  }

  /** Returns false when the engine has to back off. */
  private async pushBatch(batch: OutboxEntry[]): Promise<boolean> {
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
      results = await this.transport.push(mutations);
    } catch (error) {
      const failure = toSyncFailure(error);
      const kind = classifyFailure(failure);
      if (kind === 'park' && batch.length > 1) {
        // The request as a whole was refused (too large, one malformed entry…): split it until
        // the culprit is alone, so only that one is parked.
        await this.release(batch);
        this.batchLimit = Math.max(1, Math.floor(batch.length / 2));
        return true;
      }
      if (kind === 'park') {
        await this.park(batch[0]!, failure);
        return true;
      }
      await this.release(batch);
      if (kind === 'auth' && (await this.transport.refreshSession().catch(() => false))) {
        // Retry right away with the new token, but only once per failure streak.
        if (this.failures === 0) {
          this.failures = 1;
          return true;
        }
      }
      this.fail(failure, kind);
      return false;
    }
    this.batchLimit = Math.min(this.batchSize, this.batchLimit * 2);
    return this.applyPushResults(batch, results);
  }

  private async applyPushResults(batch: OutboxEntry[], results: PushResult[]): Promise<boolean> {
    const byMutation = new Map(results.map((r) => [r.mutation_id, r]));
    const changes = newChangeSet();
    let transient: SyncFailure | null = null;
    const tables = entityTables(this.db);
    await this.db.transaction('rw', [this.db.outbox, ...tables], async () => {
      for (const claimed of batch) {
        const current = await this.db.outbox.get(claimed.seq!);
        if (!current || current.state !== 'inflight' || current.leaseUntil !== claimed.leaseUntil)
          continue;
        const result = byMutation.get(claimed.mutationId);
        if (!result) {
          await this.db.outbox.update(claimed.seq!, { state: 'pending', leaseUntil: 0 });
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
            await this.db.outbox.update(claimed.seq!, { state: 'pending', leaseUntil: 0 });
            transient ??= failure;
          } else {
            await this.db.outbox.update(claimed.seq!, {
              state: 'parked',
              leaseUntil: 0,
              error: { kind: 'rejected', ...failure },
            });
          }
          continue;
        }
        await this.db.outbox.delete(claimed.seq!);
        const outcome =
          result.status === 'duplicate' ? (result.outcome ?? 'applied') : result.status;
        let followers = await unresolvedEntries(this.db, claimed.entity, claimed.entityId);
        if (outcome === 'applied') {
          const rebased = rebaseFollowers(followers, claimed, result.version ?? null);
          if (rebased.length > 0) await this.db.outbox.bulkPut(rebased);
        }
        const moved =
          outcome === 'conflict' && result.copy
            ? moveFollowersToCopy(followers, claimed, result.copy)
            : [];
        if (moved.length > 0) {
          // The edits made after the conflicting one continue the user's text, which now lives in
          // the copy: they go there, so the server's row stays and no second copy is made.
          await this.db.outbox.bulkPut(moved);
          await this.storeMovedCopy(claimed.entity, result.copy!, moved.at(-1)!, changes);
          followers = await unresolvedEntries(this.db, claimed.entity, claimed.entityId);
        } else if (result.copy) {
          await this.storeServerRow(claimed.entity, result.copy, changes);
        }
        if (followers.length === 0 && result.row)
          await this.storeServerRow(claimed.entity, result.row, changes);
      }
    });
    this.emitChanges(changes);
    if (transient) {
      this.fail(transient, 'retry');
      return false;
    }
    return true;
  }

  private async release(batch: OutboxEntry[]): Promise<void> {
    await this.db.transaction('rw', this.db.outbox, async () => {
      for (const claimed of batch) {
        const current = await this.db.outbox.get(claimed.seq!);
        if (current && current.state === 'inflight' && current.leaseUntil === claimed.leaseUntil) {
          await this.db.outbox.update(claimed.seq!, { state: 'pending', leaseUntil: 0 });
        }
      }
    });
  }

  private async park(claimed: OutboxEntry, failure: SyncFailure): Promise<void> {
    await this.db.transaction('rw', this.db.outbox, async () => {
      const current = await this.db.outbox.get(claimed.seq!);
      if (current && current.state === 'inflight' && current.leaseUntil === claimed.leaseUntil) {
        await this.db.outbox.update(claimed.seq!, {
          state: 'parked',
          leaseUntil: 0,
          error: { kind: 'rejected', ...failure },
        });
      }
    });
  }

  /** Entries left in flight go back to pending: all of them (lock holder) or expired leases. */
  private async recoverInflight(all: boolean): Promise<void> {
    const now = this.now();
    await this.db.transaction('rw', this.db.outbox, async () => {
      const inflight = await this.db.outbox
        .where('[userId+state]')
        .equals([this.userId, 'inflight'])
        .toArray();
      for (const e of inflight) {
        if (all || e.leaseUntil <= now)
          await this.db.outbox.update(e.seq!, { state: 'pending', leaseUntil: 0 });
      }
    });
  }

  private fail(failure: SyncFailure, kind: FailureKind): void {
    this.nextAttemptAt = this.now() + backoffDelay(this.failures, this.backoff);
    this.failures += 1;
    this.lastError = { ...failure, kind };
  }

  // ---- pull ---------------------------------------------------------------------------------

  private cursorKey(): string {
    return `pull-cursor:${this.userId}`;
  }

  private resyncKey(): string {
    return `pull-resync:${this.userId}`;
  }

  /**
   * Pulls every page of changes since the saved cursor; false when it has to back off. When the
   * server answers `reset` (the cursor is from another database or older than its retention), the
   * pull starts over from nothing and, once complete, drops the local rows the server no longer
   * has; an interrupted resync starts over again on the next pull.
   */
  async pull(): Promise<boolean> {
    const resyncing = !!(await this.db.meta.get(this.resyncKey()))?.value;
    let cursor = resyncing
      ? {}
      : (((await this.db.meta.get(this.cursorKey()))?.value as PullCursor | undefined) ?? {});
    let seen: Map<string, Set<string>> | null = resyncing ? new Map() : null;
    let refreshed = false;
    for (let page = 0; page < 10_000; page++) {
      let answer: PullPage;
      try {
        answer = await this.transport.pull(cursor, this.entities, this.pullPageSize);
      } catch (error) {
        const failure = toSyncFailure(error);
        const kind = classifyFailure(failure);
        if (
          kind === 'auth' &&
          !refreshed &&
          (await this.transport.refreshSession().catch(() => false))
        ) {
          refreshed = true;
          page -= 1;
          continue;
        }
        this.fail(failure, kind);
        return false;
      }
      if (answer.reset && !seen) seen = new Map();
      const changes = newChangeSet();
      const tables = entityTables(this.db);
      const last = !answer.more;
      await this.db.transaction('rw', [this.db.outbox, this.db.meta, ...tables], async () => {
        if (answer.reset) await this.db.meta.put({ key: this.resyncKey(), value: true });
        for (const [entity, rows] of Object.entries(answer.changes ?? {})) {
          if (!this.entities.includes(entity)) continue;
          if (seen) {
            const ids = seen.get(entity) ?? new Set<string>();
            for (const row of rows) ids.add(row.id);
            seen.set(entity, ids);
          }
          await this.applyServerRows(entity, rows, changes);
        }
        if (seen && last) {
          await this.dropRowsNotOnServer(seen, changes);
          await this.db.meta.delete(this.resyncKey());
        }
        await this.db.meta.put({ key: this.cursorKey(), value: answer.cursor ?? cursor });
      });
      this.emitChanges(changes);
      cursor = answer.cursor ?? cursor;
      if (last) return true;
    }
    return true;
  }

  /** After a complete resync: synced rows the server did not send are gone there. */
  private async dropRowsNotOnServer(
    seen: Map<string, Set<string>>,
    changes: ChangeSet,
  ): Promise<void> {
    for (const entity of this.entities) {
      const ids = seen.get(entity) ?? new Set<string>();
      const table = syncEntity(entity).table(this.db);
      const rows = (await table.where('userId').equals(this.userId).toArray()).filter(
        (r) => r.version !== null && !ids.has(r.id),
      );
      await this.removeRowsWithoutEntries(
        entity,
        rows.map((r) => r.id),
        changes,
      );
    }
  }

  /** Server rows into the local table, except rows with local writes not yet settled. */
  private async applyServerRows(
    entity: string,
    rows: ServerRow[],
    changes: ChangeSet,
    options: { replaceSameVersion?: boolean } = {},
  ): Promise<void> {
    const spec = syncEntity(entity);
    const table = spec.table(this.db);
    await this.db.transaction('rw', [this.db.outbox, table], async () => {
      for (const row of rows) {
        // The entity knows whose row it is (a profile's user is its id, not a user_id column).
        if (spec.fromServer(row).userId !== this.userId) continue;
        // The local text wins on screen until its push is decided (that decides any conflict).
        if ((await this.db.outbox.where('[entity+entityId]').equals([entity, row.id]).count()) > 0)
          continue;
        await this.storeServerRow(entity, row, changes, options.replaceSameVersion ?? false);
      }
    });
  }

  /** Takes a server row when it is newer than the local one (idempotent); a tombstone deletes. */
  private async storeServerRow(
    entity: string,
    row: ServerRow,
    changes: ChangeSet,
    replaceSameVersion = false,
  ): Promise<void> {
    const spec = syncEntity(entity);
    const table = spec.table(this.db);
    const local = await table.get(row.id);
    if (local && local.userId !== this.userId) return;
    const version = Number(row.version);
    if (local && local.version !== null && local.version > version) return;
    if (row.deleted_at) {
      if (local) {
        await table.delete(row.id);
        noteRemove(changes, entity, row.id);
      }
      return;
    }
    if (local && local.version === version && !replaceSameVersion) return;
    const next = spec.fromServer(row);
    await table.put(next);
    noteUpsert(changes, entity, next);
  }

  /** The copy as this device now has it: the server's copy with the latest queued edit on top. */
  private async storeMovedCopy(
    entity: string,
    copy: ServerRow,
    last: OutboxEntry,
    changes: ChangeSet,
  ): Promise<void> {
    const spec = syncEntity(entity);
    const table = spec.table(this.db);
    if (last.op === 'delete') {
      if (await table.get(copy.id)) {
        await table.delete(copy.id);
        noteRemove(changes, entity, copy.id);
      }
      return;
    }
    const row = spec.fromServer({
      ...copy,
      ...last.data,
      id: copy.id,
      version: copy.version,
      created_at: copy.created_at,
    });
    await table.put(row);
    noteUpsert(changes, entity, row);
  }

  private async removeRowsWithoutEntries(
    entity: string,
    ids: string[],
    changes: ChangeSet,
  ): Promise<void> {
    const table = syncEntity(entity).table(this.db);
    await this.db.transaction('rw', [this.db.outbox, table], async () => {
      for (const id of ids) {
        if ((await this.db.outbox.where('[entity+entityId]').equals([entity, id]).count()) > 0)
          continue;
        if (await table.get(id)) {
          await table.delete(id);
          noteRemove(changes, entity, id);
        }
      }
    });
  }

  // ---- loop, status and tabs ----------------------------------------------------------------

  private wake(): void {
    this.wakeRequested = true;
    this.wakeUp?.();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      this.wakeRequested = false;
      const result = await this.runOnce();
      if (this.stopped || result === 'stopped') return;
      if (this.wakeRequested && result !== 'backoff') continue;
      const wait = result === 'backoff' ? this.retryDelay() : this.pollMs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
        if (this.stopped) this.wakeUp();
      });
      this.wakeUp = null;
    }
  }

  private emitChanges(changes: ChangeSet): void {
    const entities = new Set([...changes.upserted.keys(), ...changes.removed.keys()]);
    for (const entity of entities) {
      const upserted = [...(changes.upserted.get(entity)?.values() ?? [])];
      const removed = [...(changes.removed.get(entity) ?? [])];
      if (upserted.length === 0 && removed.length === 0) continue;
      this.onChange({ entity, upserted, removed });
      this.post({ type: 'changed', entity, ids: upserted.map((r) => r.id), removed });
    }
  }

  private post(message: ChannelMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel (tab going away) has nobody left to tell.
    }
  }

  private async onChannelMessage(message: ChannelMessage): Promise<void> {
    if (this.stopped || !message || typeof message !== 'object') return;
    if (message.type === 'kick') {
      if (this.leader) this.wake();
      await this.publishStatus();
    } else if (message.type === 'pull') {
      if (this.leader) this.requestPull();
    } else if (message.type === 'changed') {
      const table = syncEntity(message.entity).table(this.db);
      const rows = (await table.bulkGet(message.ids)).filter(
        (r): r is LocalRow => !!r && r.userId === this.userId,
      );
      const gone = message.ids.filter((id) => !rows.some((r) => r.id === id));
      this.onChange({
        entity: message.entity,
        upserted: rows,
        removed: [...message.removed, ...gone],
      });
      await this.publishStatus();
    }
  }

  /** Reads the outbox counts and reports the whole status; the latest call wins. */
  async publishStatus(): Promise<SyncEngineStatus> {
    const serial = ++this.statusSerial;
    const counts = await readOutboxCounts(this.db, this.userId);
    const status: SyncEngineStatus = {
      leader: this.leader,
      online: this.online,
      syncing: this.syncing,
      waiting: counts.waiting,
      parked: counts.parked,
      lastSyncedAt: this.lastSyncedAt,
      lastError: this.lastError,
      nextRetryAt: this.nextAttemptAt > this.now() ? this.nextAttemptAt : null,
    };
    if (serial === this.statusSerial && !this.stopped) this.onStatus(status);
    return status;
  }
}
