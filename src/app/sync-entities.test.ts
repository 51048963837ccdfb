import { describe, expect, it } from 'vitest';
import { onboardingDataEntity } from '../features/onboarding';
import { syncEntities } from './sync-entities';

describe('the sync entity registry', () => {
  it('knows drafts, onboarding answers, the profile, the preferences, scheduled posts and notices', () => {
    expect(syncEntities.names()).toEqual(
      expect.arrayContaining([
        'post_drafts',
        'onboarding_data',
        'user_profiles',
        'user_preferences',
        'scheduled_posts',
        'publish_targets',
        'user_notifications',
      ]),
    );
    expect(syncEntities.get('onboarding_data')).toBe(onboardingDataEntity);
    expect(() => syncEntities.get('auth_users')).toThrow('Unknown sync entity');
  });
});
