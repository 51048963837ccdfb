import { Dexie } from 'dexie';
import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAppDb, setAppDb, type AppDb } from '../../lib/db';
import { syncRowsChanged } from '../../lib/sync/events';
import { sessionEnded } from '../auth';
import {
  cancelScheduledPost,
  initialPublishingState,
  isPostLocked,
  loadPublishing,
  needsFrequentPull,
  POST_LOCKED_MESSAGE,
  publishingReducer,
  publishTargetsEntity,
  scheduledPostsEntity,
  schedulePost,
  selectScheduledPosts,
  selectTargetsOfPost,
  updateScheduledPost,
  type PublishTarget,
} from '.';

const USER = '0b6c3f0e-1111-4a8e-9d6e-6d6f7a1b2c3d';
const POST = '5f0d7a52-2222-4c43-8c1b-0f2b7d1f9e11';

const serverPost = (over: Record<string, unknown> = {}) => ({
  id: POST,
  user_id: USER,
  content: 'Spring sale starts Monday!',
  platforms: ['facebook', 'instagram'],
  account_ids: ['acc-1'],
  scheduled_for: '2026-12-01T09:30:00+00:00',
  publish_mode: 'optimal',
  time_rule: 'Picked from your preferred posting times: Morning (6 AM-12 PM).',
  draft_id: null,
  status: 'scheduled',
  version: 3,
  last_mutation_id: 'm1',
  created_at: '2026-11-24T10:00:00+00:00',
  updated_at: '2026-11-24T10:05:00+00:00',
  deleted_at: null,
  ...over,
});

const target = (id: string, over: Partial<PublishTarget> = {}): PublishTarget => ({
  id,
  userId: USER,
  postId: POST,
  platform: 'facebook',
  accountId: 'acc-1',
  accountName: 'Bloom Bakery',
  kind: 'auto',
  status: 'scheduled',
  dueAt: '2026-12-01T09:30:00.000Z',
  attempts: 0,
  claimedAt: null,
  remoteId: null,
  permalink: null,
  errorCode: null,
  errorMessage: null,
  publishedAt: null,
  version: 1,
  updatedAt: '2026-11-24T10:05:00.000Z',
  ...over,
});

describe('scheduled_posts and publish_targets mappings', () => {
  it('reads a server row and writes back only the columns a client may write', () => {
    const record = scheduledPostsEntity.fromServer(serverPost());
    expect(record).toEqual({
      id: POST,
      userId: USER,
      content: 'Spring sale starts Monday!',
      platforms: ['facebook', 'instagram'],
      accountIds: ['acc-1'],
      scheduledFor: '2026-12-01T09:30:00.000Z',
      publishMode: 'optimal',
      timeRule: 'Picked from your preferred posting times: Morning (6 AM-12 PM).',
      draftId: null,
      status: 'scheduled',
      version: 3,
      createdAt: '2026-11-24T10:00:00.000Z',
      updatedAt: '2026-11-24T10:05:00.000Z',
    });
    const data = scheduledPostsEntity.toServer({ ...record, status: 'published' });
    expect(data).toEqual({
      content: 'Spring sale starts Monday!',
      platforms: ['facebook', 'instagram'],
      account_ids: ['acc-1'],
      scheduled_for: '2026-12-01T09:30:00.000Z',
      publish_mode: 'optimal',
      time_rule: 'Picked from your preferred posting times: Morning (6 AM-12 PM).',
      draft_id: null,
      created_at: '2026-11-24T10:00:00.000Z',
    });
    // The status is the server's summary: never sent.
    expect(data).not.toHaveProperty('status');
  });

  it('falls back on malformed values and reads a tombstone', () => {
    const odd = scheduledPostsEntity.fromServer(
      serverPost({ platforms: ['facebook', 'myspace', 3], publish_mode: 'x', status: 'odd' }),
    );
    expect(odd.platforms).toEqual(['facebook']);
    expect(odd.publishMode).toBe('schedule');
    expect(odd.status).toBe('scheduled');
    const tombstone = scheduledPostsEntity.fromServer({
      id: POST,
      user_id: USER,
      version: 7,
      deleted_at: '2026-11-25T00:00:00+00:00',
    });
    expect(tombstone).toMatchObject({ id: POST, userId: USER, version: 7, content: '' });
  });

  it('reads a publish target and never writes one', () => {
    const t = publishTargetsEntity.fromServer({
      id: 't1',
      user_id: USER,
      post_id: POST,
      platform: 'linkedin',
      account_id: null,
      account_name: null,
      kind: 'manual',
      status: 'reminder',
      due_at: '2026-12-01T09:30:00+00:00',
      attempts: 0,
      claimed_at: '2026-12-01T09:30:01+00:00',
      remote_id: null,
      permalink: null,
      error_code: 'no_account',
      error_message: null,
      published_at: null,
      version: 4,
      updated_at: '2026-12-01T09:30:05+00:00',
    });
    expect(t).toEqual(
      target('t1', {
        platform: 'linkedin',
        accountId: null,
        accountName: null,
        kind: 'manual',
        status: 'reminder',
        errorCode: 'no_account',
        claimedAt: '2026-12-01T09:30:01.000Z',
        version: 4,
        updatedAt: '2026-12-01T09:30:05.000Z',
      }),
    );
    expect(() => publishTargetsEntity.toServer(t)).toThrow(
      'Publish targets are written by the server.',
    );
  });
});

