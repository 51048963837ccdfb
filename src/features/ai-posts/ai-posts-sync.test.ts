import { afterEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { openAppDb, type AppDb } from '../../lib/db';
import { syncRowsChanged } from '../../lib/sync/events';
import { signedIn } from '../auth';
import {
  aiGeneratedPostsEntity,
  loadAiPosts,
  recordGeneratedPost,
  reviewAiPost,
  selectAiPostById,
  selectAllAiPosts,
  selectListedAiPosts,
  selectPendingReviewCount,
  type AiPost,
} from '.';

const USER = '3c1f7b2a-0d4e-4f5a-8b6c-7d8e9f0a1b2c';
const OTHER = '9e8d7c6b-5a49-4382-a1b0-c9d8e7f6a5b4';
const POST = '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d';
const SCHEDULED = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';

const opened: AppDb[] = [];

function freshDb(): AppDb {
  const db = openAppDb(`ai-posts-sync-test-${crypto.randomUUID()}`);
  opened.push(db);
  return db;
}

function signedInStore(id = USER) {
  const store = makeStore();
  store.dispatch(signedIn({ id, email: `${id}@example.com`, firstName: 'Ada', lastName: 'L' }));
  return store;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.delete()));
});

const serverRow = (over: Record<string, unknown> = {}) => ({
  id: POST,
  user_id: USER,
  content: 'Fresh sourdough is out of the oven!',
  platforms: ['facebook', 'twitter'],
  ai_provider: 'chatgpt',
  status: 'scheduled',
  generated_at: '2026-11-24T09:00:00+00:00',
  prompt: 'Announce a new product or feature',
  engagement_prediction: 82,
  hashtags: ['#bakery'],
  feedback: 'Shorter please',
  reviewed_at: '2026-11-24T10:00:00+00:00',
  suggested_for: '2026-11-25T09:00:00+00:00',
  scheduled_post_id: SCHEDULED,
  version: 4,
  last_mutation_id: 'm1',
  created_at: '2026-11-24T09:00:00+00:00',
  updated_at: '2026-11-24T10:05:00+00:00',
  deleted_at: null,
  ...over,
});

const record: AiPost = {
  id: POST,
  userId: USER,
  content: 'Fresh sourdough is out of the oven!',
  platforms: ['facebook', 'twitter'],
  aiProvider: 'chatgpt',
  status: 'scheduled',
  generatedAt: '2026-11-24T09:00:00.000Z',
  prompt: 'Announce a new product or feature',
  engagementPrediction: 82,
  hashtags: ['#bakery'],
  feedback: 'Shorter please',
  reviewedAt: '2026-11-24T10:00:00.000Z',
  suggestedFor: '2026-11-25T09:00:00.000Z',
  scheduledPostId: SCHEDULED,
  version: 4,
  updatedAt: '2026-11-24T10:05:00.000Z',
};

describe('the ai_generated_posts mapping', () => {
  it('reads a server row and writes back the columns a client may write', () => {
    expect(aiGeneratedPostsEntity.name).toBe('ai_generated_posts');
    expect(aiGeneratedPostsEntity.fromServer(serverRow())).toEqual(record);
    expect(aiGeneratedPostsEntity.toServer({ ...record, engagementPrediction: 81.6 })).toEqual({
      content: 'Fresh sourdough is out of the oven!',
      platforms: ['facebook', 'twitter'],
      ai_provider: 'chatgpt',
      status: 'scheduled',
      generated_at: '2026-11-24T09:00:00.000Z',
      prompt: 'Announce a new product or feature',
      engagement_prediction: 82,
      hashtags: ['#bakery'],
      feedback: 'Shorter please',
      reviewed_at: '2026-11-24T10:00:00.000Z',
      suggested_for: '2026-11-25T09:00:00.000Z',
      scheduled_post_id: SCHEDULED,
      created_at: '2026-11-24T09:00:00.000Z',
    });
  });

  it('falls back on malformed values and reads a tombstone', () => {
    const odd = aiGeneratedPostsEntity.fromServer(
      serverRow({
        platforms: ['facebook', 'myspace', 3],
        status: 'published',
        engagement_prediction: 'high',
        suggested_for: null,
        scheduled_post_id: null,
      }),
    );
    expect(odd).toMatchObject({
      platforms: ['facebook'],
      status: 'pending-review',
      engagementPrediction: 0,
      suggestedFor: null,
      scheduledPostId: null,
    });
    const tombstone = aiGeneratedPostsEntity.fromServer({
      id: POST,
      user_id: USER,
      version: 9,
      deleted_at: '2026-11-26T00:00:00+00:00',
    });
    expect(tombstone).toMatchObject({ id: POST, userId: USER, version: 9, content: '' });
  });
});

