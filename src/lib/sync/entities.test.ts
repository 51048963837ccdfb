import { describe, expect, it } from 'vitest';
import type { OnboardingRecord, UserProfileRecord } from '../db';
import {
  onboardingDataEntity,
  syncEntity,
  syncEntityNames,
  userProfilesEntity,
  type ServerRow,
} from './entities';

const record: OnboardingRecord = {
  id: 'u1',
  userId: 'u1',
  businessName: 'Corner Shop',
  businessType: 'retail',
  location: 'Leeds',
  primaryGoal: 'leads',
  targetAudience: 'consumers',
  postingFrequency: 'daily',
  contentPreferences: ['educational'],
  answers: { businessName: 'Corner Shop', brandColors: ['#FF5722'] },
  completedAt: '2026-03-04T05:06:07.000Z',
  updatedAt: null,
  version: null,
};

describe('the sync entity registry', () => {
  it('knows drafts, onboarding answers and the profile', () => {
    expect(syncEntityNames()).toEqual(['post_drafts', 'onboarding_data', 'user_profiles']);
    expect(syncEntity('onboarding_data')).toBe(onboardingDataEntity);
    expect(() => syncEntity('auth_users')).toThrow('Unknown sync entity');
  });
});

describe('onboarding_data mapping', () => {
  it('sends the writable columns of §3 in the server’s shape, never ids or versions', () => {
    expect(onboardingDataEntity.toServer(record)).toEqual({
      business_name: 'Corner Shop',
      business_type: 'retail',
      location: 'Leeds',
      primary_goal: 'leads',
      target_audience: 'consumers',
      posting_frequency: 'daily',
      content_preferences: ['educational'],
      answers: { businessName: 'Corner Shop', brandColors: ['#FF5722'] },
      completed_at: '2026-03-04T05:06:07.000Z',
    });
  });

  it('reads a server row back into the same local row', () => {
    const server: ServerRow = {
      id: 'row-1',
      user_id: 'u1',
      ...onboardingDataEntity.toServer(record),
      completed_at: '2026-03-04T05:06:07+00:00',
      updated_at: '2026-03-05T00:00:00+00:00',
      version: 4,
      last_mutation_id: 'm1',
    };
    expect(onboardingDataEntity.fromServer(server)).toEqual({
      ...record,
      id: 'row-1',
      updatedAt: '2026-03-05T00:00:00.000Z',
      version: 4,
    });
  });

  it('keeps a malformed server row usable', () => {
    const row = onboardingDataEntity.fromServer({
      id: 'row-2',
      user_id: 'u1',
      version: 1,
      business_name: null,
      content_preferences: ['a', 3, null],
      answers: ['not', 'an', 'object'],
      completed_at: null,
    });
    expect(row).toMatchObject({
      businessName: '',
      contentPreferences: ['a'],
      answers: {},
      completedAt: null,
      version: 1,
    });
  });
});

describe('user_profiles mapping', () => {
  const profile: UserProfileRecord = {
    id: 'u1',
    userId: 'u1',
    email: ' ada@example.com ',
    firstName: 'Ada',
    lastName: '  ',
    company: null,
    bio: '',
    avatarUrl: null,
    socialCredentialsWizardCompleted: null,
    version: null,
  };

  it('sends only non-blank fields, trimmed (§5 Profile)', () => {
    expect(userProfilesEntity.toServer(profile)).toEqual({
      email: 'ada@example.com',
      first_name: 'Ada',
    });
    expect(
      userProfilesEntity.toServer({ ...profile, socialCredentialsWizardCompleted: true }),
    ).toMatchObject({ social_credentials_wizard_completed: true });
  });

  it('files a server profile under its user (the id), with or without a user_id column', () => {
    const server: ServerRow = {
      id: 'u1',
      version: 2,
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: null,
      company: 'Engines',
      bio: null,
      avatar_url: null,
      social_credentials_wizard_completed: false,
    };
    const expected = {
      id: 'u1',
      userId: 'u1',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: null,
      company: 'Engines',
      bio: null,
      avatarUrl: null,
      socialCredentialsWizardCompleted: false,
      version: 2,
    };
    expect(userProfilesEntity.fromServer(server)).toEqual(expected);
    expect(userProfilesEntity.fromServer({ ...server, user_id: 'u1' })).toEqual(expected);
  });
});
