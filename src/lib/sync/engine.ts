import type { AppDb } from '../db';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import {
  changesByEntity,
  newChangeSet,
  noteRemove,
  type ChangeSet,
  type SyncChange,
} from './change-set';
import type { FailureKind, SyncFailure } from './classify';
import type { SyncRegistry } from './entities';
import { discardParked, readOutboxCounts, retryParked, type ParkedEntry } from './outbox';
import { pull, refetchRows } from './pull';
import { claimBatch, pushBatch, recoverInflight, type PushSettings, type PushState } from './push';
import type { SyncContext } from './sync-context';
import {
  changedMessage,
  defaultChannel,
  defaultLocks,
  postToTabs,
  readChangedRows,
  SYNC_LOCK_NAME,
  type ChannelLike,
  type ChannelMessage,
  type LockManagerLike,
} from './tabs';
import { toSyncFailure, type SyncTransport } from './transport';

export type { SyncChange } from './change-set';
export { SYNC_LOCK_NAME, type ChannelLike, type LockManagerLike } from './tabs';

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

export interface SyncEngineOptions {
  db: AppDb;
  transport: SyncTransport;
  userId: string;
  /** The app's synced entities: how each maps onto its local table. */
  registry: SyncRegistry;
  /** The entities to sync; all of the registry's by default. */
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

/**
 * Drains one user's outbox to the server and pulls the server's changes into the local tables.
 * One tab at a time runs the loop (Web Lock); the others only write to the outbox and follow.
 * The steps themselves live in push.ts and pull.ts; this class holds the loop and its state.
 */
export class SyncEngine {
  readonly userId: string;
  private readonly push: PushSettings;
  private readonly pushState: PushState;
  private readonly backoff: BackoffOptions;
  private readonly now: () => number;
  private readonly pullPageSize: number;
  private readonly pollMs: number;
  private readonly locks: LockManagerLike | null;
  private readonly channel: ChannelLike | null;
  private readonly onChange: (change: SyncChange) => void;
  private readonly onStatus: (status: SyncEngineStatus) => void;
  private readonly ctx: SyncContext;

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
  private wakeRequested = false;
  private wakeUp: (() => void) | null = null;
  private abort: AbortController | null = null;
  private loopDone: Promise<unknown> = Promise.resolve();
  private statusSerial = 0;

  constructor(options: SyncEngineOptions) {
    this.userId = options.userId;
    this.push = {
      batchSize: options.batchSize ?? 100,
      maxBatchBytes: options.maxBatchBytes ?? 256 * 1024,
      leaseMs: options.leaseMs ?? 60_000,
    };
    this.pushState = { batchLimit: this.push.batchSize };
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
    this.ctx = {
      db: options.db,
      registry: options.registry,
      userId: this.userId,
      entities: options.entities ?? options.registry.names(),
      transport: options.transport,
      now: () => this.now(),
      fail: (failure, kind) => this.fail(failure, kind),
      retryAfterRefresh: () => {
        if (this.failures !== 0) return false;
        this.failures = 1;
        return true;
      },
      emitChanges: (changes) => this.emitChanges(changes),
    };
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
      await recoverInflight(this.ctx, true);
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
    else postToTabs(this.channel, { type: 'kick' });
    void this.publishStatus();
  }

  /** Pull the server's changes soon (sign-in, reconnect, focus). */
  requestPull(): void {
    if (this.leader || !this.started) {
      this.pullRequested = true;
      this.wake();
    } else {
      postToTabs(this.channel, { type: 'pull' });
    }
  }

  /** The user's Retry: parked entries go back in the queue and the backoff is skipped. */
  async retry(seqs?: number[]): Promise<void> {
    await retryParked(this.ctx.db, this.userId, seqs);
    this.failures = 0;
    this.nextAttemptAt = 0;
    this.notifyLocalWrite();
  }

  /** The user's Discard: drops parked entries and puts the server's version of their rows back. */
  async discard(seqs: number[]): Promise<void> {
    const { refetch, removed } = await discardParked(
      this.ctx.db,
      this.ctx.registry,
      this.userId,
      seqs,
    );
    const changes = newChangeSet();
    for (const r of removed) noteRemove(changes, r.entity, r.id);
    // Offline: the next pull brings the server's row back when it changes; ask for one now.
    if (!(await refetchRows(this.ctx, refetch, changes))) this.pullRequested = true;
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
        const batch = await claimBatch(this.ctx, this.push, this.pushState);
        if (batch.length === 0) break;
        if (!(await pushBatch(this.ctx, this.push, this.pushState, batch))) return 'backoff';
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
      await recoverInflight(this.ctx, true).catch(() => undefined);
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

  /** Pulls every page of changes since the saved cursor; false when it has to back off. */
  pull(): Promise<boolean> {
    return pull(this.ctx, this.pullPageSize);
  }

  private fail(failure: SyncFailure, kind: FailureKind): void {
    this.nextAttemptAt = this.now() + backoffDelay(this.failures, this.backoff);
    this.failures += 1;
    this.lastError = { ...failure, kind };
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
    for (const change of changesByEntity(changes)) {
      this.onChange(change);
      postToTabs(this.channel, changedMessage(change));
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
      this.onChange(await readChangedRows(this.ctx, message));
      await this.publishStatus();
    }
  }

  /** Reads the outbox counts and reports the whole status; the latest call wins. */
  async publishStatus(): Promise<SyncEngineStatus> {
    const serial = ++this.statusSerial;
    const counts = await readOutboxCounts(this.ctx.db, this.userId);
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
