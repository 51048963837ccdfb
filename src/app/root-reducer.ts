import { combineReducers } from '@reduxjs/toolkit';
// Slice files, not the features' index files: an index also exports components, and a static
// import from the store would pull them (and their MUI parts) into the first download.
import { aiPostsReducer } from '../features/ai-posts/ai-posts-slice';
import { authReducer } from '../features/auth/auth-slice';
import { draftsReducer } from '../features/drafts/drafts-slice';
import { ideasReducer } from '../features/ideas/ideas-slice';
import { notificationsReducer } from '../features/notifications/notifications-slice';
import { preferencesReducer } from '../features/preferences/preferences-slice';
import { profileReducer } from '../features/profile/profile-slice';
import { publishingReducer } from '../features/publishing/publishing-slice';
import { credentialsReducer } from '../features/social/credentials-slice';
import { syncReducer } from '../features/sync/sync-slice';
import { persistedAiReducer, persistedOnboardingReducer, persistedUiReducer } from './persist';

export const rootReducer = combineReducers({
  auth: authReducer,
  ui: persistedUiReducer,
  drafts: draftsReducer,
  ideas: ideasReducer,
  sync: syncReducer,
  ai: persistedAiReducer,
  aiPosts: aiPostsReducer,
  onboarding: persistedOnboardingReducer,
  profile: profileReducer,
  preferences: preferencesReducer,
  notifications: notificationsReducer,
  publishing: publishingReducer,
  // Not persisted: app ids and validation only, read fresh from the server.
  credentials: credentialsReducer,
});
