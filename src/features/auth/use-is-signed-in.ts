import { useAppSelector } from '../../app/hooks';
import { readStoredSessionUser } from '../../lib/stored-session';
import { selectAuthStatus } from './auth-state';

/**
 * Signed in, or about to be: until the store has read the session, the one supabase-js saved on
 * this device decides, so a returning user is never offered the sign-up form meanwhile.
 */
export function useIsSignedIn(): boolean {
  const status = useAppSelector(selectAuthStatus);
  return status === 'signedIn' || (status === 'loading' && readStoredSessionUser() !== null);
}
