import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { openAppDb, setAppDb } from './db';
import { appDbName } from './db-name';
import { readKvValue } from './kv-read';

afterEach(() => setAppDb(undefined));

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
