// How the tabs of one user share the sync: a Web Lock elects the tab that runs the loop, and a
// BroadcastChannel carries nudges and changed rows between them.
import type { SyncChange } from './change-set';
import type { LocalRow } from './entities';
import type { SyncContext } from './sync-context';

export const SYNC_LOCK_NAME = 'postbloom-sync';

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

export type ChannelMessage =
  | { type: 'kick' }
  | { type: 'pull' }
  | { type: 'changed'; entity: string; ids: string[]; removed: string[] };

export function defaultLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks ?? null;
}

export function defaultChannel(userId: string): ChannelLike | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  return new BroadcastChannel(`postbloom-sync:${userId}`) as unknown as ChannelLike;
}

export function postToTabs(channel: ChannelLike | null, message: ChannelMessage): void {
  try {
    channel?.postMessage(message);
  } catch {
    // A closed channel (tab going away) has nobody left to tell.
  }
}

/** The message another tab sends for rows it changed. */
export function changedMessage(change: SyncChange): ChannelMessage {
  return {
    type: 'changed',
    entity: change.entity,
    ids: change.upserted.map((r) => r.id),
    removed: change.removed,
  };
}

/** Another tab changed rows: reads them back from the shared database (gone ones are removed). */
export async function readChangedRows(
  ctx: Pick<SyncContext, 'db' | 'registry' | 'userId'>,
  message: Extract<ChannelMessage, { type: 'changed' }>,
): Promise<SyncChange> {
  const table = ctx.registry.get(message.entity).table(ctx.db);
  const rows = (await table.bulkGet(message.ids)).filter(
    (r): r is LocalRow => !!r && r.userId === ctx.userId,
  );
  const gone = message.ids.filter((id) => !rows.some((r) => r.id === id));
  return { entity: message.entity, upserted: rows, removed: [...message.removed, ...gone] };
}
