import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  normaliseCredentials,
  normaliseEmail,
  normaliseSignUp,
  validateAuthForm,
  validationMessages as m,
  type AuthFormValues,
} from './validation';

const valid: AuthFormValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'secret1',
};

describe('validateAuthForm (sign-up mode), in the spec order', () => {
  const cases: [string, Partial<AuthFormValues>, string | null][] = [
    ['both names missing', { firstName: '', lastName: '' }, m.namesRequired],
    ['last name missing', { lastName: '' }, m.namesRequired],
    [
      'names come before every other rule',
      { firstName: '', email: '', password: '' },
      m.namesRequired,
    ],
    ['short first name (after trimming)', { firstName: ' A ' }, m.firstNameTooShort],
    ['blank first name', { firstName: '   ' }, m.firstNameTooShort],
    ['first name checked before last name', { firstName: 'A', lastName: 'B' }, m.firstNameTooShort],
    ['short last name', { lastName: 'L' }, m.lastNameTooShort],
    ['names before required fields', { lastName: 'L', email: '' }, m.lastNameTooShort],
    ['missing email', { email: '' }, m.fieldsRequired],
    ['blank email', { email: '   ' }, m.fieldsRequired],
    ['missing password', { password: '' }, m.fieldsRequired],
    ['required before format', { email: 'nope', password: '' }, m.fieldsRequired],
    ['bad email', { email: 'ada@example' }, m.invalidEmail],
    ['email with a space', { email: 'ada lovelace@example.com' }, m.invalidEmail],
    ['email before password length', { email: 'ada', password: '123' }, m.invalidEmail],
    ['short password', { password: '12345' }, m.passwordTooShort],
    ['six characters is enough', { password: '123456' }, null],
    ['surrounding spaces in the email are tolerated', { email: '  Ada@Example.com ' }, null],
    ['all good', {}, null],
  ];
  it.each(cases)('%s', (_name, change, expected) => {
    expect(validateAuthForm('signUp', { ...valid, ...change })).toBe(expected);
  });
});

describe('validateAuthForm (sign-in mode)', () => {
  it('ignores the name fields', () => {
    expect(validateAuthForm('signIn', { ...valid, firstName: '', lastName: '' })).toBeNull();
  });
  it('applies the email and password rules in order', () => {
    const base = { firstName: '', lastName: '' };
    expect(validateAuthForm('signIn', { ...base, email: '', password: '' })).toBe(m.fieldsRequired);
    expect(validateAuthForm('signIn', { ...base, email: 'x@y', password: 'secret1' })).toBe(
      m.invalidEmail,
    );
    expect(validateAuthForm('signIn', { ...base, email: 'x@y.io', password: 'abc' })).toBe(
      m.passwordTooShort,
    );
  });
});

describe('the auth layer normalisation', () => {
  it('trims names and trims and lower-cases the email, keeping the password as typed', () => {
    expect(
      normaliseSignUp({
        firstName: '  Ada ',
        lastName: ' Lovelace  ',
        email: '  Ada.Lovelace@Example.COM ',
        password: ' pass word ',
      }),
    ).toEqual({
      ok: true,
      value: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada.lovelace@example.com',
        password: ' pass word ',
      },
    });
  });

  it('refuses a given but blank first or last name', () => {
    expect(normaliseSignUp({ ...valid, firstName: '   ' })).toEqual({
      ok: false,
      error: m.firstNameEmpty,
    });
    expect(normaliseSignUp({ ...valid, lastName: '' })).toEqual({
      ok: false,
      error: m.lastNameEmpty,
    });
  });

  it('accepts a sign-up without names (they are optional to the auth layer)', () => {
    const result = normaliseSignUp({ email: 'a@b.co', password: 'secret1' });
    expect(result).toEqual({
      ok: true,
      value: { email: 'a@b.co', password: 'secret1', firstName: '', lastName: '' },
    });
  });

  it('applies the email and password rules', () => {
    expect(normaliseCredentials({ email: ' ', password: 'secret1' })).toEqual({
      ok: false,
      error: m.fieldsRequired,
    });
    expect(normaliseCredentials({ email: 'bad', password: 'secret1' })).toEqual({
      ok: false,
      error: m.invalidEmail,
    });
    expect(normaliseCredentials({ email: 'a@b.co', password: '12345' })).toEqual({
      ok: false,
      error: m.passwordTooShort,
    });
    expect(normaliseSignUp({ ...valid, email: 'bad' })).toEqual({
      ok: false,
      error: m.invalidEmail,
    });
  });

  it('normalises emails idempotently and to the form the form accepts', () => {
    fc.assert(
      fc.property(
        fc.emailAddress(),
        fc.string({ maxLength: 3 }).map((s) => s.replace(/\S/g, ' ')),
        (email, pad) => {
          const once = normaliseEmail(pad + email.toUpperCase() + pad);
          expect(normaliseEmail(once)).toBe(once);
          expect(once).toBe(email.toLowerCase());
          expect(normaliseCredentials({ email: pad + email + pad, password: 'secret1' })).toEqual({
            ok: true,
            value: { email: email.toLowerCase(), password: 'secret1' },
          });
        },
      ),
    );
  });
});
