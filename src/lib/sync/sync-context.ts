import type { AppDb } from '../db';
import type { ChangeSet } from './change-set';
import type { FailureKind, SyncFailure } from './classify';
import type { SyncRegistry } from './entities';
import type { SyncTransport } from './transport';

/** What the push and pull steps share with the engine that runs them. */
export interface SyncContext {
  readonly db: AppDb;
  readonly registry: SyncRegistry;
  readonly userId: string;
  /** The entities this engine syncs (names in the registry). */
  readonly entities: string[];
  readonly transport: SyncTransport;
  now(): number;
  /** Records a failure and schedules the next attempt. */
  fail(failure: SyncFailure, kind: FailureKind): void;
  /** After a refreshed session: true when the step may retry at once (once per failure streak). */
  retryAfterRefresh(): boolean;
  /** Hands the changed rows to the slices and the other tabs. */
  emitChanges(changes: ChangeSet): void;
}
