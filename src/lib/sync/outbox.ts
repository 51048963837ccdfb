import type { AppDb, OutboxEntry, OutboxError, OutboxOp } from '../db';
import { planWrite } from './coalesce';
import { REPLAY_EXPIRED } from './replay';
import type { LocalRow, SyncEntity, SyncRegistry } from './entities';

export type { LocalRow } from './entities';

export type QueuedWrite<L extends LocalRow> =
  { op: 'upsert'; row: L } | { op: 'delete'; userId: string; id: string };

export interface QueueOptions {
  mutationId?: string;
  now?: number;
}

/** Entries of one row that still have to reach the server (parked ones excluded), in seq order. */
export async function unresolvedEntries(
  db: AppDb,
  entity: string,
  entityId: string,
): Promise<OutboxEntry[]> {
  const entries = await db.outbox
    .where('[entity+entityId]')
    .equals([entity, entityId])
    .sortBy('seq');
  return entries.filter((e) => e.state !== 'parked');
}

async function entriesOfRow(db: AppDb, entity: string, entityId: string): Promise<OutboxEntry[]> {
  return db.outbox.where('[entity+entityId]').equals([entity, entityId]).toArray();
}

/** True when the row has an outbox entry in any state: its local data is not the server's. */
export async function hasOutboxEntries(
  db: AppDb,
  entity: string,
  entityId: string,
): Promise<boolean> {
  return (await db.outbox.where('[entity+entityId]').equals([entity, entityId]).count()) > 0;
}

/**
 * Writes the local row and its outbox entry in ONE transaction, so a crash keeps both or neither.
 * The row keeps the server version it is based on; the caller's `version` is ignored.
 * Returns the row as stored (null for a delete).
 */
export async function queueWrite<L extends LocalRow>(
  db: AppDb,
  entity: SyncEntity<L>,
  write: QueuedWrite<L>,
  options: QueueOptions = {},
): Promise<L | null> {
  const table = entity.table(db);
  const id = write.op === 'upsert' ? write.row.id : write.id;
  const userId = write.op === 'upsert' ? write.row.userId : write.userId;
  const op: OutboxOp = write.op;
  const mutationId = options.mutationId ?? crypto.randomUUID();
  const now = options.now ?? Date.now();
  return db.transaction('rw', table, db.outbox, async () => {
    const existing = await table.get(id);
    if (existing && existing.userId !== userId)
      throw new Error('This row belongs to another user.');
    const rowVersion = existing?.version ?? null;
    let stored: L | null = null;
    if (write.op === 'upsert') {
      stored = { ...write.row, version: rowVersion } as L;
      await table.put(stored);
    } else {
      await table.delete(id);
    }
    const plan = planWrite(
      await unresolvedEntries(db, entity.name, id),
      {
        mutationId,
        userId,
        entity: entity.name,
        entityId: id,
        op,
        data: stored ? entity.toServer(stored) : null,
        createdAt: now,
      },
      rowVersion,
    );
    if (plan.kind === 'append') await db.outbox.add(plan.entry);
    else if (plan.kind === 'replace') await db.outbox.put({ ...plan.entry, seq: plan.seq });
    else await db.outbox.delete(plan.seq);
    return stored;
  });
}

export interface ParkedEntry {
  seq: number;
  entity: string;
  entityId: string;
  op: OutboxOp;
  error: OutboxError;
  createdAt: number;
}

export interface OutboxCounts {
  /** Entries still to push (pending or in flight). */
  waiting: number;
  parked: ParkedEntry[];
}

export async function readOutboxCounts(db: AppDb, userId: string): Promise<OutboxCounts> {
  const [pending, inflight, parked] = await Promise.all([
    db.outbox.where('[userId+state]').equals([userId, 'pending']).count(),
    db.outbox.where('[userId+state]').equals([userId, 'inflight']).count(),
    db.outbox.where('[userId+state]').equals([userId, 'parked']).sortBy('seq'),
  ]);
  return {
    waiting: pending + inflight,
    parked: parked.map((e) => ({
      seq: e.seq!,
      entity: e.entity,
      entityId: e.entityId,
      op: e.op,
      error: e.error ?? { kind: 'rejected', code: 'unknown', message: 'Rejected', status: 0 },
      createdAt: e.createdAt,
    })),
  };
}

/**
 * Puts parked entries of the user back in the queue (all of them when `seqs` is omitted). One
 * parked because it was sent too long ago to be replayed goes as a new mutation (a new id, never
 * sent): on a row that changed meanwhile it is decided like any stale edit (a conflict copy).
 */
export async function retryParked(db: AppDb, userId: string, seqs?: number[]): Promise<number> {
  return db.transaction('rw', db.outbox, async () => {
    const parked = await db.outbox.where('[userId+state]').equals([userId, 'parked']).toArray();
    const chosen = parked.filter((e) => !seqs || seqs.includes(e.seq!));
    for (const e of chosen) {
      const renewed =
        e.error?.code === REPLAY_EXPIRED
          ? { mutationId: crypto.randomUUID(), attempts: 0, firstSentAt: undefined }
          : {};
      await db.outbox.update(e.seq!, { state: 'pending', error: null, leaseUntil: 0, ...renewed });
    }
    return chosen.length;
  });
}

export interface DiscardResult {
  /** Rows whose local copy no longer matches anything the server will get: refetch them. */
  refetch: { entity: string; id: string }[];
  /** Rows that only ever existed locally and are now gone. */
  removed: { entity: string; id: string }[];
}

/**
 * Drops parked entries the user chose to give up. A row that never reached the server and has no
 * other write queued is removed locally; any other row is refetched from the server.
 */
export async function discardParked(
  db: AppDb,
  registry: SyncRegistry,
  userId: string,
  seqs: number[],
): Promise<DiscardResult> {
  const result: DiscardResult = { refetch: [], removed: [] };
  const entries = (await db.outbox.bulkGet(seqs)).filter(
    (e): e is OutboxEntry => !!e && e.userId === userId && e.state === 'parked',
  );
  for (const e of entries) {
    const entity = registry.get(e.entity);
    const table = entity.table(db);
    await db.transaction('rw', table, db.outbox, async () => {
      const current = await db.outbox.get(e.seq!);
      if (!current || current.state !== 'parked') return;
      await db.outbox.delete(e.seq!);
      if ((await entriesOfRow(db, e.entity, e.entityId)).length > 0) return;
      const row = await table.get(e.entityId);
      if (row && row.version === null) {
        await table.delete(e.entityId);
        result.removed.push({ entity: e.entity, id: e.entityId });
      } else {
        result.refetch.push({ entity: e.entity, id: e.entityId });
      }
    });
  }
  return result;
}
