/** Where supabase-js keeps this device's session (the client's `storageKey`, see supabase.ts). */
export const AUTH_STORAGE_KEY = 'postbloom-auth';

/**
 * Whether a session may be stored on this device, read without loading the client: only a hint
 * for what to load first; the client decides whether the session is still good.
 */
export function hasStoredSession(): boolean {
  try {
    return globalThis.localStorage?.getItem(AUTH_STORAGE_KEY) != null;
  } catch {
    return false;
  }
}
