import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { openAppDb, setAppDb, type AppDb, type UserPreferencesRecord } from '../../lib/db';
import { syncRowsChanged } from '../../lib/sync/events';
import type { ServerRow } from '../../lib/sync/entities';
import { sessionEnded } from '../auth';
import { initialUiState, uiReducer } from '../ui';
import {
  DEFAULT_PREFERENCES,
  loadPreferences,
  preferencesReducer,
  savePreferences,
  selectPreferences,
  selectPreferencesLoaded,
  userPreferencesEntity,
} from '.';

const row = (over: Partial<UserPreferencesRecord> = {}): UserPreferencesRecord => ({
  id: 'u1',
  userId: 'u1',
  emailNotifications: false,
  pushNotifications: true,
  marketingEmails: true,
  theme: 'dark',
  language: 'de',
  timeZone: 'Europe/Berlin',
  updatedAt: '2026-11-24T10:00:00.000Z',
  version: 3,
  ...over,
});

describe('user_preferences mapping', () => {
  it('sends the whole row in the server’s columns', () => {
    expect(userPreferencesEntity.toServer(row())).toEqual({
      email_notifications: false,
      push_notifications: true,
      marketing_emails: true,
      theme: 'dark',
      language: 'de',
      time_zone: 'Europe/Berlin',
    });
  });

  it('sends only the preferences changed on this device when the row says which', () => {
    expect(
      userPreferencesEntity.toServer(row({ changed: ['marketingEmails', 'timeZone'] })),
    ).toEqual({ marketing_emails: true, time_zone: 'Europe/Berlin' });
  });

  it('reads a server row, falling back to the defaults for values it does not know', () => {
    const server: ServerRow = {
      id: 'u1',
      user_id: 'u1',
      version: 3,
      email_notifications: false,
      push_notifications: true,
      marketing_emails: true,
      theme: 'dark',
      language: 'de',
      time_zone: 'Europe/Berlin',
      updated_at: '2026-11-24T10:00:00+00:00',
    };
    expect(userPreferencesEntity.fromServer(server)).toEqual(row());
    expect(
      userPreferencesEntity.fromServer({
        id: 'u1',
        user_id: 'u1',
        version: 1,
        theme: 'sepia',
        language: 'tlh',
        email_notifications: 'yes',
      }),
    ).toMatchObject({
      theme: 'system',
      language: 'en-US',
      emailNotifications: true,
      timeZone: null,
    });
  });
});

const makeStore = () => configureStore({ reducer: { preferences: preferencesReducer } });

describe('preferences with a store and IndexedDB', () => {
  let db: AppDb;
  let name: string;

  beforeEach(() => {
    name = `preferences-test-${crypto.randomUUID()}`;
    db = openAppDb(name);
    setAppDb(db);
  });

  afterEach(async () => {
    setAppDb(undefined);
    db.close();
    await Dexie.delete(name);
  });

  it('gives the spec’s defaults before anything is saved (email on, push on, marketing off)', async () => {
    const store = makeStore();
    expect(selectPreferencesLoaded(store.getState())).toBe(false);
    await store.dispatch(loadPreferences('u1'));
    expect(selectPreferencesLoaded(store.getState())).toBe(true);
    expect(selectPreferences(store.getState())).toEqual(DEFAULT_PREFERENCES);
    expect(DEFAULT_PREFERENCES).toMatchObject({
      emailNotifications: true,
      pushNotifications: true,
      marketingEmails: false,
    });
  });

  it('refuses to save before the user’s preferences are loaded', async () => {
    const store = makeStore();
    await expect(store.dispatch(savePreferences({ theme: 'dark' }))).rejects.toThrow(
      'User not authenticated',
    );
    expect(await db.outbox.count()).toBe(0);
  });

  it('merges a change into the row, queues it for the server and keeps it across a reload', async () => {
    const store = makeStore();
    await store.dispatch(loadPreferences('u1'));
    await store.dispatch(savePreferences({ theme: 'dark', language: 'fr' }));
    await store.dispatch(savePreferences({ marketingEmails: true }));

    const expected = {
      ...DEFAULT_PREFERENCES,
      theme: 'dark',
      language: 'fr',
      marketingEmails: true,
    };
    expect(selectPreferences(store.getState())).toEqual(expected);
    expect(await db.userPreferences.get('u1')).toMatchObject({
      id: 'u1',
      userId: 'u1',
      ...expected,
    });
    const entries = await db.outbox.toArray();
    // Two saves of one row before a push: the outbox keeps one entry with the latest data.
    expect(entries.map((e) => [e.entity, e.entityId, e.op])).toEqual([
      ['user_preferences', 'u1', 'upsert'],
    ]);
    expect(entries[0]!.data).toMatchObject({
      theme: 'dark',
      language: 'fr',
      marketing_emails: true,
    });

    const after = makeStore();
    await after.dispatch(loadPreferences('u1'));
    expect(selectPreferences(after.getState())).toEqual(expected);
  });

  it('sends only what changed here, so another device’s other choices survive', async () => {
    const store = makeStore();
    await db.userPreferences.put(row({ version: 4 }));
    await store.dispatch(loadPreferences('u1'));
    await store.dispatch(savePreferences({ pushNotifications: false }));
    const [entry] = await db.outbox.toArray();
    expect(entry!.data).toEqual({ push_notifications: false });
    expect(entry!.baseVersion).toBe(4);
    expect(selectPreferences(store.getState())).toMatchObject({ theme: 'dark', language: 'de' });
  });

  it('a user’s first row takes the theme the device shows, not System', async () => {
    const store = configureStore({
      reducer: { preferences: preferencesReducer, ui: uiReducer },
      preloadedState: { ui: { ...initialUiState, themeMode: 'dark' as const } },
    });
    await store.dispatch(loadPreferences('u1'));
    await store.dispatch(savePreferences({ emailNotifications: false }));
    const [entry] = await db.outbox.toArray();
    expect(entry!.data).toEqual({ email_notifications: false, theme: 'dark' });
    expect(selectPreferences(store.getState()).theme).toBe('dark');
  });

  it('follows rows from sync for its user only, and forgets them at sign-out', async () => {
    const store = makeStore();
    await store.dispatch(loadPreferences('u1'));
    store.dispatch(
      syncRowsChanged({
        entity: 'user_preferences',
        upserted: [row({ userId: 'u2', id: 'u2' })],
        removed: [],
      }),
    );
    expect(selectPreferences(store.getState())).toEqual(DEFAULT_PREFERENCES);
    store.dispatch(syncRowsChanged({ entity: 'user_preferences', upserted: [row()], removed: [] }));
    expect(selectPreferences(store.getState())).toMatchObject({ theme: 'dark', language: 'de' });
    store.dispatch(syncRowsChanged({ entity: 'post_drafts', upserted: [], removed: ['u1'] }));
    expect(selectPreferences(store.getState()).theme).toBe('dark');
    store.dispatch(sessionEnded());
    expect(selectPreferencesLoaded(store.getState())).toBe(false);
    expect(selectPreferences(store.getState())).toEqual(DEFAULT_PREFERENCES);
  });
});
