import { lazy, Suspense } from 'react';
import { PasswordRecovery } from '../features/auth/password-recovery';
import { AppRoutes } from './router';

// Registers the service worker; not needed for the first paint.
const UpdatePrompt = lazy(() => import('../components/update-prompt'));

export function App() {
  return (
    <>
      <AppRoutes />
      <PasswordRecovery />
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </>
  );
}
