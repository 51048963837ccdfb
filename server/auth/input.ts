import { z } from 'zod';
import { badRequest, weakPassword } from './errors.ts';

export const PASSWORD_MIN_LENGTH = 6;
/** bcrypt reads at most 72 bytes; GoTrue refuses longer passwords rather than truncating them. */
export const PASSWORD_MAX_BYTES = 72;

// The address check GoTrue applies (github.com/badoux/checkmail ValidateFormat).
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** A trimmed, lower-cased address, or GoTrue's validation error. */
export function normalizeEmail(raw: string): string {
  const email = raw.trim();
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_FORMAT.test(email))
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

export function checkPasswordStrength(password: string): void {
  if ([...password].length < PASSWORD_MIN_LENGTH) throw weakPassword(PASSWORD_MIN_LENGTH);
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) {
    throw badRequest(
      'validation_failed',
      `Password cannot be longer than ${PASSWORD_MAX_BYTES} characters`,
    );
  }
}

const metadata = z.record(z.string(), z.unknown()).nullish();

export const signupBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: metadata,
});

export const passwordGrantBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
});

export const refreshGrantBody = z.object({ refresh_token: z.string().nullish() });

export const userUpdateBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: metadata,
  app_metadata: metadata,
  nonce: z.string().nullish(),
  /** GoTrue's UpdatePasswordRequireCurrentPassword: the password being replaced. */
  current_password: z.string().nullish(),
});

export const recoverBody = z.object({ email: z.string().nullish() });

function describe(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.');
  return field ? `field "${field}": ${issue.message}` : issue.message;
}

/**
 * The request body as GoTrue reads it: JSON into a typed struct. Anything that does not parse,
 * or has a field of the wrong type, is 400 `bad_json`; JSON `null` reads as an empty object.
 */
export function parseBody<S extends z.ZodType>(text: string, schema: S): z.infer<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // The parser's own message quotes the body, which may hold a password.
    const reason = text.trim() === '' ? 'unexpected end of JSON input' : 'invalid JSON';
    throw badRequest('bad_json', `Could not parse request body as JSON: ${reason}`);
  }
  const result = schema.safeParse(json === null ? {} : json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: ${issue ? describe(issue) : 'invalid body'}`,
    );
  }
  return result.data;
}
