// @vitest-environment jsdom
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { openAppDb, type AppDb, type OnboardingRecord } from '../../lib/db';
import { SyncEngine } from '../../lib/sync/engine';
import { createSyncRegistry, type ServerRow } from '../../lib/sync/entities';
import { syncRowsChanged } from '../../lib/sync/events';
import type { PushMutation, PushResult, SyncTransport } from '../../lib/sync/transport';
import { makeOnboardingForm } from '../../testing/factories';
import { userProfilesEntity } from '../profile';
import { cachedCompletion } from './onboarding-api';
import {
  completeOnboarding,
  loadLocalOnboarding,
  readLocalOnboarding,
} from './onboarding-repository';
import {
  onboardingChecked,
  onboardingReducer,
  selectOnboardingStatus,
  selectRefusedProfileSave,
  selectRefusedSave,
} from './onboarding-slice';
import { onboardingDataEntity } from './onboarding-sync';

const ADA = { id: 'ada-id', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };

const form = (businessName: string) => makeOnboardingForm({ businessName });

/**
 * The server's rules for one-row-per-user entities (see tests/api/sync-onboarding.test.ts for the
 * SQL itself): a push lands on the user's row whatever id it names; `refuse` plays a check
 * constraint the device does not know about.
 */
class OneRowServer {
  readonly rows = new Map<string, ServerRow>();
  readonly pushes: PushMutation[] = [];
  refuse: ((m: PushMutation) => boolean) | null = null;

  key(entity: string, userId: string) {
    return `${entity}:${userId}`;
  }

  apply(userId: string, m: PushMutation): PushResult {
    this.pushes.push(m);
    if (this.refuse?.(m)) {
      return {
        mutation_id: m.mutation_id,
        status: 'rejected',
        error: {
          code: '23514',
          message: 'new row violates check constraint "onboarding_data_business_type_check"',
        },
      };
    }
    const key = this.key(m.entity, userId);
    const cur = this.rows.get(key);
    const row: ServerRow = {
      ...cur,
      ...m.data,
      id: cur?.id ?? m.id,
      user_id: userId,
      version: (cur?.version ?? 0) + 1,
    };
    this.rows.set(key, row);
    return { mutation_id: m.mutation_id, status: 'applied', version: row.version, row };
  }

  transport(userId: string): SyncTransport {
    return {
      push: async (mutations) => mutations.map((m) => this.apply(userId, m)),
      pull: async (cursor) => ({ changes: {}, cursor, more: false }),
      // As the REST API answers: a profile row has no user_id column (its id is the user's).
      fetchRows: async (entity, ids) =>
        [...this.rows.entries()]
          .filter(([key, r]) => key === this.key(entity, userId) && ids.includes(r.id))
          .map(([, r]) => {
            if (entity !== 'user_profiles') return r;
            const { user_id: _owner, ...rest } = r;
            return rest as ServerRow;
          }),
      refreshSession: async () => true,
    };
  }
}

let db: AppDb;
let dbName: string;
let server: OneRowServer;
let engine: SyncEngine;

function setup() {
  const store = configureStore({ reducer: { onboarding: onboardingReducer } });
  engine = new SyncEngine({
    db,
    transport: server.transport(ADA.id),
    userId: ADA.id,
    registry: createSyncRegistry([onboardingDataEntity, userProfilesEntity]),
    locks: null,
    channel: null,
    onChange: (change) => store.dispatch(syncRowsChanged(change)),
  });
  const verdict = () => selectOnboardingStatus(store.getState(), ADA.id);
  const refusal = () => selectRefusedSave(store.getState(), ADA.id);
  return { store, verdict, refusal };
}

beforeEach(() => {
  dbName = `onboarding-sync-${crypto.randomUUID()}`;
  db = openAppDb(dbName);
  server = new OneRowServer();
  localStorage.clear();
});

afterEach(async () => {
  await engine?.stop();
  db.close();
  await Dexie.delete(dbName);
});

