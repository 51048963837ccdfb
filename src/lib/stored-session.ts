import type { User } from '@supabase/supabase-js';
import { deviceStorage } from './device-storage';

/** Where supabase-js keeps the session on this device (src/lib/supabase.ts names it). */
export const AUTH_STORAGE_KEY = 'postbloom-auth';

/**
 * The user of the session supabase-js keeps in localStorage, read without the network: when a
 * reload happens offline after the access token expired, the app stays signed in with local
 * data until the token can be refreshed.
 */
export function readStoredSessionUser(): User | null {
  try {
    const raw = deviceStorage()?.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const user = (JSON.parse(raw) as { user?: unknown }).user;
    if (typeof user === 'object' && user !== null && typeof (user as User).id === 'string') {
      return user as User;
    }
    return null;
  } catch {
    return null;
  }
}

/** The page was opened from an auth email: its URL carries the session (or the refusal) for supabase-js. */
export function arrivedFromAuthEmail(): boolean {
  if (typeof location === 'undefined') return false;
  const { hash, search } = location;
  return /[#&](access_token|error_description)=/.test(hash) || /[?&]code=/.test(search);
}
