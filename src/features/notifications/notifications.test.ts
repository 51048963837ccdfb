import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAppDb, setAppDb, type AppDb, type NotificationRecord } from '../../lib/db';
import { syncRowsChanged } from '../../lib/sync/events';
import type { ServerRow } from '../../lib/sync/entities';
import { makeStore } from '../../app/store';
import { sessionEnded } from '../auth';
import {
  loadNotifications,
  markNotificationsRead,
  noticeTarget,
  selectNotifications,
  selectNotificationsLoaded,
  selectUnreadCount,
  userNotificationsEntity,
} from '.';

const notice = (over: Partial<NotificationRecord> = {}): NotificationRecord => ({
  id: 'n1',
  userId: 'u1',
  kind: 'published',
  title: 'Published on Facebook',
  body: 'Bloom Bakery: Fresh bread today',
  url: 'https://www.facebook.com/111_1',
  postId: 'p1',
  targetId: 't1',
  readAt: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  version: 1,
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...over,
});

describe('user_notifications mapping', () => {
  it('sends only the read time: the rest is the server’s', () => {
    expect(
      userNotificationsEntity.toServer(notice({ readAt: '2026-11-24T11:00:00.000Z' })),
    ).toEqual({ read_at: '2026-11-24T11:00:00.000Z' });
  });

  it('reads a server row', () => {
    const row: ServerRow = {
      id: 'n1',
      user_id: 'u1',
      kind: 'published',
      title: 'Published on Facebook',
      body: 'Bloom Bakery: Fresh bread today',
      url: 'https://www.facebook.com/111_1',
      post_id: 'p1',
      target_id: 't1',
      read_at: null,
      created_at: '2026-11-24T10:00:00+00:00',
      updated_at: '2026-11-24T10:00:00+00:00',
      version: 1,
      last_mutation_id: null,
    };
    expect(userNotificationsEntity.fromServer(row)).toEqual(notice());
  });

  it('reads a tombstone and an unknown kind without failing', () => {
    expect(
      userNotificationsEntity.fromServer({ id: 'n9', user_id: 'u1', version: 4, deleted_at: 'x' }),
    ).toMatchObject({ id: 'n9', userId: 'u1', version: 4, title: '', url: null, readAt: null });
    expect(
      userNotificationsEntity.fromServer({ id: 'n9', user_id: 'u1', version: 1, kind: 'digest' })
        .kind,
    ).toBe('reminder');
  });
});

describe('where a notice leads', () => {
  it('opens a permalink outside the app and an app path inside it', () => {
    expect(noticeTarget(notice())).toEqual({
      kind: 'external',
      href: 'https://www.facebook.com/111_1',
    });
    expect(noticeTarget(notice({ kind: 'failed', url: '/calendar' }))).toEqual({
      kind: 'app',
      to: '/calendar',
    });
    expect(noticeTarget(notice({ url: null }))).toBeNull();
    // Settings takes its tab from the navigation's state.
    expect(
      noticeTarget(notice({ kind: 'reconnect_needed', url: '/settings?tab=integrations' })),
    ).toEqual({ kind: 'app', to: '/settings?tab=integrations', state: { tab: 'integrations' } });
  });

  it('follows no other kind of address', () => {
    expect(noticeTarget(notice({ url: 'javascript:alert(1)' }))).toBeNull();
    expect(noticeTarget(notice({ url: '//evil.example/x' }))).toBeNull();
  });
});

