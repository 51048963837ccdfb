import { useEffect } from 'react';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import { selectAuthStatus } from '../auth';
import { selectSyncOnline, pullRequested } from '../sync';
import { needsFrequentPull } from './publishing-slice';

/** How often the app pulls while a post is about to go out or is going out. */
export const PUBLISHING_PULL_MS = 5_000;

const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/**
 * Pulls every 5 s while any target is publishing or due within the next two minutes, so the user
 * sees the post go out without reloading. Only while the page is visible, online and signed in;
 * otherwise the usual pulls (focus, reconnect) apply.
 */
export function usePublishingPull(intervalMs: number = PUBLISHING_PULL_MS): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  useEffect(() => {
    const timer = setInterval(() => {
      const state = store.getState();
      if (selectAuthStatus(state) !== 'signedIn' || !selectSyncOnline(state) || !visible()) return;
      // Asks the leader tab to pull now.
      if (needsFrequentPull(state, Date.now())) dispatch(pullRequested());
    }, intervalMs);
    return () => clearInterval(timer);
  }, [dispatch, store, intervalMs]);
}
