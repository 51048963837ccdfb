import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { openAppDb, type AppDb, type DraftRecord, type OnboardingRecord } from '../db';
import { createSyncRegistry, type SyncEntity } from './entities';

// Stand-ins: the real mappings live in their features (drafts-sync.ts, onboarding-sync.ts, …).
const drafts: SyncEntity<DraftRecord> = {
  name: 'post_drafts',
  table: (db) => db.drafts,
  toServer: () => ({}),
  fromServer: () => {
    throw new Error('not used');
  },
};
const onboarding: SyncEntity<OnboardingRecord> = {
  name: 'onboarding_data',
  table: (db) => db.onboardingData,
  toServer: () => ({}),
  fromServer: () => {
    throw new Error('not used');
  },
};

let db: AppDb | null = null;
afterEach(async () => {
  db?.close();
  if (db) await Dexie.delete(db.name);
  db = null;
});

describe('a sync entity registry', () => {
  it('finds its entities by name, in order, and refuses any other name', () => {
    const registry = createSyncRegistry([drafts, onboarding]);
    expect(registry.names()).toEqual(['post_drafts', 'onboarding_data']);
    expect(registry.get('onboarding_data')).toBe(onboarding);
    expect(() => registry.get('auth_users')).toThrow('Unknown sync entity');
  });

  it('lists the local tables of its entities', () => {
    db = openAppDb(`entities-test-${crypto.randomUUID()}`);
    const registry = createSyncRegistry([drafts, onboarding]);
    expect(registry.tables(db)).toEqual([db.drafts, db.onboardingData]);
  });

  it('refuses two entities under one name', () => {
    expect(() => createSyncRegistry([drafts, { ...drafts }])).toThrow('share a name');
  });
});
