import type { OutboxEntry } from '../db';
import { newChangeSet, noteRemove, noteUpsert, type ChangeSet } from './change-set';
import { classifyFailure } from './classify';
import type { ServerRow } from './entities';
import type { SyncContext } from './sync-context';
import { toSyncFailure, type PullCursor, type PullPage } from './transport';

const cursorKey = (ctx: SyncContext) => `pull-cursor:${ctx.userId}`;
const resyncKey = (ctx: SyncContext) => `pull-resync:${ctx.userId}`;

/**
 * Pulls every page of changes since the saved cursor; false when it has to back off. When the
 * server answers `reset` (the cursor is from another database or older than its retention), the
 * pull starts over from nothing and, once complete, drops the local rows the server no longer
 * has; an interrupted resync starts over again on the next pull.
 */
export async function pull(ctx: SyncContext, pageSize: number): Promise<boolean> {
  const { db } = ctx;
  const resyncing = !!(await db.meta.get(resyncKey(ctx)))?.value;
  let cursor = resyncing
    ? {}
    : (((await db.meta.get(cursorKey(ctx)))?.value as PullCursor | undefined) ?? {});
  let seen: Map<string, Set<string>> | null = resyncing ? new Map() : null;
  let refreshed = false;
  for (let page = 0; page < 10_000; page++) {
    let answer: PullPage;
    try {
      answer = await ctx.transport.pull(cursor, ctx.entities, pageSize);
    } catch (error) {
      const failure = toSyncFailure(error);
      const kind = classifyFailure(failure);
      if (
        kind === 'auth' &&
        !refreshed &&
        (await ctx.transport.refreshSession().catch(() => false))
      ) {
        refreshed = true;
        page -= 1;
        continue;
      }
      ctx.fail(failure, kind);
      return false;
    }
    if (answer.reset && !seen) seen = new Map();
    const changes = newChangeSet();
    const tables = ctx.registry.tables(db);
    const last = !answer.more;
    await db.transaction('rw', [db.outbox, db.meta, ...tables], async () => {
      if (answer.reset) await db.meta.put({ key: resyncKey(ctx), value: true });
      for (const [entity, rows] of Object.entries(answer.changes ?? {})) {
        if (!ctx.entities.includes(entity)) continue;
        if (seen) {
          const ids = seen.get(entity) ?? new Set<string>();
          for (const row of rows) ids.add(row.id);
          seen.set(entity, ids);
        }
        await applyServerRows(ctx, entity, rows, changes);
      }
      if (seen && last) {
        await dropRowsNotOnServer(ctx, seen, changes);
        await db.meta.delete(resyncKey(ctx));
      }
      await db.meta.put({ key: cursorKey(ctx), value: answer.cursor ?? cursor });
    });
    ctx.emitChanges(changes);
    cursor = answer.cursor ?? cursor;
    if (last) return true;
  }
  return true;
}

/**
 * Puts the server's version of these rows back in place of the local one, and drops the rows the
 * server no longer has. False when some could not be fetched (offline).
 */
export async function refetchRows(
  ctx: SyncContext,
  refs: { entity: string; id: string }[],
  changes: ChangeSet,
): Promise<boolean> {
  let complete = true;
  const byEntity = new Map<string, string[]>();
  for (const r of refs) byEntity.set(r.entity, [...(byEntity.get(r.entity) ?? []), r.id]);
  for (const [entity, ids] of byEntity) {
    try {
      const rows = await ctx.transport.fetchRows(entity, ids);
      const found = new Set(rows.map((r) => r.id));
      // The local row holds the discarded text under the server's version: replace it even
      // though the versions match.
      await applyServerRows(ctx, entity, rows, changes, { replaceSameVersion: true });
      // Gone on the server (or never visible to this user): drop the local leftover.
      await removeRowsWithoutEntries(
        ctx,
        entity,
        ids.filter((id) => !found.has(id)),
        changes,
      );
    } catch {
      complete = false;
    }
  }
  return complete;
}

/** After a complete resync: synced rows the server did not send are gone there. */
async function dropRowsNotOnServer(
  ctx: SyncContext,
  seen: Map<string, Set<string>>,
  changes: ChangeSet,
): Promise<void> {
  for (const entity of ctx.entities) {
    const ids = seen.get(entity) ?? new Set<string>();
    const table = ctx.registry.get(entity).table(ctx.db);
    const rows = (await table.where('userId').equals(ctx.userId).toArray()).filter(
      (r) => r.version !== null && !ids.has(r.id),
    );
    await removeRowsWithoutEntries(
      ctx,
      entity,
      rows.map((r) => r.id),
      changes,
    );
  }
}

/** Server rows into the local table, except rows with local writes not yet settled. */
async function applyServerRows(
  ctx: SyncContext,
  entity: string,
  rows: ServerRow[],
  changes: ChangeSet,
  options: { replaceSameVersion?: boolean } = {},
): Promise<void> {
  const { db } = ctx;
  const spec = ctx.registry.get(entity);
  const table = spec.table(db);
  await db.transaction('rw', [db.outbox, table], async () => {
    for (const row of rows) {
      // The entity knows whose row it is (a profile's user is its id, not a user_id column).
      if (spec.fromServer(row).userId !== ctx.userId) continue;
      // The local text wins on screen until its push is decided (that decides any conflict).
      if ((await db.outbox.where('[entity+entityId]').equals([entity, row.id]).count()) > 0)
        continue;
      await storeServerRow(ctx, entity, row, changes, options.replaceSameVersion ?? false);
    }
  });
}

/** Takes a server row when it is newer than the local one (idempotent); a tombstone deletes. */
export async function storeServerRow(
  ctx: SyncContext,
  entity: string,
  row: ServerRow,
  changes: ChangeSet,
  replaceSameVersion = false,
): Promise<void> {
  const spec = ctx.registry.get(entity);
  const table = spec.table(ctx.db);
  const local = await table.get(row.id);
  if (local && local.userId !== ctx.userId) return;
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
export async function storeMovedCopy(
  ctx: SyncContext,
  entity: string,
  copy: ServerRow,
  last: OutboxEntry,
  changes: ChangeSet,
): Promise<void> {
  const spec = ctx.registry.get(entity);
  const table = spec.table(ctx.db);
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

async function removeRowsWithoutEntries(
  ctx: SyncContext,
  entity: string,
  ids: string[],
  changes: ChangeSet,
): Promise<void> {
  const { db } = ctx;
  const table = ctx.registry.get(entity).table(db);
  await db.transaction('rw', [db.outbox, table], async () => {
    for (const id of ids) {
      if ((await db.outbox.where('[entity+entityId]').equals([entity, id]).count()) > 0) continue;
      if (await table.get(id)) {
        await table.delete(id);
        noteRemove(changes, entity, id);
      }
    }
  });
}