describe('completing onboarding through the outbox', () => {
  it('saves the answers and the profile with their outbox entries and counts at once', async () => {
    const { store, verdict } = setup();
    store.dispatch(onboardingChecked({ userId: ADA.id, complete: false }));
    const saved = await store.dispatch(completeOnboarding(ADA, form('Corner Shop'), db, 1000));

    expect(verdict()).toBe('complete');
    expect(cachedCompletion(ADA.id)).toBe(true);
    expect(saved).toMatchObject({ id: ADA.id, userId: ADA.id, version: null });
    expect(await db.onboardingData.get(ADA.id)).toEqual(saved);
    expect(await db.userProfiles.get(ADA.id)).toMatchObject({ email: ADA.email, firstName: 'Ada' });
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.entity, e.entityId, e.op, e.state, e.baseVersion])).toEqual([
      ['onboarding_data', ADA.id, 'upsert', 'pending', null],
      ['user_profiles', ADA.id, 'upsert', 'pending', null],
    ]);
    expect(entries[0]!.data).toMatchObject({
      business_name: 'Corner Shop',
      business_type: 'retail',
      location: 'Not specified',
      target_audience: 'consumers',
      posting_frequency: 'daily',
      content_preferences: ['educational'],
      completed_at: new Date(1000).toISOString(),
    });
    expect(entries[1]!.data).toEqual({
      email: ADA.email,
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
    expect(server.pushes).toEqual([]);
  });

  it('is pushed by the sync engine, and the device then holds the server’s row', async () => {
    const { store, verdict } = setup();
    await store.dispatch(completeOnboarding(ADA, form('Corner Shop'), db));
    expect(await engine.runOnce()).toBe('idle');

    expect(server.pushes.map((m) => m.entity)).toEqual(['onboarding_data', 'user_profiles']);
    expect(await db.outbox.count()).toBe(0);
    expect(store.getState().onboarding.local).toMatchObject({
      row: { id: ADA.id, businessName: 'Corner Shop', version: 1 },
      waiting: false,
    });
    expect(await db.userProfiles.get(ADA.id)).toMatchObject({ version: 1 });
    expect(verdict()).toBe('complete');
  });

  it('shows a refused save, lets the user fix it, and the corrected save supersedes it', async () => {
    const { store, verdict, refusal } = setup();
    store.dispatch(onboardingChecked({ userId: ADA.id, complete: false }));
    server.refuse = (m) => m.entity === 'onboarding_data' && m.data?.business_name === 'Moon Base';
    await store.dispatch(completeOnboarding(ADA, form('Moon Base'), db));
    expect(await engine.runOnce()).toBe('idle');

    const status = await engine.publishStatus();
    expect(status.parked).toMatchObject([
      { entity: 'onboarding_data', error: { kind: 'rejected', code: '23514' } },
    ]);
    // The gate reads the device again whenever the sync status changes.
    await store.dispatch(loadLocalOnboarding(ADA.id, db));
    expect(refusal()).toMatchObject({ code: '23514', message: expect.stringContaining('check') });
    expect(verdict()).toBe('incomplete');
    // Kept on the device, ready to pre-fill the wizard.
    expect((await db.onboardingData.get(ADA.id))?.answers).toMatchObject({
      businessName: 'Moon Base',
    });

    await store.dispatch(completeOnboarding(ADA, form('Moon Bakery'), db));
    expect(refusal()).toBeNull();
    expect(verdict()).toBe('complete');
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.entity, e.state])).toEqual([
      ['onboarding_data', 'pending'],
      ['user_profiles', 'pending'],
    ]);
    expect(await engine.runOnce()).toBe('idle');
    expect(server.rows.get(server.key('onboarding_data', ADA.id))).toMatchObject({
      business_name: 'Moon Bakery',
      version: 1,
    });
    expect((await engine.publishStatus()).parked).toEqual([]);
  });

  it('discarding a refused first completion undoes it on the device', async () => {
    const { store, verdict } = setup();
    store.dispatch(onboardingChecked({ userId: ADA.id, complete: false }));
    server.refuse = (m) => m.entity === 'onboarding_data';
    await store.dispatch(completeOnboarding(ADA, form('Moon Base'), db));
    await engine.runOnce();
    const [parked] = (await engine.publishStatus()).parked;
    await engine.discard([parked!.seq]);
    expect(await db.onboardingData.count()).toBe(0);
    expect(store.getState().onboarding.completed).toBe(false);
    expect(verdict()).toBe('incomplete');
  });

  it('discarding a refused profile change puts the server’s profile back', async () => {
    const { store } = setup();
    await store.dispatch(completeOnboarding(ADA, form('Corner Shop'), db));
    await engine.runOnce();
    server.refuse = (m) => m.entity === 'user_profiles';
    await store.dispatch(
      completeOnboarding({ ...ADA, firstName: 'Adaline' }, form('Corner Shop'), db),
    );
    await engine.runOnce();
    expect(await db.userProfiles.get(ADA.id)).toMatchObject({ firstName: 'Adaline' });
    const parked = (await engine.publishStatus()).parked;
    expect(parked.map((p) => p.entity)).toEqual(['user_profiles']);
    await engine.discard(parked.map((p) => p.seq));
    expect(await db.userProfiles.get(ADA.id)).toMatchObject({ firstName: 'Ada', version: 1 });
  });

  it('shows a refused profile part as its own refusal (§8 Failed to save user profile)', async () => {
    const { store, verdict, refusal } = setup();
    server.refuse = (m) => m.entity === 'user_profiles';
    await store.dispatch(completeOnboarding(ADA, form('Corner Shop'), db));
    await engine.runOnce();
    await store.dispatch(loadLocalOnboarding(ADA.id, db));
    // The answers reached the server: onboarding is complete, only the profile was refused.
    expect(verdict()).toBe('complete');
    expect(refusal()).toBeNull();
    expect(selectRefusedProfileSave(store.getState(), ADA.id)).toMatchObject({
      code: '23514',
      message: expect.stringContaining('check'),
    });
    expect(selectRefusedProfileSave(store.getState(), 'someone-else')).toBeNull();

    // A new completion supersedes it.
    server.refuse = null;
    await store.dispatch(completeOnboarding(ADA, form('Corner Shop'), db));
    expect(selectRefusedProfileSave(store.getState(), ADA.id)).toBeNull();
    await engine.runOnce();
    await store.dispatch(loadLocalOnboarding(ADA.id, db));
    expect(selectRefusedProfileSave(store.getState(), ADA.id)).toBeNull();
  });

  it('updates the row pulled from the server under its own id and version', async () => {
    const { store } = setup();
    const pulled: OnboardingRecord = {
      id: 'server-row-id',
      userId: ADA.id,
      businessName: 'Made Elsewhere',
      businessType: 'tech',
      location: 'Leeds',
      primaryGoal: 'awareness',
      targetAudience: 'consumers',
      postingFrequency: 'regular',
      contentPreferences: [],
      answers: {},
      completedAt: null,
      updatedAt: null,
      version: 3,
    };
    await db.onboardingData.put(pulled);
    await store.dispatch(completeOnboarding(ADA, form('Updated Here'), db));
    const [entry] = await db.outbox.orderBy('seq').toArray();
    expect(entry).toMatchObject({ entityId: 'server-row-id', baseVersion: 3 });
    expect(await db.onboardingData.count()).toBe(1);
  });

  it('keeps one row when the server answers with the id of a row made elsewhere', async () => {
    const { store, verdict } = setup();
    server.rows.set(server.key('onboarding_data', ADA.id), {
      id: 'rest-row-id',
      user_id: ADA.id,
      business_name: 'Made Over REST',
      version: 1,
    });
    await store.dispatch(completeOnboarding(ADA, form('Second Device'), db));
    await engine.runOnce();
    expect((await db.onboardingData.toArray()).map((r) => r.id).sort()).toEqual([
      ADA.id,
      'rest-row-id',
    ]);
    expect(store.getState().onboarding.local.row).toMatchObject({
      id: 'rest-row-id',
      businessName: 'Second Device',
      version: 2,
    });

    const read = await store.dispatch(loadLocalOnboarding(ADA.id, db));
    expect(read.row).toMatchObject({ id: 'rest-row-id', version: 2 });
    expect((await db.onboardingData.toArray()).map((r) => r.id)).toEqual(['rest-row-id']);
    expect(verdict()).toBe('complete');
  });

  it('reads a waiting completion as waiting, with nothing refused', async () => {
    const { store } = setup();
    expect(await readLocalOnboarding(db, ADA.id)).toEqual({
      row: null,
      waiting: false,
      refused: [],
    });
    await store.dispatch(completeOnboarding(ADA, form('Corner Shop'), db));
    expect(await readLocalOnboarding(db, ADA.id)).toMatchObject({
      row: { id: ADA.id },
      waiting: true,
      refused: [],
    });
    expect(await readLocalOnboarding(db, 'someone-else')).toMatchObject({ row: null });
  });
});

