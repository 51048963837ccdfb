import { Dexie } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openAppDb, setAppDb } from './db';
import { appDbName } from './db-name';
import { readKvValue } from './kv-read';

afterEach(() => {
  setAppDb(undefined);
  vi.restoreAllMocks();
});

/** A database of this test's own, as the app would use it. */
function appDb() {
  const db = openAppDb(`kv-read-${crypto.randomUUID()}`);
  setAppDb(db);
  return db;
}

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((d) => d.name ?? '');
}

describe('readKvValue', () => {
  it('reads what Dexie wrote, and null for a key never written', async () => {
    const db = appDb();
    await db.kv.put({ key: 'persist:ui', value: '{"themeMode":"\\"dark\\""}' });
    db.close();
    expect(await readKvValue('persist:ui')).toBe('{"themeMode":"\\"dark\\""}');
    expect(await readKvValue('persist:ai')).toBeNull();
  });

  it('reads the keys asked for together with one connection, and later ones with another', async () => {
    const db = appDb();
    await db.kv.bulkPut([
      { key: 'persist:ui', value: 'ui' },
      { key: 'persist:ai', value: 'ai' },
    ]);
    db.close();
    const opens = vi.spyOn(indexedDB, 'open');
    // The store's start: every persisted slice asks at once.
    const together = await Promise.all([
      readKvValue('persist:ui'),
      readKvValue('persist:ai'),
      readKvValue('persist:onboarding'),
      readKvValue('persist:ui'),
    ]);
    expect(together).toEqual(['ui', 'ai', null, 'ui']);
    expect(opens).toHaveBeenCalledTimes(1);
    expect(await readKvValue('persist:ai')).toBe('ai');
    expect(opens).toHaveBeenCalledTimes(2);
  });

  it('answers null on a device with no database, and creates none', async () => {
    const name = appDb().name;
    expect(appDbName()).toBe(name);
    expect(await readKvValue('persist:ui')).toBeNull();
    expect(await databaseNames()).not.toContain(name);
  });

  it('leaves to Dexie a database without the kv table', async () => {
    const name = `kv-read-other-${crypto.randomUUID()}`;
    const other = new Dexie(name);
    other.version(1).stores({ things: 'id' });
    await other.open();
    other.close();
    setAppDb(openAppDb(name));
    expect(await readKvValue('persist:ui')).toBeUndefined();
  });

  it('reads an older version of the database and never holds up Dexie upgrading it', async () => {
    const name = `kv-read-old-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(1).stores({ kv: 'key' });
    await old.table('kv').put({ key: 'persist:ui', value: 'saved' });
    old.close();
    const db = openAppDb(name);
    setAppDb(db);

    const reading = readKvValue('persist:ui');
    // Dexie opens the same database at the app's version while the read is under way.
    await db.open();
    expect(await reading).toBe('saved');
    expect(await db.kv.get('persist:ui')).toEqual({ key: 'persist:ui', value: 'saved' });
    expect(db.tables.map((t) => t.name)).toContain('drafts');
    db.close();
  });
});
