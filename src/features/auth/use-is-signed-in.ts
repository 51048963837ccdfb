import { useAppSelector } from '../../app/hooks';
import { selectIsSignedIn } from './auth-slice';

export function useIsSignedIn(): boolean {
  return useAppSelector(selectIsSignedIn);
}
