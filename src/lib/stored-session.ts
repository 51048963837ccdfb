/** Where supabase-js keeps this device's session (the client's `storageKey`, see supabase.ts). */
export const AUTH_STORAGE_KEY = 'postbloom-auth';
