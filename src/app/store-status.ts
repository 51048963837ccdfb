import { createContext, useContext } from 'react';
import type { AppStore } from './store-types';

export type StoreStatus = 'loading' | 'ready' | 'failed';

export interface StoreStatusValue {
  status: StoreStatus;
  /** Starts loading the real store now, if it is not loaded or loading yet. */
  load: () => void;
  /** The real store, loading it first if needed (rejects if it cannot load). */
  ready: () => Promise<AppStore>;
}

export const StoreStatusContext = createContext<StoreStatusValue | null>(null);

/** 'loading' while the public shell renders against the boot store (see boot-store.ts). */
export function useStoreStatus(): StoreStatusValue {
  const value = useContext(StoreStatusContext);
  if (!value) throw new Error('useStoreStatus needs the app providers');
  return value;
}
