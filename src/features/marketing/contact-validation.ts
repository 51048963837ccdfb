export const CONTACT_SUBJECTS = [
  'General Inquiry',
  'Technical Support',
  'Billing Question',
  'Feature Request',
  'Partnership Opportunity',
  'Media Inquiry',
  'Other',
] as const;

export const CONTACT_NAME_MIN = 2;
export const CONTACT_MESSAGE_MIN = 10;
/** Shown as a counter only: the spec enforces no maximum. */
export const CONTACT_MESSAGE_COUNTER_MAX = 500;

export interface ContactFormValues {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactField = keyof ContactFormValues;
export type ContactFormErrors = Partial<Record<ContactField, string>>;

/** Field order of the form: the first invalid field in this order receives focus. */
export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'subject', 'message'];

export const EMPTY_CONTACT_FORM: ContactFormValues = {
  name: '',
  email: '',
  subject: '',
  message: '',
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Returns one message per invalid field (its first failing rule); an empty object means valid. */
export function validateContactForm(values: ContactFormValues): ContactFormErrors {
  const errors: ContactFormErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const subject = values.subject.trim();
  const message = values.message.trim();

  if (!name) errors.name = 'Name is required';
  else if (name.length < CONTACT_NAME_MIN) errors.name = 'Name must be at least 2 characters';

  if (!email) errors.email = 'Email is required';
  else if (!isValidEmail(email)) errors.email = 'Please enter a valid email address';

  if (!subject) errors.subject = 'Subject is required';

  if (!message) errors.message = 'Message is required';
  else if (message.length < CONTACT_MESSAGE_MIN) {
    errors.message = 'Message must be at least 10 characters';
  }

  return errors;
}

export function firstInvalidField(errors: ContactFormErrors): ContactField | undefined {
  return CONTACT_FIELDS.find((field) => errors[field] !== undefined);
}

/** The trimmed values that would be sent once the form is valid. */
export function normalizeContactForm(values: ContactFormValues): ContactFormValues {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    subject: values.subject.trim(),
    message: values.message.trim(),
  };
}
