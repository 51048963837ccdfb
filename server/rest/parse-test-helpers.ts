import { expect } from 'vitest';
import { RestError } from './errors.ts';

// Shared by the parse-*.test.ts files.

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
