import { describe, expect, it } from 'vitest';
import { makeUserProfileRecord } from '../../testing/factories';
import {
  changedFields,
  formFromProfile,
  profileFormError,
  PROFILE_TEXTS,
  recordFromForm,
  type ProfileForm,
} from './profile-form';
import { profileFromUser } from './profile-record';
import { userProfilesEntity } from './profile-sync';

const ADA = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };

const saved = makeUserProfileRecord({
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Engines',
  bio: 'Counts things',
  version: 3,
});

const form = (over: Partial<ProfileForm> = {}): ProfileForm => ({
  ...formFromProfile(saved, ADA),
  ...over,
});

describe('the profile form', () => {
  it('starts from the row on this device, or the account before there is one', () => {
    expect(formFromProfile(saved, ADA)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      company: 'Engines',
      bio: 'Counts things',
    });
    expect(formFromProfile(null, ADA)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      company: '',
      bio: '',
    });
  });

  it('differs from the saved values only where a field really changed', () => {
    const base = form();
    expect(changedFields(base, base)).toEqual([]);
    expect(changedFields(form({ company: ' Engines ' }), base)).toEqual([]);
    expect(changedFields(form({ company: '', email: 'new@example.com' }), base)).toEqual([
      'email',
      'company',
    ]);
  });

  it('needs a valid email', () => {
    expect(profileFormError(form())).toBeNull();
    expect(profileFormError(form({ email: '  ' }))).toBe(PROFILE_TEXTS.invalidEmail);
    expect(profileFormError(form({ email: 'ada@' }))).toBe(PROFILE_TEXTS.invalidEmail);
  });
});

describe('a saved profile form → the row and what is sent', () => {
  it('sends an explicit null for exactly the fields the user emptied, never a blank string', () => {
    const row = recordFromForm(form({ company: '  ', firstName: 'Augusta ' }), saved, ADA);
    expect(row).toMatchObject({ firstName: 'Augusta', company: null, cleared: ['company'] });
    expect(userProfilesEntity.toServer(row)).toEqual({
      email: 'ada@example.com',
      first_name: 'Augusta',
      last_name: 'Lovelace',
      company: null,
      bio: 'Counts things',
    });
  });

  it('leaves a field that was already empty unsent, and keeps the email as it is', () => {
    const sparse = makeUserProfileRecord({ firstName: 'Ada', version: 1 });
    const row = recordFromForm(
      { firstName: 'Ada', lastName: '', email: 'new@example.com', company: '', bio: '' },
      sparse,
      ADA,
    );
    expect(row.cleared).toBeUndefined();
    expect(userProfilesEntity.toServer(row)).toEqual({
      email: 'ada@example.com',
      first_name: 'Ada',
    });
  });

  it('keeps a clear still on its way when the next edit is merged into the same write', () => {
    const first = recordFromForm(form({ bio: '' }), saved, ADA);
    const second = recordFromForm(form({ bio: '', company: 'Looms' }), first, ADA);
    expect(second.cleared).toEqual(['bio']);
    expect(userProfilesEntity.toServer(second)).toMatchObject({ company: 'Looms', bio: null });
    // Filled in again: no longer cleared.
    const third = recordFromForm(form({ bio: 'Back' }), second, ADA);
    expect(third.cleared).toBeUndefined();
    expect(userProfilesEntity.toServer(third)).toMatchObject({ bio: 'Back' });
  });

  it('creates the row with the account email when there is none yet', () => {
    const row = recordFromForm(form({ company: 'Engines' }), null, ADA);
    expect(row).toMatchObject({ id: 'u1', userId: 'u1', email: 'ada@example.com', version: null });
    expect(row.cleared).toBeUndefined();
  });
});

describe('onboarding’s profile write', () => {
  it('sends only non-blank fields: it never wipes company or bio', () => {
    const row = profileFromUser({ ...ADA, lastName: '  ' }, saved);
    expect(row).toMatchObject({ company: 'Engines', bio: 'Counts things', lastName: 'Lovelace' });
    const sent = userProfilesEntity.toServer(row);
    expect(Object.values(sent)).not.toContain(null);
    expect(Object.values(sent)).not.toContain('');
    expect(userProfilesEntity.toServer(profileFromUser(ADA))).toEqual({
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
  });

  it('keeps a field emptied in Settings that is still on its way', () => {
    const pending = recordFromForm(form({ bio: '' }), saved, ADA);
    const row = profileFromUser(ADA, pending);
    expect(row.cleared).toEqual(['bio']);
    expect(userProfilesEntity.toServer(row)).toMatchObject({ bio: null, first_name: 'Ada' });
  });
});
