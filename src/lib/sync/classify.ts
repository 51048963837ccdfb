/** A failed request as the sync engine sees it; status 0 means no HTTP answer at all. */
export interface SyncFailure {
  status: number;
  code: string;
  message: string;
}

/** retry: try again later with backoff; auth: refresh the session, then retry; park: keep it aside. */
export type FailureKind = 'retry' | 'auth' | 'park';

const AUTH_CODES = new Set([
  'PGRST301',
  'PGRST302',
  'PGRST303',
  'bad_jwt',
  'no_authorization',
  'session_mismatch',
]);

export function classifyFailure(failure: SyncFailure): FailureKind {
  const { status, code, message } = failure;
  if (status === 401 || AUTH_CODES.has(code) || /\bJWT\b/i.test(message)) return 'auth';
  if (status === 0 || status >= 500 || status === 408 || status === 429) return 'retry';
  // Invalid data (22xxx), constraint violations (23xxx), permission (42501) and every other 4xx
  // will fail the same way again: retrying would only block the entries behind it.
  if (status >= 400) return 'park';
  return 'retry';
}

// Transaction rollback (40: serialization, deadlock), resources (53), lock (55), cancel (57) and
// connection (08) classes are about the moment, not the data.
const TRANSIENT_SQLSTATE = /^(40|53|55|57|08)/;

/** A mutation the server refused inside an otherwise successful push: it carries a SQLSTATE. */
export function classifyRejection(code: string): Exclude<FailureKind, 'auth'> {
  return TRANSIENT_SQLSTATE.test(code) ? 'retry' : 'park';
}
