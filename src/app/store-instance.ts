// The app's one store, loaded after the first paint (see DeferredProviders): importing this module
// builds it, starts persistence and the features' flows, and resolves `storeReady` once the state
// saved on this device is back, so no page ever renders the defaults first and the saved state after.
import { persistStore } from 'redux-persist';
import { selectThemeMode, writeThemeModeHint } from '../features/ui/ui-state';
import { appStarted } from '../lib/app-lifecycle';
import { flushOnHide } from '../lib/persist-storage';
import { keepInFlightWrites } from './persist';
import { makeStore } from './store';
import type { AppStore } from './store-types';

const store = makeStore();

export const storeReady = new Promise<AppStore>((resolve) => {
  const persistor = persistStore(store, null, () => {
    // Keep the copy the first paint reads (see ui-state.ts) in step with the persisted choice.
    let themeMode = selectThemeMode(store.getState());
    writeThemeModeHint(themeMode);
    store.subscribe(() => {
      const next = selectThemeMode(store.getState());
      if (next === themeMode) return;
      themeMode = next;
      writeThemeModeHint(next);
    });
    resolve(store);
  });
  // A tab can be killed any time after it is hidden: write pending state while we still can.
  flushOnHide({
    flush: () => {
      const written = persistor.flush();
      keepInFlightWrites();
      return written;
    },
  });
});

store.dispatch(appStarted());
