import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { Dexie } from 'dexie';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { syncEntities } from '../../src/app/sync-entities.ts';
import { userPreferencesEntity } from '../../src/features/preferences/index.ts';
import { openAppDb, type AppDb, type UserPreferencesRecord } from '../../src/lib/db.ts';
import { SyncEngine } from '../../src/lib/sync/engine.ts';
import { queueWrite } from '../../src/lib/sync/outbox.ts';
import { createSupabaseTransport } from '../../src/lib/sync/transport.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { pullEntities, push } from './sync-helpers.ts';

// public.user_preferences as a synced entity (Settings → Notifications and Appearance): one row per
// user, id = the user id, the newest write wins; see docs/sync-protocol.md.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

function preferences(id: string, data: Record<string, unknown>) {
  return {
    mutation_id: randomUUID(),
    entity: 'user_preferences',
    op: 'upsert',
    id,
    base_version: null,
    data,
  };
}

async function rows(userId: string) {
  return (
    await server.db.query('select * from public.user_preferences where user_id = $1', [userId])
  ).rows;
}

describe('user_preferences through sync_push and sync_pull', () => {
  it('creates the row with the defaults for what is not sent; a replay is a duplicate', async () => {
    const u = await server.signedInClient();
    const m = preferences(u.userId, { theme: 'dark', time_zone: 'America/New_York' });
    const [first] = await push(u.client, [m]);
    expect(first).toMatchObject({
      status: 'applied',
      version: 1,
      row: {
        id: u.userId,
        user_id: u.userId,
        email_notifications: true,
        push_notifications: true,
        marketing_emails: false,
        theme: 'dark',
        language: 'en-US',
        time_zone: 'America/New_York',
      },
    });
    expect(first!.row).not.toHaveProperty('txid');
    const [again] = await push(u.client, [m]);
    expect(again).toMatchObject({ status: 'duplicate', outcome: 'applied', version: 1 });
    expect(await rows(u.userId)).toHaveLength(1);
  });

  it('updates what is sent and keeps the rest; null clears the zone', async () => {
    const u = await server.signedInClient();
    await push(u.client, [preferences(u.userId, { language: 'fr', time_zone: 'Europe/Paris' })]);
    const [r] = await push(u.client, [preferences(u.userId, { marketing_emails: true })]);
    expect(r).toMatchObject({
      status: 'applied',
      version: 2,
      row: { language: 'fr', time_zone: 'Europe/Paris', marketing_emails: true },
    });
    const [cleared] = await push(u.client, [preferences(u.userId, { time_zone: null })]);
    expect(cleared).toMatchObject({ version: 3, row: { time_zone: null, language: 'fr' } });
  });

  it('refuses unknown values and zones with their SQLSTATE, and another user’s id', async () => {
    const u = await server.signedInClient();
    const other = await server.signedInClient();
    const results = await push(u.client, [
      preferences(u.userId, { theme: 'sepia' }),
      preferences(u.userId, { language: 'tlh' }),
      preferences(u.userId, { time_zone: 'Mars/Olympus_Mons' }),
      preferences(u.userId, { time_zone: "Europe/Paris'; drop table x; --" }),
      preferences(other.userId, { theme: 'dark' }),
      preferences(u.userId, { email_notifications: 'perhaps' }),
    ]);
    expect(results.map((r) => [r.status, r.error?.code])).toEqual([
      ['rejected', '23514'],
      ['rejected', '23514'],
      ['rejected', '22023'],
      ['rejected', '22023'],
      ['rejected', '22023'],
      ['rejected', '22P02'],
    ]);
    expect(await rows(u.userId)).toHaveLength(0);
    expect(await rows(other.userId)).toHaveLength(0);
  });

  it('is pulled by its user only, and another user can neither read nor change it', async () => {
    const u = await server.signedInClient();
    const other = await server.signedInClient();
    await push(u.client, [preferences(u.userId, { theme: 'light' })]);
    const mine = await pullEntities(u.client, ['user_preferences'], {}, 100);
    expect(mine.changes.user_preferences).toEqual([
      expect.objectContaining({ id: u.userId, theme: 'light' }),
    ]);
    const theirs = await pullEntities(other.client, ['user_preferences'], {}, 100);
    expect(theirs.changes.user_preferences ?? []).toEqual([]);

    const read = await other.client.from('user_preferences').select('*').eq('id', u.userId);
    expect(read.data).toEqual([]);
    const update = await other.client
      .from('user_preferences')
      .update({ theme: 'dark' })
      .eq('id', u.userId)
      .select();
    expect(update.data).toEqual([]);
    const insert = await other.client
      .from('user_preferences')
      .insert({ id: u.userId, user_id: u.userId, theme: 'dark' });
    expect(insert.error?.code).toBe('42501');
    const anon = await server.anonClient().from('user_preferences').select('*');
    expect(anon.data ?? []).toEqual([]);
    expect((await rows(u.userId))[0]).toMatchObject({ theme: 'light', version: 1 });
  });
});

describe('user_preferences through the app’s sync engine', () => {
  const dbs: { db: AppDb; name: string }[] = [];

  afterEach(async () => {
    for (const { db, name } of dbs.splice(0)) {
      db.close();
      await Dexie.delete(name);
    }
  });

  function device(): AppDb {
    const name = `sync-preferences-${randomUUID()}`;
    const db = openAppDb(name);
    dbs.push({ db, name });
    return db;
  }

  it('a choice made on one device reaches the other', async () => {
    const u = await server.signedInClient();
    const phone = device();
    const laptop = device();
    const engine = (db: AppDb) =>
      new SyncEngine({
        db,
        transport: createSupabaseTransport(u.client, u.userId),
        userId: u.userId,
        registry: syncEntities,
        locks: null,
        channel: null,
      });
    const row: UserPreferencesRecord = {
      id: u.userId,
      userId: u.userId,
      emailNotifications: false,
      pushNotifications: true,
      marketingEmails: false,
      theme: 'dark',
      language: 'de',
      timeZone: 'Europe/Berlin',
      updatedAt: null,
      version: null,
    };
    await queueWrite(phone, userPreferencesEntity, { op: 'upsert', row });
    expect(await engine(phone).runOnce()).toBe('idle');
    const laptopEngine = engine(laptop);
    laptopEngine.requestPull();
    expect(await laptopEngine.runOnce()).toBe('idle');
    expect(await laptop.userPreferences.get(u.userId)).toMatchObject({
      emailNotifications: false,
      theme: 'dark',
      language: 'de',
      timeZone: 'Europe/Berlin',
      version: 1,
    });
  });
});
