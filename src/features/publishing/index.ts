export {
  initialPublishingState,
  isPostLocked,
  needsFrequentPull,
  publishingLoaded,
  publishingReducer,
  scheduledPostRemoved,
  scheduledPostSaved,
  selectAllTargets,
  selectPublishingLoaded,
  selectPublishingUserId,
  selectScheduledPostById,
  selectScheduledPosts,
  selectTargetsByPost,
  selectTargetsOfPost,
  PULL_AHEAD_MS,
  type PublishingState,
  type PublishTarget,
  type ScheduledPost,
} from './publishing-slice';
export {
  cancelScheduledPost,
  loadPublishing,
  POST_LOCKED_MESSAGE,
  PostLockedError,
  PublishingNotSignedInError,
  ScheduledPostNotFoundError,
  schedulePost,
  updateScheduledPost,
  type ScheduledPostChanges,
  type ScheduleInput,
} from './publishing-repository';
export { publishTargetsEntity } from './publish-targets-sync';
export { scheduledPostsEntity } from './scheduled-posts-sync';
export type {
  PublishMode,
  PublishTargetRecord,
  ScheduledPostRecord,
  ScheduledPostStatus,
  TargetStatus,
} from '../../lib/db';
