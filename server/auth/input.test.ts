import { describe, expect, it } from 'vitest';
import { AuthError } from './errors.ts';
import { checkPasswordStrength, normalizeEmail, parseBody, signupBody } from './input.ts';
import { mergeMetadata } from './users.ts';

function authError(fn: () => unknown): AuthError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AuthError) return e;
    throw e;
  }
  throw new Error('expected an AuthError');
}

describe('normalizeEmail', () => {
  it('trims and lower-cases a valid address', () => {
    expect(normalizeEmail('  Ada.Lovelace+x@Example.COM ')).toBe('ada.lovelace+x@example.com');
  });

  it.each([
    'plainaddress',
    'a@',
    '@example.com',
    'a b@example.com',
    'a@-example.com',
    'a@exa_mple.com',
    'a@@example.com',
  ])('refuses %j with GoTrue message', (raw) => {
    const e = authError(() => normalizeEmail(raw));
    expect([e.status, e.code, e.message]).toEqual([
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    ]);
  });

  it('refuses an empty and an over-long address', () => {
    expect(authError(() => normalizeEmail('   ')).message).toBe('An email address is required');
    expect(authError(() => normalizeEmail(`${'a'.repeat(250)}@example.com`)).message).toBe(
      'An email address is too long',
    );
  });
});

describe('checkPasswordStrength', () => {
  it('wants six characters, counting code points', () => {
    const e = authError(() => checkPasswordStrength('12345'));
    expect([e.status, e.code, e.extra]).toEqual([
      422,
      'weak_password',
      { weak_password: { reasons: ['length'] } },
    ]);
    expect(() => checkPasswordStrength('123456')).not.toThrow();
    expect(() => checkPasswordStrength('🌸🌸🌸🌸🌸🌸')).not.toThrow();
    expect(authError(() => checkPasswordStrength('🌸🌸🌸🌸🌸')).code).toBe('weak_password');
  });

  it('refuses what bcrypt would silently truncate', () => {
    expect(() => checkPasswordStrength('x'.repeat(72))).not.toThrow();
    expect(authError(() => checkPasswordStrength('x'.repeat(73))).code).toBe('validation_failed');
  });
});

describe('parseBody', () => {
  it('reads a typed body and treats null as empty', () => {
    expect(parseBody('{"email":"a@b.co","password":"p","data":{"k":1}}', signupBody)).toEqual({
      email: 'a@b.co',
      password: 'p',
      data: { k: 1 },
    });
    expect(parseBody('null', signupBody)).toEqual({});
  });

  it.each(['', '{', '[]', '"text"', '{"email": 1}', '{"data": [1]}'])(
    'refuses %j as bad_json',
    (text) => {
      const e = authError(() => parseBody(text, signupBody));
      expect([e.status, e.code]).toEqual([400, 'bad_json']);
    },
  );

  it('never quotes the body back', () => {
    const e = authError(() => parseBody('{"password": "hunter2-secret"', signupBody));
    expect(e.message).not.toContain('hunter2');
  });
});

describe('mergeMetadata', () => {
  it('replaces top-level keys and removes keys set to null', () => {
    expect(mergeMetadata({ a: 1, b: { x: 1 }, c: 3 }, { b: { y: 2 }, c: null, d: 4 })).toEqual({
      a: 1,
      b: { y: 2 },
      d: 4,
    });
    expect(mergeMetadata(null, { a: 1 })).toEqual({ a: 1 });
  });
});
