import type { Session, User } from '@supabase/supabase-js';
import { AUTH_STORAGE_KEY } from '../../lib/stored-session';

const VERIFY_CODE_LENGTH = 6;

/** The `aal` claim of an access token, read without checking it (the server does that). */
function tokenAal(accessToken: string): string | null {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const aal = (JSON.parse(json) as { aal?: unknown }).aal;
    return typeof aal === 'string' ? aal : null;
  } catch {
    return null;
  }
}

function hasVerifiedFactor(user: Pick<User, 'factors'> | null | undefined): boolean {
  return (user?.factors ?? []).some((f) => f.status === 'verified');
}

/**
 * True while a session still needs its second factor: the user has a verified factor and the
 * token is below aal2. The same reading as supabase-js's getAuthenticatorAssuranceLevel()
 * (nextLevel aal2, currentLevel aal1), made synchronously so an auth event can be sorted at once.
 */
export function needsSecondFactor(
  session: Pick<Session, 'access_token' | 'user'> | null | undefined,
): boolean {
  if (!session) return false;
  return hasVerifiedFactor(session.user) && tokenAal(session.access_token) !== 'aal2';
}

/** The same question of the session supabase-js keeps on this device (read offline at boot). */
export function storedSessionNeedsSecondFactor(): boolean {
  try {
    const raw = globalThis.localStorage?.getItem(AUTH_STORAGE_KEY);
    if (!raw) return false;
    const stored = JSON.parse(raw) as { access_token?: unknown; user?: User };
    if (typeof stored.access_token !== 'string') return hasVerifiedFactor(stored.user);
    return needsSecondFactor({ access_token: stored.access_token, user: stored.user! });
  } catch {
    return false;
  }
}

/** A code as people type it ("123 456", "123-456") reduced to its digits. */
export function normaliseCode(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`).test(code);
}
