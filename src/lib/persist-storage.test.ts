import { Dexie } from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { openAppDb } from './db';
import { createDexieStorage, flushOnHide } from './persist-storage';

describe('createDexieStorage', () => {
  it('keeps values across a reopen of the database', async () => {
    const name = `kv-${crypto.randomUUID()}`;
    const db = openAppDb(name);
    const storage = createDexieStorage(db);
    expect(await storage.getItem('persist:ui')).toBeNull();
    await storage.setItem('persist:ui', '{"themeMode":"\\"dark\\""}');
    db.close();
    const reopened = openAppDb(name);
    const again = createDexieStorage(() => reopened);
    expect(await again.getItem('persist:ui')).toBe('{"themeMode":"\\"dark\\""}');
    await again.removeItem('persist:ui');
    expect(await again.getItem('persist:ui')).toBeNull();
    reopened.close();
    await Dexie.delete(name);
  });
});

describe('flushOnHide', () => {
  it('flushes when the page is hidden or left, and stops when unsubscribed', () => {
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), {
      visibilityState: 'visible' as DocumentVisibilityState,
    });
    const persistor = { flush: vi.fn(() => Promise.resolve()) };
    const stop = flushOnHide(persistor, win as unknown as Window, doc as unknown as Document);
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(persistor.flush).not.toHaveBeenCalled();
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    win.dispatchEvent(new Event('pagehide'));
    expect(persistor.flush).toHaveBeenCalledTimes(2);
    stop();
    win.dispatchEvent(new Event('pagehide'));
    expect(persistor.flush).toHaveBeenCalledTimes(2);
  });
});
