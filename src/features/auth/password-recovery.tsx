import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectPasswordRecovery } from './auth-state';

const PasswordRecoveryDialog = lazy(() => import('./password-recovery-dialog'));

/** Mount once at the app root: the dialog loads only when a reset link was followed. */
export function PasswordRecovery() {
  const open = useAppSelector(selectPasswordRecovery);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PasswordRecoveryDialog />
    </Suspense>
  );
}
