import { emptyForm, type OnboardingForm } from '../features/onboarding/onboarding-form';
import type { DraftRecord, UserProfileRecord } from '../lib/db';

/**
 * A local draft as saved on this device and never synced (version null), with `overrides` on top.
 * Without timestamps it is created now; given only `updatedAt`, it was created then too.
 */
export function makeDraftRecord(overrides: Partial<DraftRecord> = {}): DraftRecord {
  const at = overrides.updatedAt ?? overrides.createdAt ?? new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    userId: 'u1',
    content: 'Draft text',
    platforms: ['facebook'],
    postType: 'text',
    prompt: null,
    aiProvider: null,
    status: 'draft',
    scheduledFor: null,
    conflictOf: null,
    createdAt: at,
    updatedAt: at,
    version: null,
    ...overrides,
  };
}

/**
 * A wizard form answered as far as completing onboarding needs (a retail "Corner Shop" aiming for
 * leads, daily educational posts in the morning, Paris time), with `overrides` on top.
 */
export function makeOnboardingForm(overrides: Partial<OnboardingForm> = {}): OnboardingForm {
  return {
    ...emptyForm('Europe/Paris'),
    businessName: 'Corner Shop',
    industry: 'retail',
    primaryGoal: 'leads',
    mainAudience: 'consumers',
    postingFrequency: 'daily',
    contentTypes: ['educational'],
    preferredPostingTimes: ['morning'],
    ...overrides,
  };
}

/** User u1's profile on this device, with only an email written, and `overrides` on top. */
export function makeUserProfileRecord(
  overrides: Partial<UserProfileRecord> = {},
): UserProfileRecord {
  return {
    id: 'u1',
    userId: 'u1',
    email: 'ada@example.com',
    firstName: null,
    lastName: null,
    company: null,
    bio: null,
    avatarUrl: null,
    socialCredentialsWizardCompleted: null,
    version: null,
    ...overrides,
  };
}
