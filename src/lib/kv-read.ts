import { appDbName } from './db-name';

type Answer = string | null | undefined;

/** The keys asked for while the database is being opened, each with whoever asked. */
type Batch = Map<string, Array<(answer: Answer) => void>>;

let opening: Batch | null = null;

/**
 * Reads one value of the app database's kv table with IndexedDB alone, so the saved state comes
 * back before Dexie has loaded: the page paints without it. Resolves `null` when nothing is saved
 * (no database yet, or no row), and `undefined` when it cannot answer (no IndexedDB, no kv table,
 * an error): Dexie then reads it (persist.ts). It opens the database at whatever version it is and
 * never creates or upgrades it; Dexie does that. The keys asked for while it opens the database
 * (every persisted slice, as the store starts) are read with that one connection, in one
 * transaction.
 */
export function readKvValue(key: string): Promise<Answer> {
  return new Promise((resolve) => {
    if (!opening) {
      opening = new Map();
      openAndRead(opening);
    }
    const waiting = opening.get(key);
    if (waiting) waiting.push(resolve);
    else opening.set(key, [resolve]);
  });
}

function answerAll(batch: Batch, answer: Answer): void {
  for (const waiting of batch.values()) for (const resolve of waiting) resolve(answer);
}

function openAndRead(batch: Batch): void {
  const done = (answer: Answer) => {
    if (opening === batch) opening = null;
    answerAll(batch, answer);
  };
  let request: IDBOpenDBRequest;
  try {
    request = indexedDB.open(appDbName());
  } catch {
    // Answered once the askers of this batch are in it.
    queueMicrotask(() => done(undefined));
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
    done(created ? null : undefined);
  };
  request.onsuccess = () => {
    // Keys asked for from now on open a connection of their own.
    if (opening === batch) opening = null;
    const db = request.result;
    // Dexie opening a newer version waits for this connection: give way at once.
    db.onversionchange = () => db.close();
    if (!db.objectStoreNames.contains('kv')) {
      db.close();
      answerAll(batch, undefined);
      return;
    }
    try {
      const transaction = db.transaction('kv', 'readonly');
      const kv = transaction.objectStore('kv');
      for (const [key, waiting] of batch) {
        const read = kv.get(key);
        const answer = (value: Answer) => waiting.forEach((resolve) => resolve(value));
        read.onsuccess = () => {
          const row = read.result as { value?: unknown } | undefined;
          answer(row === undefined ? null : typeof row.value === 'string' ? row.value : undefined);
        };
        read.onerror = (event) => {
          event.preventDefault();
          answer(undefined);
        };
      }
      transaction.oncomplete = () => db.close();
      transaction.onabort = () => {
        db.close();
        answerAll(batch, undefined);
      };
    } catch {
      db.close();
      answerAll(batch, undefined);
    }
  };
}
