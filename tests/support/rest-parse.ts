import { expect } from 'vitest';
import { RestError } from '../../server/rest/errors.ts';

// Shared by server/rest/parse-*.test.ts.

/** Runs `fn`, expecting it to throw a RestError, and returns that error. */
export function parseFails(fn: () => unknown): RestError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(RestError);
    return e as RestError;
  }
  throw new Error('expected a parse error');
}
