import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { LoadingScreen } from '../../components/loading-screen';
import { useOpenedInBackground } from '../../lib/use-opened-in-background';
import { selectAuthStatus } from './auth-state';

const AuthScreen = lazy(() => import('./auth-screen'));

/** Protected routes: a spinner while the session resolves, the sign-in screen to a visitor. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const status = useAppSelector(selectAuthStatus);
  // The layout and the page render in the background once the session is known.
  const signedIn = useOpenedInBackground(status === 'signedIn');
  if (status === 'loading') return <LoadingScreen fullPage />;
  // A password alone does not open an account with two-factor on: the sign-in screen asks for the code.
  if (status === 'signedOut' || status === 'secondFactor') {
    return (
      <Suspense fallback={<LoadingScreen fullPage />}>
        <AuthScreen />
      </Suspense>
    );
  }
  if (!signedIn) return <LoadingScreen fullPage />;
  return children ?? <Outlet />;
}
