import { afterEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { openAppDb, type AppDb } from '../../lib/db';
import { sessionEnded, signedIn } from '../auth';
import {
  loadAiPosts,
  NoAiPostError,
  recordGeneratedPost,
  reviewAiPost,
  selectAiPostById,
  selectAllAiPosts,
  selectPendingReviewCount,
  type GeneratedPostInput,
} from '.';

const opened: AppDb[] = [];

function freshDb(): AppDb {
  const db = openAppDb(`ai-posts-test-${crypto.randomUUID()}`);
  opened.push(db);
  return db;
}

function signedInStore(id = 'user-1') {
  const store = makeStore();
  store.dispatch(
    signedIn({ id, email: `${id}@example.com`, firstName: 'Ada', lastName: 'Lovelace' }),
  );
  return store;
}

const generated: GeneratedPostInput = {
  content: 'Fresh sourdough is out of the oven!',
  platforms: ['facebook', 'twitter'],
  aiProvider: 'chatgpt',
  prompt: 'Announce a new product or feature',
  engagementPrediction: 82,
  hashtags: ['#bakery'],
};

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.delete()));
});

describe('AI generated posts', () => {
  it('records a generated post on the device, pending review, and lists it once loaded', async () => {
    const db = freshDb();
    const store = signedInStore();
    await store.dispatch(loadAiPosts('user-1', db));
    const post = await store.dispatch(recordGeneratedPost(generated, db));

    expect(post).toMatchObject({ ...generated, userId: 'user-1', status: 'pending-review' });
    expect(await db.table('aiPosts').get(post!.id)).toEqual(post);
    expect(selectAllAiPosts(store.getState())).toEqual([post]);
    expect(selectPendingReviewCount(store.getState())).toBe(1);
  });

  it('reads back the posts of this user only, newest first, in a new store (a reload)', async () => {
    const db = freshDb();
    const first = signedInStore('user-1');
    const older = await first.dispatch(recordGeneratedPost(generated, db));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await first.dispatch(
      recordGeneratedPost({ ...generated, content: 'Second' }, db),
    );
    await signedInStore('user-2').dispatch(recordGeneratedPost(generated, db));

    const reloaded = signedInStore('user-1');
    await reloaded.dispatch(loadAiPosts('user-1', db));
    expect(selectAllAiPosts(reloaded.getState()).map((post) => post.id)).toEqual([
      newer!.id,
      older!.id,
    ]);
  });

  it('applies review decisions: approve, revise with new content and feedback, reject', async () => {
    const db = freshDb();
    const store = signedInStore();
    await store.dispatch(loadAiPosts('user-1', db));
    const post = (await store.dispatch(recordGeneratedPost(generated, db)))!;

    await store.dispatch(reviewAiPost(post.id, { status: 'approved', content: 'Edited text' }, db));
    expect(selectAiPostById(store.getState(), post.id)).toMatchObject({
      status: 'approved',
      content: 'Edited text',
    });
    expect(selectPendingReviewCount(store.getState())).toBe(0);

    await store.dispatch(
      reviewAiPost(
        post.id,
        { status: 'needs-revision', content: 'Improved', feedback: 'Shorter please' },
        db,
      ),
    );
    const stored = await db.table('aiPosts').get(post.id);
    expect(stored).toMatchObject({
      status: 'needs-revision',
      content: 'Improved',
      feedback: 'Shorter please',
    });
    expect(stored.reviewedAt).toEqual(expect.any(String));

    await store.dispatch(reviewAiPost(post.id, { status: 'rejected', feedback: 'Off brand' }, db));
    expect(selectAiPostById(store.getState(), post.id)).toMatchObject({
      status: 'rejected',
      content: 'Improved',
      feedback: 'Off brand',
    });
  });

  it("refuses to review another user's post or one that does not exist", async () => {
    const db = freshDb();
    const owner = signedInStore('user-1');
    const post = (await owner.dispatch(recordGeneratedPost(generated, db)))!;
    const other = signedInStore('user-2');

    await expect(
      other.dispatch(reviewAiPost(post.id, { status: 'approved' }, db)),
    ).rejects.toBeInstanceOf(NoAiPostError);
    await expect(
      owner.dispatch(reviewAiPost('missing', { status: 'approved' }, db)),
    ).rejects.toBeInstanceOf(NoAiPostError);
    expect((await db.table('aiPosts').get(post.id)).status).toBe('pending-review');
  });

  it('records nothing when nobody is signed in, and forgets the list on sign-out', async () => {
    const db = freshDb();
    const anonymous = makeStore();
    expect(await anonymous.dispatch(recordGeneratedPost(generated, db))).toBeNull();
    expect(await db.table('aiPosts').count()).toBe(0);

    const store = signedInStore();
    await store.dispatch(loadAiPosts('user-1', db));
    await store.dispatch(recordGeneratedPost(generated, db));
    store.dispatch(sessionEnded());
    expect(selectAllAiPosts(store.getState())).toEqual([]);
    expect(await db.table('aiPosts').count()).toBe(1);
  });
});