describe('isPostLocked', () => {
  it('locks once any target has left scheduled (cancelled aside)', () => {
    expect(isPostLocked([])).toBe(false);
    expect(isPostLocked([{ status: 'scheduled' }, { status: 'cancelled' }])).toBe(false);
    for (const status of ['publishing', 'published', 'failed', 'reminder', 'posted'] as const)
      expect(isPostLocked([{ status: 'scheduled' }, { status }])).toBe(true);
  });

  it('stays locked when a taken-up target is back in scheduled for a retry', () => {
    const retried = { status: 'scheduled' as const, claimedAt: '2026-12-01T09:30:02.000Z' };
    expect(isPostLocked([{ status: 'scheduled', claimedAt: null }, retried])).toBe(true);
  });
});

describe('publishing reducer', () => {
  const post = scheduledPostsEntity.fromServer(serverPost());
  const loaded = publishingReducer(
    initialPublishingState,
    syncRowsChanged({ entity: 'scheduled_posts', upserted: [post], removed: [] }),
  );

  it('ignores rows before a user is loaded, then follows sync for both entities', () => {
    expect(selectScheduledPosts({ publishing: loaded })).toEqual([]);
    let state = publishingReducer(
      initialPublishingState,
      syncRowsChanged({ entity: 'post_drafts', upserted: [], removed: [] }),
    );
    state = { ...state, userId: USER, loaded: true };
    state = publishingReducer(
      state,
      syncRowsChanged({
        entity: 'scheduled_posts',
        upserted: [post, { ...post, id: 'other', userId: 'someone-else' }],
        removed: [],
      }),
    );
    state = publishingReducer(
      state,
      syncRowsChanged({
        entity: 'publish_targets',
        upserted: [
          target('t2', { dueAt: '2026-12-01T10:00:00.000Z' }),
          target('t1'),
          target('t3', { postId: 'elsewhere' }),
        ],
        removed: [],
      }),
    );
    const root = { publishing: state };
    expect(selectScheduledPosts(root).map((p) => p.id)).toEqual([POST]);
    const of = selectTargetsOfPost(POST);
    expect(of(root).map((t) => t.id)).toEqual(['t1', 't2']);
    // The same array while nothing changes, so components do not re-render.
    expect(of(root)).toBe(of(root));
    expect(selectTargetsOfPost('none')(root)).toEqual([]);

    state = publishingReducer(
      state,
      syncRowsChanged({ entity: 'publish_targets', upserted: [], removed: ['t2'] }),
    );
    state = publishingReducer(
      state,
      syncRowsChanged({ entity: 'scheduled_posts', upserted: [], removed: [POST] }),
    );
    expect(selectScheduledPosts({ publishing: state })).toEqual([]);
    expect(selectTargetsOfPost(POST)({ publishing: state }).map((t) => t.id)).toEqual(['t1']);
    expect(publishingReducer(state, sessionEnded())).toEqual(initialPublishingState);
  });

  it('asks for frequent pulls while something is due within two minutes or publishing', () => {
    const now = Date.parse('2026-12-01T09:29:00.000Z');
    const withTargets = (targets: PublishTarget[]) => ({
      publishing: publishingReducer(initialPublishingState, {
        type: 'publishing/publishingLoaded',
        payload: { userId: USER, posts: [post], targets },
      }),
    });
    expect(needsFrequentPull(withTargets([target('t1')]), now)).toBe(true);
    expect(
      needsFrequentPull(withTargets([target('t1', { dueAt: '2026-12-01T09:40:00.000Z' })]), now),
    ).toBe(false);
    expect(
      needsFrequentPull(
        withTargets([target('t1', { dueAt: '2026-12-01T07:00:00.000Z', status: 'publishing' })]),
        now,
      ),
    ).toBe(true);
    expect(needsFrequentPull(withTargets([target('t1', { status: 'published' })]), now)).toBe(
      false,
    );
    // A post whose targets are not pulled yet counts by its own time.
    expect(needsFrequentPull(withTargets([]), now)).toBe(true);
    expect(needsFrequentPull(withTargets([]), now - 60 * 60_000)).toBe(false);
  });
});

const makeStore = () => configureStore({ reducer: { publishing: publishingReducer } });

