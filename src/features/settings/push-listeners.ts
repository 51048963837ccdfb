import type { AppStartListening } from '../../app/store-types';
import { sessionEnded } from '../auth';

/** Sign-out ends this browser's push subscription (see unsubscribeThisBrowser). */
export function addPushListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: sessionEnded,
    effect: async () => {
      // Loaded on demand: the store's download stays free of the push code.
      const { unsubscribeThisBrowser } = await import('./web-push');
      await unsubscribeThisBrowser().catch((error: unknown) => {
        console.warn('Could not end this browser’s push subscription:', error);
      });
    },
  });
}
