import { aiGeneratedPostsEntity, loadAiPosts } from '../features/ai-posts';
import {
  analyticsAccountsEntity,
  analyticsDailyEntity,
  analyticsPostMetricsEntity,
} from '../features/analytics';
import { postDraftsEntity } from '../features/drafts';
import { contentIdeasEntity, loadContentIdeas } from '../features/ideas';
import { loadNotifications, userNotificationsEntity } from '../features/notifications';
import { onboardingDataEntity } from '../features/onboarding';
import { loadPreferences, userPreferencesEntity } from '../features/preferences';
import { loadProfile, userProfilesEntity } from '../features/profile';
import { loadPublishing, publishTargetsEntity, scheduledPostsEntity } from '../features/publishing';
import { createSyncRegistry } from '../lib/sync/entities';

/** Every synced entity of the app; loaded with the sync engine, after the first paint. */
export const syncEntities = createSyncRegistry([
  postDraftsEntity,
  onboardingDataEntity,
  userProfilesEntity,
  userPreferencesEntity,
  scheduledPostsEntity,
  publishTargetsEntity,
  userNotificationsEntity,
  aiGeneratedPostsEntity,
  contentIdeasEntity,
  analyticsAccountsEntity,
  analyticsDailyEntity,
  analyticsPostMetricsEntity,
]);

/**
 * What the features read from this device when the user changes, before the first pull. Not the
 * drafts: only the screens that show them read them (useDeviceDrafts).
 */
export const localReaders = [
  loadPreferences,
  loadProfile,
  loadPublishing,
  loadNotifications,
  loadAiPosts,
  loadContentIdeas,
];
