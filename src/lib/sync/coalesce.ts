import type { OutboxEntry, OutboxOp } from '../db';

export interface LocalWrite {
  mutationId: string;
  userId: string;
  entity: string;
  entityId: string;
  op: OutboxOp;
  data: Record<string, unknown> | null;
  createdAt: number;
}

export type WritePlan =
  /** Queue a new entry. */
  | { kind: 'append'; entry: OutboxEntry }
  /** Overwrite an entry that was never handed to a push. */
  | { kind: 'replace'; seq: number; entry: OutboxEntry }
  /** The row never reached the server and is now deleted: drop its entry, send nothing. */
  | { kind: 'cancel'; seq: number };

/** An entry that was never handed to a push: nothing about it can have reached the server. */
export function isUnsent(entry: OutboxEntry): boolean {
  return entry.state === 'pending' && entry.attempts === 0;
}

/**
 * Decides how a local write joins the outbox, given the row's unresolved (pending or in-flight)
 * entries in seq order and the server version the local row is based on.
 *
 * Several unsent edits of one row become one mutation with the latest data and the ORIGINAL base
 * version, so the server still detects an edit made on the other side in between. An entry that
 * may have been sent is never rewritten: the server may have applied it under its mutation id.
 * A write queued behind such an entry takes the same base version and is rebased (see
 * `rebaseFollowers`) once that entry's outcome is known.
 */
export function planWrite(
  unresolved: readonly OutboxEntry[],
  write: LocalWrite,
  rowVersion: number | null,
): WritePlan {
  const last = unresolved.at(-1);
  if (last && last.seq !== undefined && isUnsent(last)) {
    if (
      write.op === 'delete' &&
      last.op === 'upsert' &&
      last.baseVersion === null &&
      unresolved.length === 1
    ) {
      return { kind: 'cancel', seq: last.seq };
    }
    return {
      kind: 'replace',
      seq: last.seq,
      entry: {
        ...last,
        mutationId: write.mutationId,
        op: write.op,
        data: write.op === 'delete' ? null : write.data,
        error: null,
      },
    };
  }
  return {
    kind: 'append',
    entry: {
      mutationId: write.mutationId,
      userId: write.userId,
      entity: write.entity,
      entityId: write.entityId,
      op: write.op,
      data: write.op === 'delete' ? null : write.data,
      baseVersion: last ? last.baseVersion : rowVersion,
      state: 'pending',
      attempts: 0,
      leaseUntil: 0,
      error: null,
      createdAt: write.createdAt,
    },
  };
}

/**
 * After `resolved` was applied on the server (producing `newVersion`), the writes queued behind it
 * for the same row were based on it: move their base version along. Returns only changed entries.
 */
export function rebaseFollowers(
  followers: readonly OutboxEntry[],
  resolved: Pick<OutboxEntry, 'seq' | 'baseVersion'>,
  newVersion: number | null,
): OutboxEntry[] {
  return queuedBehind(followers, resolved).map((e) => ({ ...e, baseVersion: newVersion }));
}

/**
 * After `resolved` lost a conflict and the server kept its text as `copy`, the writes queued behind
 * it (made on top of that text) go to the copy, based on the copy's version: pushed stale to the
 * original row they would only lose again and make a second copy. Returns only changed entries.
 */
export function moveFollowersToCopy(
  followers: readonly OutboxEntry[],
  resolved: Pick<OutboxEntry, 'seq' | 'baseVersion'>,
  copy: { id: string; version: unknown },
): OutboxEntry[] {
  // One already handed to a push may have reached the server for the original row: its mutation
  // id is decided there, so it stays.
  return queuedBehind(followers, resolved)
    .filter((e) => e.attempts === 0)
    .map((e) => ({
      ...e,
      entityId: copy.id,
      baseVersion: Number(copy.version),
    }));
}

function queuedBehind(
  followers: readonly OutboxEntry[],
  resolved: Pick<OutboxEntry, 'seq' | 'baseVersion'>,
): OutboxEntry[] {
  return followers.filter(
    (e) =>
      e.seq !== undefined &&
      resolved.seq !== undefined &&
      e.seq > resolved.seq &&
      e.state !== 'parked' &&
      e.baseVersion === resolved.baseVersion,
  );
}
