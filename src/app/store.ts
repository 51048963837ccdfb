import { configureStore } from '@reduxjs/toolkit';
import { listenerMiddleware } from './listener-middleware';
import { PERSIST_ACTION_TYPES } from './persist';
import { rootReducer } from './root-reducer';

export type RootState = ReturnType<typeof rootReducer>;

/** Every test and the app build their store here, so they all get the same middleware. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: PERSIST_ACTION_TYPES },
      }).prepend(listenerMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
