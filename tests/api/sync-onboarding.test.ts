import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Dexie } from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncEntities } from '../../src/app/sync-entities.ts';
import { onboardingDataEntity } from '../../src/features/onboarding/index.ts';
import { userProfilesEntity } from '../../src/features/profile/index.ts';
import { openAppDb, type AppDb, type OnboardingRecord } from '../../src/lib/db.ts';
import { SyncEngine } from '../../src/lib/sync/engine.ts';
import { queueWrite } from '../../src/lib/sync/outbox.ts';
import { createSupabaseTransport } from '../../src/lib/sync/transport.ts';
import { makeUserProfileRecord } from '../../src/testing/factories.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { pullEntities, push, pushInOpenTransaction } from './sync-helpers.ts';

// public.sync_push / public.sync_pull for the one-row-per-user entities (onboarding_data and
// user_profiles), through supabase-js as the app calls them; the rules are in docs/sync-protocol.md.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

interface SignedIn {
  client: SupabaseClient;
  userId: string;
  email: string;
}

const answers = (name: string) => ({
  businessName: name,
  industry: 'retail',
  primaryGoal: 'leads',
  timezone: 'Europe/Paris',
});

function onboarding(id: string, base: number | null, data: Record<string, unknown> = {}) {
  return {
    mutation_id: randomUUID(),
    entity: 'onboarding_data',
    op: 'upsert',
    id,
    base_version: base,
    data: {
      business_name: 'Corner Shop',
      business_type: 'retail',
      location: 'Leeds',
      primary_goal: 'leads',
      target_audience: 'consumers',
      posting_frequency: 'daily',
      content_preferences: ['educational', 'promotions'],
      answers: answers('Corner Shop'),
      completed_at: '2026-03-04T05:06:07.000Z',
      ...data,
    },
  };
}

function profile(id: string, data: Record<string, unknown>) {
  return {
    mutation_id: randomUUID(),
    entity: 'user_profiles',
    op: 'upsert',
    id,
    base_version: null,
    data,
  };
}

function pull(client: SupabaseClient, since: unknown = {}) {
  return pullEntities(client, ['onboarding_data', 'user_profiles'], since, 100);
}

async function onboardingRows(userId: string): Promise<Record<string, unknown>[]> {
  return (
    await server.db.query('select * from public.onboarding_data where user_id = $1', [userId])
  ).rows;
}

async function profileRows(userId: string): Promise<Record<string, unknown>[]> {
  return (await server.db.query('select * from public.user_profiles where id = $1', [userId])).rows;
}

async function newUser(): Promise<SignedIn> {
  const { client, userId, email } = await server.signedInClient();
  return { client, userId, email };
}

