import { lazy } from 'react';

export {
  authReducer,
  initialAuthState,
  selectAuthError,
  selectAuthStatus,
  selectCurrentUser,
  selectIsSignedIn,
  sessionEnded,
  signedIn,
  type AuthState,
  type AuthStatus,
} from './auth-slice';
export { signIn, signOut, signUp } from './auth-thunks';
export { isCompleteCode, normaliseCode } from './assurance';
export { AuthenticationCodeField } from './authentication-code-field';
export { accountDeleted } from './account-events';
export { authMessages } from './auth-errors';
export { validatePassword, validationMessages } from './validation';
export { addAuthListeners } from './auth-listeners';
export type { AuthUser } from './auth-user';
export { displayName, userInitial } from './display-name';
export { useIsSignedIn } from './use-is-signed-in';
export { RequireAuth } from './require-auth';
export { PasswordRecovery } from './password-recovery';

// Lazy so that the store's static import of this index does not pull the page into the first load.
export const SignUpPage = lazy(() => import('./sign-up-page'));
