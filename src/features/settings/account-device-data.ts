import { appDb } from '../../lib/app-db';
import type { Table } from 'dexie';
import type { AppDb } from '../../lib/db';
import { deviceStorage } from '../../lib/device-storage';

type Row = Record<string, unknown>;

function mentions(value: unknown, userId: string): boolean {
  try {
    return JSON.stringify(value).includes(userId);
  } catch {
    return false;
  }
}

/** A stored JSON list whose entries name their user (saved ideas): the others' entries, or null. */
function othersEntries(raw: string, userId: string): unknown[] | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return null;
    const owned = parsed.every((entry) => typeof (entry as Row | null)?.userId === 'string');
    return owned ? parsed.filter((entry) => (entry as Row).userId !== userId) : null;
  } catch {
    return null;
  }
}

function forgetInStorage(storage: Storage, userId: string): void {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
  for (const key of keys) {
    if (key === null) continue;
    const value = storage.getItem(key);
    if (!key.includes(userId) && !value?.includes(userId)) continue;
    // A list shared by the accounts of this device keeps the other accounts' entries.
    const others = key.includes(userId) || value === null ? null : othersEntries(value, userId);
    if (others?.length) storage.setItem(key, JSON.stringify(others));
    else storage.removeItem(key);
  }
}

/**
 * Removes every trace of a deleted account from this device: its rows in every IndexedDB table
 * (drafts, AI posts, onboarding, profile, preferences, the outbox), the sync cursors and persisted
 * state that name it (meta, kv), and the local storage keys and list entries that belong to it.
 * Other accounts' data on the same device stays.
 */
export async function forgetAccountOnDevice(userId: string, given?: AppDb): Promise<void> {
  const db = given ?? (await appDb());
  await db.transaction('rw', db.tables, async () => {
    for (const table of db.tables as Table<Row, unknown>[]) {
      await table
        .filter((row) =>
          'userId' in row
            ? row.userId === userId
            : mentions(row.key, userId) || mentions(row.value, userId),
        )
        .delete();
    }
  });
  const storage = deviceStorage();
  if (!storage) return;
  try {
    forgetInStorage(storage, userId);
  } catch {
    // Storage blocked or unreadable: nothing more can be removed from it.
  }
}
