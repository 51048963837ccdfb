import { postDraftsEntity } from '../features/drafts';
import { onboardingDataEntity } from '../features/onboarding';
import { userProfilesEntity } from '../features/profile';
import { createSyncRegistry } from '../lib/sync/entities';

/** Every synced entity of the app; loaded with the sync engine, after the first paint. */
export const syncEntities = createSyncRegistry([
  postDraftsEntity,
  onboardingDataEntity,
  userProfilesEntity,
]);
