import { describe, expect, it } from 'vitest';
import {
  CONTACT_SUBJECTS,
  firstInvalidField,
  isValidEmail,
  normalizeContactForm,
  validateContactForm,
  type ContactFormValues,
} from './contact-validation';

const valid: ContactFormValues = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'General Inquiry',
  message: 'Hello, I would like to know more.',
};

describe('validateContactForm', () => {
  it('accepts a complete form', () => {
    expect(validateContactForm(valid)).toEqual({});
  });

  it('reports every required field of an empty form with the exact texts', () => {
    expect(validateContactForm({ name: '', email: '', subject: '', message: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
  });

  it('treats whitespace-only values as missing', () => {
    expect(
      validateContactForm({ name: '   ', email: '\t', subject: ' ', message: '\n  ' }),
    ).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
  });

  it('requires a name of at least 2 characters after trimming', () => {
    expect(validateContactForm({ ...valid, name: 'A' }).name).toBe(
      'Name must be at least 2 characters',
    );
    expect(validateContactForm({ ...valid, name: '  A  ' }).name).toBe(
      'Name must be at least 2 characters',
    );
    expect(validateContactForm({ ...valid, name: 'Al' }).name).toBeUndefined();
  });

  it('checks the email pattern only once an email is given', () => {
    expect(validateContactForm({ ...valid, email: 'not-an-email' }).email).toBe(
      'Please enter a valid email address',
    );
    expect(validateContactForm({ ...valid, email: '' }).email).toBe('Email is required');
    expect(validateContactForm({ ...valid, email: '  ada@example.com  ' }).email).toBeUndefined();
  });

  it('requires a message of at least 10 characters after trimming', () => {
    expect(validateContactForm({ ...valid, message: '123456789' }).message).toBe(
      'Message must be at least 10 characters',
    );
    expect(validateContactForm({ ...valid, message: '   123456789    ' }).message).toBe(
      'Message must be at least 10 characters',
    );
    expect(validateContactForm({ ...valid, message: '1234567890' }).message).toBeUndefined();
  });

  it('enforces no maximum message length', () => {
    expect(validateContactForm({ ...valid, message: 'x'.repeat(2000) })).toEqual({});
  });

  it('reports only the failing fields', () => {
    expect(validateContactForm({ ...valid, email: 'a@b', message: 'short' })).toEqual({
      email: 'Please enter a valid email address',
      message: 'Message must be at least 10 characters',
    });
  });
});

describe('isValidEmail', () => {
  it.each(['ada@example.com', 'first.last+tag@sub.example.co.uk', ' ada@example.com '])(
    'accepts %s',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );

  it.each(['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada @example.com', 'a@b@c.com'])(
    'rejects %j',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});

describe('firstInvalidField', () => {
  it('follows the form order name, email, subject, message', () => {
    expect(firstInvalidField({ message: 'x', subject: 'x', email: 'x', name: 'x' })).toBe('name');
    expect(firstInvalidField({ message: 'x', subject: 'x', email: 'x' })).toBe('email');
    expect(firstInvalidField({ message: 'x', subject: 'x' })).toBe('subject');
    expect(firstInvalidField({ message: 'x' })).toBe('message');
    expect(firstInvalidField({})).toBeUndefined();
  });
});

describe('normalizeContactForm', () => {
  it('trims every field', () => {
    expect(
      normalizeContactForm({
        name: ' Ada ',
        email: ' ada@example.com\n',
        subject: 'Other ',
        message: '  Hello there, friend  ',
      }),
    ).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Other',
      message: 'Hello there, friend',
    });
  });
});

describe('CONTACT_SUBJECTS', () => {
  it('lists the subjects of the spec in order', () => {
    expect(CONTACT_SUBJECTS).toEqual([
      'General Inquiry',
      'Technical Support',
      'Billing Question',
      'Feature Request',
      'Partnership Opportunity',
      'Media Inquiry',
      'Other',
    ]);
  });
});
