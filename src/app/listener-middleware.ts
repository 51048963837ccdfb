import { createListenerMiddleware } from '@reduxjs/toolkit';
// Listener files, not index files, for the same reason as in root-reducer.ts.
import { addAiSettingsListeners } from '../features/ai/ai-settings-listeners';
import { addAppearanceListeners } from '../features/appearance/appearance-listeners';
import { addAuthListeners } from '../features/auth/auth-listeners';
import { addPushListeners } from '../features/settings/push-listeners';
import { addSyncListeners } from '../features/sync/sync-listeners';
import type { AppDispatch, AppStartListening, RootState } from './store-types';

export const listenerMiddleware = createListenerMiddleware();

export const startAppListening: AppStartListening = listenerMiddleware.startListening.withTypes<
  RootState,
  AppDispatch
>();

// Each feature registers its reactive flows here, once.
addAuthListeners(startAppListening);
// The synced entities load with the engine, off the first download.
addSyncListeners(startAppListening, {
  loadSetup: () => import('./sync-entities'),
});
addAiSettingsListeners(startAppListening);
addAppearanceListeners(startAppListening);
addPushListeners(startAppListening);
