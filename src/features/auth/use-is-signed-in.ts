import { useAppSelector } from '../../app/hooks';
import { selectIsSignedIn } from './auth-state';

export function useIsSignedIn(): boolean {
  return useAppSelector(selectIsSignedIn);
}
