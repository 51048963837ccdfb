import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { draftsReducer } from '../features/drafts';
import { onboardingDataEntity } from '../features/onboarding';
import { openAppDb, type AppDb } from '../lib/db';
import { makeDraftRecord } from '../testing/factories';
import { loadDraftsForFirstPage, PAGES_SHOWING_DRAFTS, syncEntities } from './sync-entities';

describe('the sync entity registry', () => {
  it('knows drafts, onboarding answers, the profile, the preferences, scheduled posts and notices', () => {
    expect(syncEntities.names()).toEqual(
      expect.arrayContaining([
        'post_drafts',
        'onboarding_data',
        'user_profiles',
        'user_preferences',
        'scheduled_posts',
        'publish_targets',
        'user_notifications',
      ]),
    );
    expect(syncEntities.get('onboarding_data')).toBe(onboardingDataEntity);
    expect(() => syncEntities.get('auth_users')).toThrow('Unknown sync entity');
  });
});

describe('loadDraftsForFirstPage', () => {
  let db: AppDb;
  beforeEach(() => {
    db = openAppDb(`first-page-${crypto.randomUUID()}`);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await db.delete();
  });

  async function openAt(pathname: string) {
    vi.stubGlobal('location', { pathname });
    const store = configureStore({ reducer: { drafts: draftsReducer } });
    await store.dispatch(loadDraftsForFirstPage('u1', db));
    return store.getState().drafts;
  }

  it('reads the drafts with the rest where the app opens on a page that lists them', async () => {
    await db.drafts.put(makeDraftRecord({ id: 'd1', userId: 'u1' }));
    for (const page of PAGES_SHOWING_DRAFTS)
      expect(await openAt(`${page}/`)).toMatchObject({ userId: 'u1', loaded: true, ids: ['d1'] });
  });

  it('leaves them on the device on the other pages', async () => {
    await db.drafts.put(makeDraftRecord({ id: 'd1', userId: 'u1' }));
    for (const page of ['/create', '/analytics', '/settings'])
      expect(await openAt(page)).toMatchObject({ userId: null, loaded: false, ids: [] });
  });
});
