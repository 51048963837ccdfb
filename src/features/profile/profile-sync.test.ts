import { describe, expect, it } from 'vitest';
import type { ServerRow } from '../../lib/sync/entities';
import { makeUserProfileRecord } from '../../testing/factories';
import { userProfilesEntity } from './profile-sync';

describe('user_profiles mapping', () => {
  const profile = makeUserProfileRecord({
    email: ' ada@example.com ',
    firstName: 'Ada',
    lastName: '  ',
    bio: '',
  });

  it('sends only non-blank fields, trimmed (§5 Profile)', () => {
    expect(userProfilesEntity.toServer(profile)).toEqual({
      email: 'ada@example.com',
      first_name: 'Ada',
    });
    expect(
      userProfilesEntity.toServer({ ...profile, socialCredentialsWizardCompleted: true }),
    ).toMatchObject({ social_credentials_wizard_completed: true });
  });

  it('sends null for a field the user emptied (cleared), and only for a clearable one', () => {
    const cleared = makeUserProfileRecord({
      firstName: 'Ada',
      company: null,
      bio: '  ',
      cleared: ['company', 'bio'],
    });
    expect(userProfilesEntity.toServer(cleared)).toEqual({
      email: 'ada@example.com',
      first_name: 'Ada',
      company: null,
      bio: null,
    });
    // A value that is there again wins over a stale mark.
    expect(
      userProfilesEntity.toServer({ ...cleared, company: 'Engines', cleared: ['company'] }),
    ).toEqual({ email: 'ada@example.com', first_name: 'Ada', company: 'Engines' });
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
    expect(userProfilesEntity.fromServer(server)).not.toHaveProperty('cleared');
    expect(userProfilesEntity.fromServer({ ...server, user_id: 'u1' })).toEqual(expected);
  });
});