describe('schedulePost / updateScheduledPost / cancelScheduledPost with a store and IndexedDB', () => {
  let db: AppDb;
  let name: string;

  beforeEach(() => {
    name = `publishing-test-${crypto.randomUUID()}`;
    db = openAppDb(name);
    setAppDb(db);
  });

  afterEach(async () => {
    setAppDb(undefined);
    db.close();
    await Dexie.delete(name);
  });

  const input = {
    content: 'Fresh sourdough every Friday',
    platforms: ['facebook' as const, 'twitter' as const],
    accountIds: ['acc-1', 'acc-2'],
    scheduledFor: '2026-12-04T08:00:00.000Z',
    publishMode: 'schedule' as const,
    draftId: 'draft-7',
  };

  it('refuses before the user is loaded', async () => {
    await expect(makeStore().dispatch(schedulePost(input))).rejects.toThrow('Sign in');
    expect(await db.outbox.count()).toBe(0);
  });

  it('schedules offline: one row and one outbox entry, shown at once, there after a reload', async () => {
    const store = makeStore();
    await store.dispatch(loadPublishing(USER));
    const post = await store.dispatch(schedulePost(input));
    expect(post).toMatchObject({
      userId: USER,
      content: 'Fresh sourdough every Friday',
      platforms: ['facebook', 'twitter'],
      accountIds: ['acc-1', 'acc-2'],
      scheduledFor: '2026-12-04T08:00:00.000Z',
      publishMode: 'schedule',
      timeRule: null,
      draftId: 'draft-7',
      status: 'scheduled',
      version: null,
    });
    expect(selectScheduledPosts(store.getState())).toEqual([post]);
    expect(await db.scheduledPosts.get(post.id)).toEqual(post);
    const outbox = await db.outbox.toArray();
    expect(outbox).toEqual([
      expect.objectContaining({
        entity: 'scheduled_posts',
        entityId: post.id,
        op: 'upsert',
        state: 'pending',
        userId: USER,
        baseVersion: null,
      }),
    ]);
    expect(outbox[0]?.data).toMatchObject({ draft_id: 'draft-7', account_ids: ['acc-1', 'acc-2'] });

    const reopened = openAppDb(name);
    setAppDb(reopened);
    const after = makeStore();
    await after.dispatch(loadPublishing(USER, reopened));
    expect(selectScheduledPosts(after.getState())).toEqual([post]);
    reopened.close();
  });

  it('edits and cancels an unlocked post; a post the server never had leaves no entry', async () => {
    const store = makeStore();
    await store.dispatch(loadPublishing(USER));
    const post = await store.dispatch(schedulePost(input));
    const edited = await store.dispatch(
      updateScheduledPost(post.id, {
        content: 'Fresh sourdough every Saturday',
        scheduledFor: '2026-12-05T08:00:00+00:00',
      }),
    );
    expect(edited).toMatchObject({
      content: 'Fresh sourdough every Saturday',
      scheduledFor: '2026-12-05T08:00:00.000Z',
      draftId: 'draft-7',
      createdAt: post.createdAt,
    });
    // Coalesced into the one waiting entry.
    expect(await db.outbox.count()).toBe(1);
    expect((await db.outbox.toArray())[0]?.data).toMatchObject({
      content: 'Fresh sourdough every Saturday',
    });
    await store.dispatch(cancelScheduledPost(post.id));
    expect(selectScheduledPosts(store.getState())).toEqual([]);
    expect(await db.scheduledPosts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('queues a delete for a post the server has', async () => {
    const server = scheduledPostsEntity.fromServer(serverPost());
    await db.scheduledPosts.put(server);
    await db.publishTargets.put(target('t1'));
    const store = makeStore();
    await store.dispatch(loadPublishing(USER));
    await store.dispatch(cancelScheduledPost(POST));
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ entityId: POST, op: 'delete', baseVersion: 3 }),
    ]);
  });

  it('refuses to edit or cancel once publishing has started, with the message users read', async () => {
    await db.scheduledPosts.put(scheduledPostsEntity.fromServer(serverPost()));
    await db.publishTargets.bulkPut([
      target('t1', { status: 'publishing' }),
      target('t2', { platform: 'instagram', kind: 'manual' }),
    ]);
    const store = makeStore();
    await store.dispatch(loadPublishing(USER));
    await expect(
      store.dispatch(updateScheduledPost(POST, { content: 'Too late' })),
    ).rejects.toThrow(POST_LOCKED_MESSAGE);
    await expect(store.dispatch(cancelScheduledPost(POST))).rejects.toThrow(
      'Publishing has started, so this post can no longer be changed.',
    );
    // Rescheduling through schedulePost with the same id is refused too.
    await expect(store.dispatch(schedulePost({ ...input, id: POST }))).rejects.toThrow(
      POST_LOCKED_MESSAGE,
    );
    expect(await db.outbox.count()).toBe(0);
    expect((await db.scheduledPosts.get(POST))?.content).toBe('Spring sale starts Monday!');
  });

  it('says when the post is not on this device', async () => {
    const store = makeStore();
    await store.dispatch(loadPublishing(USER));
    await expect(store.dispatch(updateScheduledPost('nope', { content: 'x' }))).rejects.toThrow(
      'Post not found',
    );
  });
});
