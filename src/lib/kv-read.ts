import { appDbName } from './db-name';

/**
 * Reads one value of the app database's kv table with IndexedDB alone, so the saved state comes
 * back before Dexie has loaded: the page paints without it. Resolves `null` when nothing is saved
 * (no database yet, or no row), and `undefined` when it cannot answer (no IndexedDB, no kv table,
 * an error): Dexie then reads it (persist.ts). It opens the database at whatever version it is and
 * never creates or upgrades it; Dexie does that.
 */
export function readKvValue(key: string): Promise<string | null | undefined> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(appDbName());
    } catch {
      resolve(undefined);
      return;
    }
    let created = false;
    request.onupgradeneeded = () => {
      // No database yet: give the new one up (the browser then deletes it), nothing is saved.
      created = true;
      request.transaction?.abort();
    };
    request.onerror = (event) => {
      // An aborted creation fails the open too: default handling would report it as an error.
      event.preventDefault();
      resolve(created ? null : undefined);
    };
    request.onsuccess = () => {
      const db = request.result;
      // Dexie opening a newer version waits for this connection: give way at once.
      db.onversionchange = () => db.close();
      if (!db.objectStoreNames.contains('kv')) {
        db.close();
        resolve(undefined);
        return;
      }
      try {
        const read = db.transaction('kv', 'readonly').objectStore('kv').get(key);
        read.onsuccess = () => {
          const row = read.result as { value?: unknown } | undefined;
          resolve(row === undefined ? null : typeof row.value === 'string' ? row.value : undefined);
          db.close();
        };
        read.onerror = (event) => {
          event.preventDefault();
          resolve(undefined);
          db.close();
        };
      } catch {
        db.close();
        resolve(undefined);
      }
    };
  });
}
