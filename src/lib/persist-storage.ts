import type { AppDb } from './db';

/** The storage interface redux-persist expects (its `Storage`, promise-returning). */
export interface PersistStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** redux-persist storage on the kv table of the app database. */
export function createDexieStorage(db: AppDb | (() => AppDb)): PersistStorage {
  const get = typeof db === 'function' ? db : () => db;
  return {
    async getItem(key) {
      const row = await get().kv.get(key);
      return row ? row.value : null;
    },
    async setItem(key, value) {
      await get().kv.put({ key, value });
    },
    async removeItem(key) {
      await get().kv.delete(key);
    },
  };
}

interface Flushable {
  flush(): Promise<unknown>;
}

/**
 * Writes what redux-persist still holds in memory when the page is hidden or unloaded: a mobile
 * browser may kill a hidden tab without another event. Returns the unsubscribe function.
 */
export function flushOnHide(
  persistor: Flushable,
  win: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined = globalThis.window,
  doc:
    | Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>
    | undefined = globalThis.document,
): () => void {
  const flush = () => {
    void persistor.flush().catch(() => undefined);
  };
  const onVisibility = () => {
    if (doc?.visibilityState === 'hidden') flush();
  };
  doc?.addEventListener('visibilitychange', onVisibility);
  win?.addEventListener('pagehide', flush);
  return () => {
    doc?.removeEventListener('visibilitychange', onVisibility);
    win?.removeEventListener('pagehide', flush);
  };
}
