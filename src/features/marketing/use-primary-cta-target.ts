import { useIsSignedIn } from '../auth';
import { primaryCtaTarget } from './landing-content';

export function usePrimaryCtaTarget(): '/dashboard' | '/signup' {
  return primaryCtaTarget(useIsSignedIn());
}
