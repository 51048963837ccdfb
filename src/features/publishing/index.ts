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
export {
  optimalTime,
  POSTING_WINDOWS,
  type EngagementSample,
  type OptimalTime,
  type OptimalTimeInput,
} from './optimal-time';
export {
  manualNote,
  planAccounts,
  resolvePublishTime,
  scheduleMessages,
  validateScheduling,
  type AccountPlan,
} from './schedule-request';
export { PagePickerDialog } from './page-picker-on-demand';
export {
  PublishTimeFields,
  PUBLISH_MODES,
  type PublishTimeFieldsProps,
} from './publish-time-fields';
export { ScheduleDialog } from './schedule-dialog-on-demand';
export type { SchedulePostSource } from './schedule-dialog';
export { ScheduledDialog } from './scheduled-dialog';
export {
  readEngagementHistory,
  useOptimalTime,
  usePreferredPostingTimes,
} from './use-optimal-time';
export { useScheduleFlow, type ScheduleRequest } from './use-schedule-flow';
export { usePublishingPull } from './use-publishing-pull';
