import { useIsSignedIn } from '../auth/use-is-signed-in';
import { primaryCtaTarget } from './landing-content';

export function usePrimaryCtaTarget(): '/dashboard' | '/signup' {
  return primaryCtaTarget(useIsSignedIn());
}
