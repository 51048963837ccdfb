import { aiGeneratedPostsEntity, loadAiPosts } from '../features/ai-posts';
import {
  analyticsAccountsEntity,
  analyticsDailyEntity,
  analyticsPostMetricsEntity,
} from '../features/analytics';
import type { Dispatch } from '@reduxjs/toolkit';
import { loadDraftsOnce, postDraftsEntity } from '../features/drafts';
import { contentIdeasEntity, loadContentIdeasOnce } from '../features/ideas';
import { loadNotifications, userNotificationsEntity } from '../features/notifications';
import { onboardingDataEntity } from '../features/onboarding';
import { loadPreferences, userPreferencesEntity } from '../features/preferences';
import { loadProfile, userProfilesEntity } from '../features/profile';
import { loadPublishing, publishTargetsEntity, scheduledPostsEntity } from '../features/publishing';
import type { AppDb } from '../lib/db';
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

/** The pages whose first screen lists the user's drafts (the dashboard's list, the calendar). */
export const PAGES_SHOWING_DRAFTS = ['/dashboard', '/calendar'];

/**
 * The drafts, read with the rest only where the app opens on a page that shows them, so they are
 * in as early as before; elsewhere the screens that show drafts read them when they open
 * (useDeviceDrafts), and the other pages never read this device's thousands of drafts.
 */
export function loadDraftsForFirstPage(userId: string, db: AppDb) {
  return async (dispatch: Dispatch, getState: () => unknown): Promise<void> => {
    const path = typeof location === 'undefined' ? '' : location.pathname.replace(/\/+$/, '');
    if (PAGES_SHOWING_DRAFTS.includes(path)) await loadDraftsOnce(userId, db)(dispatch, getState);
  };
}

/** What the features read from this device when the user changes, before the first pull. */
export const localReaders = [
  loadDraftsForFirstPage,
  loadPreferences,
  loadProfile,
  loadPublishing,
  loadNotifications,
  loadAiPosts,
  loadContentIdeasOnce,
];
