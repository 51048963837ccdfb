import {
  createEntityAdapter,
  createSelector,
  createSlice,
  type PayloadAction,
} from '@reduxjs/toolkit';
import type { DraftPlatform } from '../../lib/db';
import { syncRowsChanged } from '../../lib/sync/events';
import { sessionEnded } from '../auth';

/**
 * pending-review until the user decides; needs-revision while the AI rewrites it with the user's
 * feedback; scheduled once tied to a scheduled post. Rejected posts leave the dashboard's list.
 */
export type AiPostStatus =
  'pending-review' | 'approved' | 'needs-revision' | 'rejected' | 'scheduled';

/** The synced entity's name (the server table); the mapping in ai-posts-sync.ts uses it. */
export const AI_POSTS_ENTITY = 'ai_generated_posts';

export const AI_POST_STATUS_LABELS: Record<AiPostStatus, string> = {
  'pending-review': 'Pending review',
  approved: 'Approved',
  'needs-revision': 'Needs revision',
  rejected: 'Rejected',
  scheduled: 'Scheduled',
};

/** A post the AI wrote, as this device keeps it (IndexedDB table aiPosts; synced). */
export interface AiPost {
  id: string;
  userId: string;
  content: string;
  platforms: DraftPlatform[];
  aiProvider: string;
  status: AiPostStatus;
  generatedAt: string;
  prompt: string;
  /** Predicted engagement, a whole percentage. */
  engagementPrediction: number;
  hashtags: string[];
  /** The last feedback given with Request Revision or Reject. */
  feedback: string | null;
  reviewedAt: string | null;
  /** When it would best go out (the AI optimal time at generation); null when unknown. */
  suggestedFor: string | null;
  /** The scheduled post it became; null until scheduled (and again once that is cancelled). */
  scheduledPostId: string | null;
  /** The server version its edits are based on; null while the server has never had it. */
  version: number | null;
  updatedAt: string;
}

const aiPostsAdapter = createEntityAdapter<AiPost>({
  sortComparer: (a, b) =>
    a.generatedAt === b.generatedAt
      ? a.id.localeCompare(b.id)
      : a.generatedAt < b.generatedAt
        ? 1
        : -1,
});

export interface AiPostsState extends ReturnType<typeof aiPostsAdapter.getInitialState> {
  /** Whose posts are loaded; null until they are. */
  userId: string | null;
}

export const initialAiPostsState: AiPostsState = aiPostsAdapter.getInitialState({ userId: null });

export const aiPostsSlice = createSlice({
  name: 'aiPosts',
  initialState: initialAiPostsState,
  reducers: {
    aiPostsLoaded(state, action: PayloadAction<{ userId: string; posts: AiPost[] }>) {
      const { userId, posts } = action.payload;
      state.userId = userId;
      aiPostsAdapter.setAll(
        state,
        posts.filter((post) => post.userId === userId),
      );
    },
    aiPostSaved(state, action: PayloadAction<AiPost>) {
      if (action.payload.userId === state.userId) aiPostsAdapter.setOne(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(syncRowsChanged, (state, action) => {
        if (action.payload.entity !== AI_POSTS_ENTITY || state.userId === null) return;
        const mine = (action.payload.upserted as AiPost[]).filter(
          (post) => post.userId === state.userId,
        );
        aiPostsAdapter.setMany(state, mine);
        aiPostsAdapter.removeMany(state, action.payload.removed);
      })
      .addCase(sessionEnded, () => initialAiPostsState);
  },
  selectors: {
    selectAiPostsUserId: (state) => state.userId,
  },
});

export const { aiPostsLoaded, aiPostSaved } = aiPostsSlice.actions;
export const { selectAiPostsUserId } = aiPostsSlice.selectors;
export const aiPostsReducer = aiPostsSlice.reducer;

const adapterSelectors = aiPostsAdapter.getSelectors(
  (state: { aiPosts: AiPostsState }) => state.aiPosts,
);

/** The loaded AI posts, newest first. */
export const selectAllAiPosts = adapterSelectors.selectAll;
export const selectAiPostById = adapterSelectors.selectById;

/** The posts the dashboard lists: a rejected post is off the list. */
export const selectListedAiPosts = createSelector([selectAllAiPosts], (posts) =>
  posts.filter((post) => post.status !== 'rejected'),
);

export function selectPendingReviewCount(state: { aiPosts: AiPostsState }): number {
  return adapterSelectors.selectAll(state).filter((post) => post.status === 'pending-review')
    .length;
}