describe('onboarding_data through sync_push', () => {
  it('inserts the row named by the user id; a replay is answered "duplicate" and changes nothing', async () => {
    const u = await newUser();
    const m = onboarding(u.userId, null);
    const [first] = await push(u.client, [m]);
    expect(first).toMatchObject({ mutation_id: m.mutation_id, status: 'applied', version: 1 });
    expect(first!.row).toMatchObject({
      id: u.userId,
      user_id: u.userId,
      business_name: 'Corner Shop',
      content_preferences: ['educational', 'promotions'],
      answers: answers('Corner Shop'),
      last_mutation_id: m.mutation_id,
      version: 1,
    });
    expect(first!.row).not.toHaveProperty('txid');
    expect(Date.parse(String(first!.row!.completed_at))).toBe(
      Date.parse('2026-03-04T05:06:07.000Z'),
    );

    const [again] = await push(u.client, [m]);
    expect(again).toMatchObject({
      status: 'duplicate',
      outcome: 'applied',
      version: 1,
      row: { id: u.userId, version: 1 },
    });
    const rows = await onboardingRows(u.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ version: 1 });
  });

  it('updates on the known version; a field left out of data keeps its value', async () => {
    const u = await newUser();
    await push(u.client, [onboarding(u.userId, null)]);
    const edit = onboarding(u.userId, 1, { business_name: 'Corner Shop & Cafe' });
    delete (edit.data as Record<string, unknown>).location;
    const [r] = await push(u.client, [edit]);
    expect(r).toMatchObject({
      status: 'applied',
      version: 2,
      row: { business_name: 'Corner Shop & Cafe', location: 'Leeds', version: 2 },
    });
  });

  it('completing again from a second device (no base version, or a stale one) updates the one row instead of failing with 23505', async () => {
    const u = await newUser();
    await push(u.client, [onboarding(u.userId, null, { business_name: 'First Device' })]);
    const [second] = await push(u.client, [
      onboarding(u.userId, null, { business_name: 'Second Device' }),
    ]);
    expect(second).toMatchObject({
      status: 'applied',
      version: 2,
      row: { id: u.userId, business_name: 'Second Device' },
    });
    const [stale] = await push(u.client, [
      onboarding(u.userId, 1, { business_name: 'Stale Device' }),
    ]);
    expect(stale).toMatchObject({ status: 'applied', version: 3 });
    const rows = await onboardingRows(u.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ business_name: 'Stale Device', version: 3 });
  });

  it('a push naming another id reaches the same row, and the answer carries the real id', async () => {
    const u = await newUser();
    // Created outside sync (REST), so its id is a server default, not the user id.
    const created = await u.client
      .from('onboarding_data')
      .insert({
        business_name: 'Made Over REST',
        business_type: 'tech',
        primary_goal: 'awareness',
      })
      .select('id')
      .single();
    expect(created.error).toBeNull();
    const realId = String(created.data!.id);
    expect(realId).not.toBe(u.userId);

    const byUserId = onboarding(u.userId, null, { business_name: 'Via The User Id' });
    const otherId = onboarding(randomUUID(), null, { business_name: 'Via Another Id' });
    const results = await push(u.client, [byUserId, otherId]);
    expect(results.map((r) => [r.status, r.row?.id, r.version])).toEqual([
      ['applied', realId, 2],
      ['applied', realId, 3],
    ]);
    const [replay] = await push(u.client, [otherId]);
    expect(replay).toMatchObject({ status: 'duplicate', row: { id: realId, version: 3 } });
    const rows = await onboardingRows(u.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: realId, business_name: 'Via Another Id' });
  });

  it('reports a bad enum value as rejected with its SQLSTATE, applies the rest of the batch, and does not record it', async () => {
    const u = await newUser();
    const bad = onboarding(u.userId, null, { business_type: 'spaceship' });
    const good = profile(u.userId, { email: u.email, first_name: 'Ada' });
    const results = await push(u.client, [bad, good]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'applied']);
    expect(results[0]!.error).toMatchObject({ code: '23514' });
    expect(results[0]!.error!.message).toContain('onboarding_data_business_type_check');
    expect(await onboardingRows(u.userId)).toEqual([]);

    // Rejections are not remembered: the corrected retry of the same mutation id goes through.
    const [fixed] = await push(u.client, [
      { ...bad, data: { ...bad.data, business_type: 'tech' } },
    ]);
    expect(fixed).toMatchObject({ status: 'applied', row: { business_type: 'tech' } });

    const others = await push(u.client, [
      onboarding(u.userId, 1, { posting_frequency: 'hourly' }),
      onboarding(u.userId, 1, { business_name: ' ' }),
      { ...onboarding(u.userId, 1), op: 'delete', data: null },
    ]);
    expect(others.map((r) => [r.status, r.error?.code])).toEqual([
      ['rejected', '23514'],
      ['rejected', '23514'],
      ['rejected', '22023'],
    ]);
    expect(await onboardingRows(u.userId)).toMatchObject([{ business_type: 'tech', version: 1 }]);
  });

  it('a first completion without a required answer is rejected as 23502', async () => {
    const u = await newUser();
    const m = onboarding(u.userId, null);
    delete (m.data as Record<string, unknown>).business_name;
    const [r] = await push(u.client, [m]);
    expect(r).toMatchObject({ status: 'rejected', error: { code: '23502' } });
  });
});

