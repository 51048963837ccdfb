import { describe, expect, it } from 'vitest';
import { displayName, userInitial } from './display-name';

describe('displayName', () => {
  it('uses first and last name when both are present', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })).toBe(
      'Ada Lovelace',
    );
  });
  it('trims the names', () => {
    expect(displayName({ firstName: ' Ada ', lastName: ' Lovelace ', email: '' })).toBe(
      'Ada Lovelace',
    );
  });
  it('falls back to the part of the email before the @ when a name is missing', () => {
    expect(displayName({ firstName: 'Ada', lastName: '', email: 'countess@example.com' })).toBe(
      'countess',
    );
    expect(
      displayName({ firstName: '  ', lastName: 'Lovelace', email: 'countess@example.com' }),
    ).toBe('countess');
    expect(displayName({ email: 'countess@example.com' })).toBe('countess');
  });
  it('falls back to User', () => {
    expect(displayName({ firstName: '', lastName: '', email: '' })).toBe('User');
    expect(displayName({ email: '@example.com' })).toBe('User');
    expect(displayName(null)).toBe('User');
    expect(displayName(undefined)).toBe('User');
  });
});

describe('userInitial', () => {
  it('is the upper-cased first letter of the display name', () => {
    expect(userInitial({ firstName: 'ada', lastName: 'lovelace' })).toBe('A');
    expect(userInitial({ email: 'zoe@example.com' })).toBe('Z');
    expect(userInitial(null)).toBe('U');
  });
});

describe('displayName with the saved profile', () => {
  const account = { firstName: 'Ada', lastName: 'Lovelace', email: 'countess@example.com' };
  it('uses the profile’s first and last name when both are present', () => {
    expect(displayName(account, { firstName: ' Augusta ', lastName: 'King' })).toBe('Augusta King');
    expect(userInitial(account, { firstName: 'augusta', lastName: 'King' })).toBe('A');
  });
  it('falls back as before when the profile lacks a name', () => {
    expect(displayName(account, { firstName: 'Augusta', lastName: null })).toBe('Ada Lovelace');
    expect(displayName(account, { firstName: '', lastName: 'King' })).toBe('Ada Lovelace');
    expect(displayName(account, null)).toBe('Ada Lovelace');
    expect(displayName({ email: 'countess@example.com' }, { firstName: 'Augusta' })).toBe(
      'countess',
    );
    expect(displayName(null, {})).toBe('User');
  });
});