describe('the AI posts slice', () => {
  it('follows rows the sync engine changed: this user’s, this entity’s', async () => {
    const db = freshDb();
    const store = signedInStore();
    await store.dispatch(loadAiPosts(USER, db));

    store.dispatch(
      syncRowsChanged({
        entity: 'ai_generated_posts',
        upserted: [record, { ...record, id: 'theirs', userId: OTHER }],
        removed: [],
      }),
    );
    expect(selectAllAiPosts(store.getState())).toEqual([record]);

    // Another entity's rows are not AI posts.
    store.dispatch(
      syncRowsChanged({ entity: 'post_drafts', upserted: [{ ...record, id: 'd1' }], removed: [] }),
    );
    expect(selectAllAiPosts(store.getState()).map((p) => p.id)).toEqual([POST]);

    const rejected = { ...record, status: 'rejected' as const, version: 5 };
    store.dispatch(
      syncRowsChanged({ entity: 'ai_generated_posts', upserted: [rejected], removed: [] }),
    );
    expect(selectAiPostById(store.getState(), POST)).toEqual(rejected);
    // A rejected post is kept but is off the dashboard's list.
    expect(selectListedAiPosts(store.getState())).toEqual([]);

    store.dispatch(
      syncRowsChanged({ entity: 'ai_generated_posts', upserted: [], removed: [POST] }),
    );
    expect(selectAllAiPosts(store.getState())).toEqual([]);
  });

  it('ignores synced rows before a user’s posts are loaded', () => {
    const store = signedInStore();
    store.dispatch(
      syncRowsChanged({ entity: 'ai_generated_posts', upserted: [record], removed: [] }),
    );
    expect(selectAllAiPosts(store.getState())).toEqual([]);
  });
});

describe('AI posts written through the outbox', () => {
  it('queues a generated post and each review decision for the server', async () => {
    const db = freshDb();
    const store = signedInStore();
    await store.dispatch(loadAiPosts(USER, db));
    const post = (await store.dispatch(
      recordGeneratedPost(
        {
          content: 'Warm bread at 7',
          platforms: ['facebook'],
          aiProvider: 'chatgpt',
          prompt: 'FAQs',
          engagementPrediction: 70,
          hashtags: [],
          suggestedFor: '2026-11-25T09:00:00.000Z',
        },
        db,
      ),
    ))!;
    expect(post).toMatchObject({
      version: null,
      suggestedFor: '2026-11-25T09:00:00.000Z',
      scheduledPostId: null,
      updatedAt: post.generatedAt,
    });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      userId: USER,
      entity: 'ai_generated_posts',
      entityId: post.id,
      op: 'upsert',
      baseVersion: null,
      state: 'pending',
      data: expect.objectContaining({ status: 'pending-review', suggested_for: post.suggestedFor }),
    });

    // Never sent yet: the decision joins the same entry.
    await store.dispatch(
      reviewAiPost(post.id, { status: 'scheduled', scheduledPostId: SCHEDULED }, db),
    );
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.data).toMatchObject({ status: 'scheduled', scheduled_post_id: SCHEDULED });
    expect(selectAiPostById(store.getState(), post.id)).toMatchObject({
      status: 'scheduled',
      scheduledPostId: SCHEDULED,
    });

    // Once the server has it, a decision is based on the server's version.
    await db.outbox.clear();
    await db.table('aiPosts').update(post.id, { version: 3 });
    await store.dispatch(reviewAiPost(post.id, { status: 'approved', scheduledPostId: null }, db));
    const [next] = await db.outbox.toArray();
    expect(next).toMatchObject({
      baseVersion: 3,
      data: expect.objectContaining({ status: 'approved' }),
    });
    expect(await db.table('aiPosts').get(post.id)).toMatchObject({
      version: 3,
      status: 'approved',
    });
  });

  it('pushes the posts kept before they were synced, once', async () => {
    const db = freshDb();
    // As an earlier version of the app kept them: no version, no synced fields.
    const legacy = {
      id: POST,
      userId: USER,
      content: 'Kept on this device only',
      platforms: ['linkedin'],
      aiProvider: 'chatgpt',
      status: 'approved',
      generatedAt: '2026-11-20T09:00:00.000Z',
      prompt: 'FAQs',
      engagementPrediction: 77,
      hashtags: [],
      feedback: null,
      reviewedAt: '2026-11-21T09:00:00.000Z',
    };
    const synced = { ...record, id: 'synced-1', version: 2 };
    const theirs = { ...legacy, id: 'theirs-1', userId: OTHER };
    await db.table('aiPosts').bulkPut([legacy, synced, theirs]);

    const store = signedInStore();
    const loaded = await store.dispatch(loadAiPosts(USER, db));
    expect(loaded.find((p) => p.id === POST)).toEqual({
      ...legacy,
      suggestedFor: null,
      scheduledPostId: null,
      version: null,
      updatedAt: '2026-11-21T09:00:00.000Z',
    });
    const entries = await db.outbox.toArray();
    expect(entries).toEqual([
      expect.objectContaining({
        entity: 'ai_generated_posts',
        entityId: POST,
        userId: USER,
        op: 'upsert',
        baseVersion: null,
        data: expect.objectContaining({ content: 'Kept on this device only', status: 'approved' }),
      }),
    ]);
    expect(await db.table('aiPosts').get(POST)).toMatchObject({ version: null });
    expect(selectPendingReviewCount(store.getState())).toBe(0);
    expect(
      selectAllAiPosts(store.getState())
        .map((p) => p.id)
        .sort(),
    ).toEqual([POST, 'synced-1'].sort());

    // Loaded again (a reload, or two readers at once): nothing is queued twice.
    await Promise.all([
      signedInStore().dispatch(loadAiPosts(USER, db)),
      signedInStore().dispatch(loadAiPosts(USER, db)),
    ]);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.table('aiPosts').get('theirs-1')).toEqual(theirs);
  });
});
