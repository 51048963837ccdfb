import {
  createEntityAdapter,
  createSelector,
  createSlice,
  type PayloadAction,
} from '@reduxjs/toolkit';
import type { PublishTargetRecord, ScheduledPostRecord } from '../../lib/db';
import { loadedEntities } from '../../lib/loaded-entities';
import { syncRowsChanged } from '../../lib/sync/events';
import { sessionEnded } from '../auth';
import { publishTargetsEntity } from './publish-targets-sync';
import { scheduledPostsEntity } from './scheduled-posts-sync';

export type ScheduledPost = ScheduledPostRecord;
export type PublishTarget = PublishTargetRecord;

const byTimeThenId = (a: string, b: string, idA: string, idB: string) =>
  a === b ? idA.localeCompare(idB) : a < b ? -1 : 1;

// Soonest first; the id breaks ties so the order is stable.
const postsSoonestFirst = (a: ScheduledPost, b: ScheduledPost) =>
  byTimeThenId(a.scheduledFor, b.scheduledFor, a.id, b.id);
const targetsSoonestFirst = (a: PublishTarget, b: PublishTarget) =>
  byTimeThenId(a.dueAt, b.dueAt, a.id, b.id);
const postsAdapter = createEntityAdapter<ScheduledPost>({ sortComparer: postsSoonestFirst });
const targetsAdapter = createEntityAdapter<PublishTarget>({ sortComparer: targetsSoonestFirst });

export interface PublishingState {
  /** Whose posts are loaded; null before sign-in. */
  userId: string | null;
  loaded: boolean;
  posts: ReturnType<typeof postsAdapter.getInitialState>;
  targets: ReturnType<typeof targetsAdapter.getInitialState>;
}

export const initialPublishingState: PublishingState = {
  userId: null,
  loaded: false,
  posts: postsAdapter.getInitialState(),
  targets: targetsAdapter.getInitialState(),
};

export const publishingSlice = createSlice({
  name: 'publishing',
  initialState: initialPublishingState,
  reducers: {
    publishingLoaded(
      _state,
      action: PayloadAction<{ userId: string; posts: ScheduledPost[]; targets: PublishTarget[] }>,
    ) {
      const { userId, posts, targets } = action.payload;
      return {
        userId,
        loaded: true,
        posts: loadedEntities(
          posts.filter((p) => p.userId === userId),
          postsSoonestFirst,
        ),
        targets: loadedEntities(
          targets.filter((t) => t.userId === userId),
          targetsSoonestFirst,
        ),
      };
    },
    scheduledPostSaved(state, action: PayloadAction<ScheduledPost>) {
      if (action.payload.userId === state.userId) postsAdapter.setOne(state.posts, action.payload);
    },
    scheduledPostRemoved(state, action: PayloadAction<{ id: string }>) {
      postsAdapter.removeOne(state.posts, action.payload.id);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(syncRowsChanged, (state, action) => {
        const { entity, upserted, removed } = action.payload;
        if (state.userId === null) return;
        if (entity === scheduledPostsEntity.name) {
          const mine = (upserted as ScheduledPost[]).filter((p) => p.userId === state.userId);
          postsAdapter.setMany(state.posts, mine);
          postsAdapter.removeMany(state.posts, removed);
        } else if (entity === publishTargetsEntity.name) {
          const mine = (upserted as PublishTarget[]).filter((t) => t.userId === state.userId);
          targetsAdapter.setMany(state.targets, mine);
          targetsAdapter.removeMany(state.targets, removed);
        }
      })
      .addCase(sessionEnded, () => initialPublishingState);
  },
  selectors: {
    selectPublishingLoaded: (state) => state.loaded,
    selectPublishingUserId: (state) => state.userId,
  },
});

export const { publishingLoaded, scheduledPostSaved, scheduledPostRemoved } =
  publishingSlice.actions;
export const { selectPublishingLoaded, selectPublishingUserId } = publishingSlice.selectors;
export const publishingReducer = publishingSlice.reducer;

type Root = { publishing: PublishingState };

const postSelectors = postsAdapter.getSelectors((state: Root) => state.publishing.posts);
const targetSelectors = targetsAdapter.getSelectors((state: Root) => state.publishing.targets);

/** The signed-in user's scheduled posts (cancelled ones are gone), soonest first. */
export const selectScheduledPosts = postSelectors.selectAll;
export const selectScheduledPostById = postSelectors.selectById;
export const selectAllTargets = targetSelectors.selectAll;

const NO_TARGETS: PublishTarget[] = [];

/** Every post's targets by post id, soonest due first. */
export const selectTargetsByPost = createSelector([selectAllTargets], (targets) => {
  const byPost: Record<string, PublishTarget[]> = {};
  for (const t of targets) (byPost[t.postId] ??= []).push(t);
  return byPost;
});

/** A selector of one post's targets (the same array while they do not change). */
export const selectTargetsOfPost =
  (postId: string) =>
  (state: Root): PublishTarget[] =>
    selectTargetsByPost(state)[postId] ?? NO_TARGETS;

/** Publishing has started once any target has left `scheduled` (cancelled ones aside). */
export function isPostLocked(
  targets: readonly (Pick<PublishTarget, 'status'> & { claimedAt?: string | null })[],
): boolean {
  // As the server decides: a target that was ever taken up (even one back in scheduled for a
  // retry) locks the post, since its text may already have been sent.
  return targets.some(
    (t) => (t.status !== 'scheduled' && t.status !== 'cancelled') || Boolean(t.claimedAt),
  );
}

/** How far ahead a due target makes the app pull often, to show the post going out. */
export const PULL_AHEAD_MS = 2 * 60_000;

/** How long an overdue target keeps the app pulling often (the publisher may be down). */
export const PULL_OVERDUE_MS = 15 * 60_000;

/** True while a target is being published, or is due within the next two minutes (or just was). */
export function needsFrequentPull(state: Root, now: number): boolean {
  const dueSoon = (at: string) => {
    const due = Date.parse(at);
    return due <= now + PULL_AHEAD_MS && due >= now - PULL_OVERDUE_MS;
  };
  // A post whose targets have not been pulled yet counts by its own time.
  const byPost = selectTargetsByPost(state);
  return (
    selectAllTargets(state).some(
      (t) => t.status === 'publishing' || (t.status === 'scheduled' && dueSoon(t.dueAt)),
    ) ||
    selectScheduledPosts(state).some(
      (p) => p.status === 'scheduled' && !byPost[p.id] && dueSoon(p.scheduledFor),
    )
  );
}