describe('onboarding_data and row-level security', () => {
  it("another user's row is never changed, revealed or pulled", async () => {
    const alice = await newUser();
    const bob = await newUser();
    await push(alice.client, [onboarding(alice.userId, null, { business_name: 'Alice Shop' })]);

    // Bob has no row: naming Alice's row inserts a new one with that id, which hits the key.
    const [taken] = await push(bob.client, [
      onboarding(alice.userId, null, { business_name: 'Bob Takes Over' }),
    ]);
    expect(taken).toMatchObject({ status: 'rejected', error: { code: '23505' } });
    expect(taken!.row).toBeUndefined();

    // Once Bob has a row, any id he names reaches his own row only.
    await push(bob.client, [onboarding(bob.userId, null, { business_name: 'Bob Shop' })]);
    const [own] = await push(bob.client, [
      onboarding(alice.userId, 1, { business_name: 'Bob Edits' }),
    ]);
    expect(own).toMatchObject({
      status: 'applied',
      row: { id: bob.userId, user_id: bob.userId, business_name: 'Bob Edits' },
    });

    expect(await onboardingRows(alice.userId)).toMatchObject([
      { business_name: 'Alice Shop', version: 1 },
    ]);
    const bobsView = await pull(bob.client);
    expect(bobsView.changes.onboarding_data!.map((r) => r.user_id)).toEqual([bob.userId]);
    expect(bobsView.changes.user_profiles).toEqual([]);
  });

  it("cannot replay another user's mutation id to read its outcome", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const m = onboarding(alice.userId, null, { business_name: 'Alice Only' });
    await push(alice.client, [m]);
    const [r] = await push(bob.client, [{ ...m, id: bob.userId }]);
    expect(r!.status).toBe('rejected');
    expect(r!.row).toBeUndefined();
    expect(await onboardingRows(bob.userId)).toEqual([]);
  });
});

describe('user_profiles through sync_push', () => {
  it('inserts, replays as duplicate, and updates only the columns sent', async () => {
    const u = await newUser();
    const m = profile(u.userId, { email: u.email, first_name: 'Ada', last_name: 'Lovelace' });
    const [first] = await push(u.client, [m]);
    expect(first).toMatchObject({
      status: 'applied',
      version: 1,
      row: { id: u.userId, user_id: u.userId, email: u.email, first_name: 'Ada', company: null },
    });
    const [again] = await push(u.client, [m]);
    expect(again).toMatchObject({ status: 'duplicate', outcome: 'applied', version: 1 });

    await u.client
      .from('user_profiles')
      .update({ company: 'Analytical Engines' })
      .eq('id', u.userId);
    const [second] = await push(u.client, [profile(u.userId, { first_name: 'Augusta' })]);
    expect(second).toMatchObject({
      status: 'applied',
      version: 3,
      row: { first_name: 'Augusta', last_name: 'Lovelace', company: 'Analytical Engines' },
    });
    expect(await profileRows(u.userId)).toHaveLength(1);
  });

  it("refuses another user's profile (42501) and a blank email (23514)", async () => {
    const alice = await newUser();
    const bob = await newUser();
    await push(alice.client, [profile(alice.userId, { email: alice.email, first_name: 'Alice' })]);
    const results = await push(bob.client, [
      profile(alice.userId, { email: bob.email, first_name: 'Bob' }),
      profile(bob.userId, { email: '  ' }),
      profile(bob.userId, { first_name: 'No Email' }),
    ]);
    expect(results.map((r) => [r.status, r.error?.code])).toEqual([
      ['rejected', '42501'],
      ['rejected', '23514'],
      ['rejected', '23502'],
    ]);
    expect(await profileRows(alice.userId)).toMatchObject([{ first_name: 'Alice', version: 1 }]);
    expect(await profileRows(bob.userId)).toEqual([]);
  });
});

describe('sync_pull of onboarding_data and user_profiles', () => {
  it('pulls both rows with a cursor and brings a row again only after it changed', async () => {
    const u = await newUser();
    await push(u.client, [
      onboarding(u.userId, null),
      profile(u.userId, { email: u.email, first_name: 'Ada' }),
    ]);
    const first = await pull(u.client);
    expect(first.more).toBe(false);
    expect(first.changes.onboarding_data).toMatchObject([
      { id: u.userId, user_id: u.userId, business_name: 'Corner Shop', version: 1 },
    ]);
    expect(first.changes.user_profiles).toMatchObject([
      { id: u.userId, user_id: u.userId, first_name: 'Ada', version: 1 },
    ]);
    expect(first.changes.onboarding_data![0]).not.toHaveProperty('txid');

    const quiet = await pull(u.client, first.cursor);
    expect(quiet.changes).toEqual({ onboarding_data: [], user_profiles: [] });

    await push(u.client, [onboarding(u.userId, 1, { business_name: 'Corner Shop II' })]);
    const next = await pull(u.client, first.cursor);
    expect(next.changes.onboarding_data).toMatchObject([
      { business_name: 'Corner Shop II', version: 2 },
    ]);
    expect(next.changes.user_profiles).toEqual([]);
  });
});

