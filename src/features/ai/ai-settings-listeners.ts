import type { AppStartListening } from '../../app/store-types';
import { sessionEnded } from '../auth';
import { clearAiSettings } from './ai-settings';

/** The AI keys and settings are the signed-in user's: they leave the device with their session. */
export function addAiSettingsListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: sessionEnded,
    effect: () => {
      try {
        clearAiSettings();
      } catch (error) {
        console.error('Could not remove the AI settings from this device', error);
      }
    },
  });
}