describe('onboarding_data mapping', () => {
  const record: OnboardingRecord = {
    id: 'u1',
    userId: 'u1',
    businessName: 'Corner Shop',
    businessType: 'retail',
    location: 'Leeds',
    primaryGoal: 'leads',
    targetAudience: 'consumers',
    postingFrequency: 'daily',
    contentPreferences: ['educational'],
    answers: { businessName: 'Corner Shop', brandColors: ['#FF5722'] },
    completedAt: '2026-03-04T05:06:07.000Z',
    updatedAt: null,
    version: null,
  };

  it('sends the writable columns of §3 in the server’s shape, never ids or versions', () => {
    expect(onboardingDataEntity.toServer(record)).toEqual({
      business_name: 'Corner Shop',
      business_type: 'retail',
      location: 'Leeds',
      primary_goal: 'leads',
      target_audience: 'consumers',
      posting_frequency: 'daily',
      content_preferences: ['educational'],
      answers: { businessName: 'Corner Shop', brandColors: ['#FF5722'] },
      completed_at: '2026-03-04T05:06:07.000Z',
    });
  });

  it('reads a server row back into the same local row', () => {
    const server: ServerRow = {
      id: 'row-1',
      user_id: 'u1',
      ...onboardingDataEntity.toServer(record),
      completed_at: '2026-03-04T05:06:07+00:00',
      updated_at: '2026-03-05T00:00:00+00:00',
      version: 4,
      last_mutation_id: 'm1',
    };
    expect(onboardingDataEntity.fromServer(server)).toEqual({
      ...record,
      id: 'row-1',
      updatedAt: '2026-03-05T00:00:00.000Z',
      version: 4,
    });
  });

  it('keeps a malformed server row usable', () => {
    const row = onboardingDataEntity.fromServer({
      id: 'row-2',
      user_id: 'u1',
      version: 1,
      business_name: null,
      content_preferences: ['a', 3, null],
      answers: ['not', 'an', 'object'],
      completed_at: null,
    });
    expect(row).toMatchObject({
      businessName: '',
      contentPreferences: ['a'],
      answers: {},
      completedAt: null,
      version: 1,
    });
  });
});
