export {
  AI_POST_STATUS_LABELS,
  AI_POSTS_ENTITY,
  aiPostSaved,
  aiPostsLoaded,
  aiPostsReducer,
  initialAiPostsState,
  selectAiPostById,
  selectAiPostsUserId,
  selectAllAiPosts,
  selectListedAiPosts,
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
export { aiGeneratedPostsEntity } from './ai-posts-sync';
export { useAiPosts } from './use-ai-posts';
