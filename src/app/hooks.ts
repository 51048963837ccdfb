// eslint-disable-next-line no-restricted-imports -- the typed hooks are built from these, here only
import { useDispatch, useSelector, useStore } from 'react-redux';
import { useStoreStatus } from './store-status';
import type { AppDispatch, AppStore, RootState } from './store-types';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

/**
 * The real store, once it is in: for a page that paints before it (the public shell renders against
 * the boot store, see boot-store.ts) and needs it only when the user acts, such as the sign-up form.
 */
export function useStoreReady(): () => Promise<AppStore> {
  return useStoreStatus().ready;
}