describe('notifications with the app store and IndexedDB', () => {
  let db: AppDb;
  let name: string;

  beforeEach(() => {
    name = `notifications-test-${crypto.randomUUID()}`;
    db = openAppDb(name);
    setAppDb(db);
  });

  afterEach(async () => {
    setAppDb(undefined);
    db.close();
    await Dexie.delete(name);
  });

  it('loads this user’s notices newest first, with the unread count', async () => {
    await db.notifications.bulkPut([
      notice({
        id: 'old',
        createdAt: '2026-11-24T09:00:00.000Z',
        readAt: '2026-11-24T09:30:00.000Z',
      }),
      notice({ id: 'new', createdAt: '2026-11-24T12:00:00.000Z' }),
      notice({ id: 'mid', createdAt: '2026-11-24T10:00:00.000Z' }),
      notice({ id: 'theirs', userId: 'u2', createdAt: '2026-11-24T13:00:00.000Z' }),
    ]);
    const store = makeStore();
    expect(selectNotificationsLoaded(store.getState())).toBe(false);
    await store.dispatch(loadNotifications('u1', db));
    expect(selectNotifications(store.getState()).map((n) => n.id)).toEqual(['new', 'mid', 'old']);
    expect(selectUnreadCount(store.getState())).toBe(2);
  });

  it('marks notices read on the device and queues the read time, offline as well', async () => {
    await db.notifications.bulkPut([
      notice({ id: 'a', createdAt: '2026-11-24T09:00:00.000Z' }),
      notice({ id: 'b', createdAt: '2026-11-24T10:00:00.000Z', version: 3 }),
      notice({ id: 'c', readAt: '2026-11-24T09:30:00.000Z' }),
    ]);
    const store = makeStore();
    await store.dispatch(loadNotifications('u1', db));
    // Nothing here talks to a server: the write is local plus an outbox entry.
    const read = await store.dispatch(markNotificationsRead(['a', 'b', 'c', 'missing'], db));
    expect(read.map((n) => n.id).sort()).toEqual(['a', 'b']);
    expect(selectUnreadCount(store.getState())).toBe(0);

    const rows = await db.notifications.bulkGet(['a', 'b', 'c']);
    expect(rows[0]!.readAt).not.toBeNull();
    expect(rows[1]!.readAt).toBe(rows[0]!.readAt);
    // Already read: its first read time stays and nothing is queued for it.
    expect(rows[2]!.readAt).toBe('2026-11-24T09:30:00.000Z');
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.entity, e.entityId, e.op, e.baseVersion])).toEqual([
      ['user_notifications', 'a', 'upsert', 1],
      ['user_notifications', 'b', 'upsert', 3],
    ]);
    expect(entries[0]!.data).toEqual({ read_at: rows[0]!.readAt });

    // A reload reads the same from the device.
    const after = makeStore();
    await after.dispatch(loadNotifications('u1', db));
    expect(selectUnreadCount(after.getState())).toBe(0);
  });

  it('marks nothing of another user’s, nor before sign-in', async () => {
    await db.notifications.put(notice({ id: 'x', userId: 'u2' }));
    const signedOut = makeStore();
    expect(await signedOut.dispatch(markNotificationsRead(['x'], db))).toEqual([]);
    const store = makeStore();
    await store.dispatch(loadNotifications('u1', db));
    expect(await store.dispatch(markNotificationsRead(['x'], db))).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.notifications.get('x'))!.readAt).toBeNull();
  });

  it('follows pulled notices of its user and forgets them at sign-out', async () => {
    const store = makeStore();
    await store.dispatch(loadNotifications('u1', db));
    store.dispatch(
      syncRowsChanged({
        entity: 'user_notifications',
        upserted: [notice({ id: 'n1' }), notice({ id: 'n2', userId: 'u2' })],
        removed: [],
      }),
    );
    expect(selectNotifications(store.getState()).map((n) => n.id)).toEqual(['n1']);
    store.dispatch(syncRowsChanged({ entity: 'post_drafts', upserted: [], removed: ['n1'] }));
    expect(selectUnreadCount(store.getState())).toBe(1);
    store.dispatch(
      syncRowsChanged({ entity: 'user_notifications', upserted: [], removed: ['n1'] }),
    );
    expect(selectNotifications(store.getState())).toEqual([]);
    store.dispatch(
      syncRowsChanged({ entity: 'user_notifications', upserted: [notice()], removed: [] }),
    );
    store.dispatch(sessionEnded());
    expect(selectNotificationsLoaded(store.getState())).toBe(false);
    expect(selectNotifications(store.getState())).toEqual([]);
  });
});
