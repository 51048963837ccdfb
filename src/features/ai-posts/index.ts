export {
  AI_POST_STATUS_LABELS,
  aiPostSaved,
  aiPostsLoaded,
  aiPostsReducer,
  initialAiPostsState,
  selectAiPostById,
  selectAiPostsUserId,
  selectAllAiPosts,
  selectPendingReviewCount,
  type AiPost,
  type AiPostStatus,
  type AiPostsState,
} from './ai-posts-slice';
export {
  loadAiPosts,
  NoAiPostError,
  recordGeneratedPost,
  reviewAiPost,
  type GeneratedPostInput,
  type ReviewDecision,
} from './ai-posts-repository';
export { useAiPosts } from './use-ai-posts';