describe('the sync engine with the onboarding entities', () => {
  const dbs: { db: AppDb; name: string }[] = [];
  afterAll(async () => {
    for (const { db, name } of dbs) {
      db.close();
      await Dexie.delete(name);
    }
  });

  function device(): AppDb {
    const name = `sync-onboarding-${randomUUID()}`;
    const db = openAppDb(name);
    dbs.push({ db, name });
    return db;
  }

  /** The app's sync engine on `db`, signed in as `u`, with no other tab to coordinate with. */
  function engineFor(db: AppDb, u: SignedIn): SyncEngine {
    return new SyncEngine({
      db,
      transport: createSupabaseTransport(u.client, u.userId),
      userId: u.userId,
      registry: syncEntities,
      locks: null,
      channel: null,
    });
  }

  function record(id: string, userId: string, name: string): OnboardingRecord {
    return {
      id,
      userId,
      businessName: name,
      businessType: 'education',
      location: 'Not specified',
      primaryGoal: 'engagement',
      targetAudience: 'General audience',
      postingFrequency: 'regular',
      contentPreferences: ['testimonials'],
      answers: answers(name),
      completedAt: new Date().toISOString(),
      updatedAt: null,
      version: null,
    };
  }

  it('two devices complete offline; both pushes land on one row and both devices end with it', async () => {
    const u = await newUser();
    const phone = device();
    const laptop = device();
    await queueWrite(phone, onboardingDataEntity, {
      op: 'upsert',
      row: record(u.userId, u.userId, 'From The Phone'),
    });
    await queueWrite(laptop, onboardingDataEntity, {
      op: 'upsert',
      row: record(u.userId, u.userId, 'From The Laptop'),
    });
    await queueWrite(laptop, userProfilesEntity, {
      op: 'upsert',
      row: makeUserProfileRecord({
        id: u.userId,
        userId: u.userId,
        email: u.email,
        firstName: 'Ada',
      }),
    });

    const phoneEngine = engineFor(phone, u);
    const laptopEngine = engineFor(laptop, u);
    expect(await phoneEngine.runOnce()).toBe('idle');
    expect(await laptopEngine.runOnce()).toBe('idle');
    phoneEngine.requestPull();
    expect(await phoneEngine.runOnce()).toBe('idle');

    for (const db of [phone, laptop]) {
      expect(await db.outbox.count()).toBe(0);
      expect(await db.onboardingData.toArray()).toMatchObject([
        { id: u.userId, userId: u.userId, businessName: 'From The Laptop', version: 2 },
      ]);
    }
    expect(await phone.userProfiles.toArray()).toMatchObject([
      { id: u.userId, userId: u.userId, email: u.email, firstName: 'Ada', version: 1 },
    ]);
    expect(await onboardingRows(u.userId)).toMatchObject([
      { business_name: 'From The Laptop', version: 2 },
    ]);
    await phoneEngine.stop();
    await laptopEngine.stop();
  });

  it('parks a refused completion with its SQLSTATE and keeps it on the device', async () => {
    const u = await newUser();
    const db = device();
    await queueWrite(db, onboardingDataEntity, {
      op: 'upsert',
      row: { ...record(u.userId, u.userId, 'Refused Shop'), businessType: 'spaceship' },
    });
    const engine = engineFor(db, u);
    expect(await engine.runOnce()).toBe('idle');
    const status = await engine.publishStatus();
    expect(status.parked).toMatchObject([
      { entity: 'onboarding_data', entityId: u.userId, error: { kind: 'rejected', code: '23514' } },
    ]);
    expect(await db.onboardingData.get(u.userId)).toMatchObject({ businessName: 'Refused Shop' });
    expect(await onboardingRows(u.userId)).toEqual([]);
    await engine.stop();
  });
});

// Two connections at once exist only on PostgreSQL (PGlite is one connection).
if (process.env.TEST_DATABASE_URL) {
  describe('two first completions at the same moment (PostgreSQL)', () => {
    it('the later insert waits for the earlier one, then updates its row instead of failing', async () => {
      const u = await newUser();
      const commitPhone = await pushInOpenTransaction(server, u.userId, [
        onboarding(u.userId, null, { business_name: 'From The Phone' }),
      ]);
      const laptop = push(u.client, [
        onboarding(randomUUID(), null, { business_name: 'From The Laptop' }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await commitPhone();
      const [r] = await laptop;
      expect(r).toMatchObject({
        status: 'applied',
        version: 2,
        row: { id: u.userId, business_name: 'From The Laptop' },
      });
      expect(await onboardingRows(u.userId)).toHaveLength(1);
    });
  });
}
