import type { Action, UnknownAction } from '@reduxjs/toolkit';
import { initialAuthState } from '../features/auth/auth-state';
import { readThemeModeHint } from '../features/ui/ui-state';
import type { AppStore, RootState } from './store-types';

/**
 * What the first paint renders against while the real store (Redux Toolkit, persistence, the
 * slices and their listeners) loads in the background: the signed-out-until-known auth state and
 * the theme last chosen on this device. Only the public shell reads it — `StoreGate` holds every
 * other page back until the real store is ready — so it carries just the `auth` and `ui` slices.
 * Actions dispatched meanwhile are kept and handed to the real store, in order, when it arrives.
 */
export interface BootStore {
  store: AppStore;
  handOver(real: AppStore): void;
}

export function makeBootStore(): BootStore {
  const state = {
    auth: initialAuthState,
    ui: { themeMode: readThemeModeHint() },
  } as unknown as RootState;
  const pending: Action[] = [];
  const store = {
    getState: () => state,
    // Nothing changes this state: the real store replaces it, and react-redux resubscribes then.
    subscribe: () => () => undefined,
    dispatch: (action: UnknownAction) => {
      pending.push(action);
      return action;
    },
    replaceReducer: () => undefined,
  };
  return {
    store: store as unknown as AppStore,
    handOver(real) {
      for (const action of pending.splice(0)) real.dispatch(action);
    },
  };
}
