// eslint-disable-next-line no-restricted-imports -- the typed hooks are built from these, here only
import { useDispatch, useSelector, useStore } from 'react-redux';
import { startTransition, useEffect, useState } from 'react';
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

/**
 * `useAppSelector`, for a part of a screen that renders many rows: it follows the store in
 * transitions, so a change renders in the background, in slices between which the browser stays
 * responsive. `useAppSelector` renders each change at once, in one task, with everything under
 * the part (a deferred value of it still renders the part itself, and all it holds, at once).
 * The value may lag a store update by a render; `selector` must keep its identity (a module's).
 */
export function useBackgroundSelector<T>(selector: (state: RootState) => T): T {
  const store = useAppStore();
  const [value, setValue] = useState(() => selector(store.getState()));
  useEffect(() => {
    const follow = () => {
      const next = selector(store.getState());
      startTransition(() => setValue(next));
    };
    // A change between the first render and the subscription is not missed.
    follow();
    return store.subscribe(follow);
  }, [store, selector]);
  return value;
}
