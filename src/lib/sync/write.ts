import type { Dispatch, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { AppDb } from '../db';
import type { AnySyncEntity, LocalRow, SyncEntity } from './entities';
import { outboxWritten } from './events';
import { queueWrite, type QueuedWrite, type QueueOptions } from './outbox';

/** What a thunk that dispatches `writeSynced` needs: a dispatch that takes thunks. */
export type ThunkDispatcher = ThunkDispatch<unknown, unknown, UnknownAction>;

/** Queues one write of a synced row, inside the transaction `writeSyncedTogether` opened. */
export type QueueSynced = <L extends LocalRow>(
  entity: SyncEntity<L>,
  write: QueuedWrite<L>,
  options?: QueueOptions,
) => Promise<L | null>;

/**
 * Writes a synced row on this device with its outbox entry (one transaction), then tells the sync
 * engine to push. Returns the row as stored (null for a delete).
 */
export function writeSynced<L extends LocalRow>(
  entity: SyncEntity<L>,
  write: QueuedWrite<L>,
  options: QueueOptions & { db: AppDb },
) {
  return async (dispatch: Dispatch): Promise<L | null> => {
    const { db, ...queueOptions } = options;
    const stored = await queueWrite(db, entity, write, queueOptions);
    dispatch(outboxWritten({ entity: entity.name }));
    return stored;
  };
}

/**
 * Several synced writes (and any other reads and writes of `entities`' tables and the outbox) in
 * ONE transaction, so they commit together or not at all; the sync engine is told once, after the
 * commit.
 */
export function writeSyncedTogether<T>(
  db: AppDb,
  entities: readonly AnySyncEntity[],
  run: (queue: QueueSynced) => Promise<T>,
) {
  return async (dispatch: Dispatch): Promise<T> => {
    const written: string[] = [];
    const queue: QueueSynced = (entity, write, options) => {
      written.push(entity.name);
      return queueWrite(db, entity, write, options);
    };
    const tables = [...entities.map((e) => e.table(db)), db.outbox];
    const result = await db.transaction('rw', tables, () => run(queue));
    // One push covers every entity: the engine needs a single nudge.
    if (written.length > 0) dispatch(outboxWritten({ entity: written[0]! }));
    return result;
  };
}
