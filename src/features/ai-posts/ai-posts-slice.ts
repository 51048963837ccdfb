import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DraftPlatform } from '../../lib/db';
import { sessionEnded } from '../auth';

/** pending-review until the user decides; rejected posts stay listed so the decision shows. */
export type AiPostStatus =
  'pending-review' | 'approved' | 'needs-revision' | 'rejected' | 'scheduled';

export const AI_POST_STATUS_LABELS: Record<AiPostStatus, string> = {
  'pending-review': 'Pending review',
  approved: 'Approved',
  'needs-revision': 'Needs revision',
  rejected: 'Rejected',
  scheduled: 'Scheduled',
};

/** A post the AI wrote, as this device keeps it (IndexedDB table aiPosts). */
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
    builder.addCase(sessionEnded, () => initialAiPostsState);
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

export function selectPendingReviewCount(state: { aiPosts: AiPostsState }): number {
  return adapterSelectors.selectAll(state).filter((post) => post.status === 'pending-review')
    .length;
}
