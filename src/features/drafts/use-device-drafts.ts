import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../auth';
import { loadDraftsOnce } from './drafts-repository';
import { selectDraftsUserId, selectUserDraftsLoaded } from './drafts-slice';

/**
 * For a screen that shows the user's drafts (the dashboard's list, the calendar, a draft opened in
 * /create): reads them from this device into the store once, the first time a screen asks, and
 * says whether they are in. The sync keeps them up to date from then on. Screens that show no
 * draft never ask, so they never read the device's thousands of drafts.
 */
export function useDeviceDrafts(wanted = true): boolean {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;
  const draftsUserId = useAppSelector(selectDraftsUserId);
  const loaded = useAppSelector(selectUserDraftsLoaded);
  useEffect(() => {
    if (wanted && userId && draftsUserId !== userId)
      void dispatch(loadDraftsOnce(userId)).catch((error: unknown) =>
        console.error('The drafts on this device could not be read:', error),
      );
  }, [wanted, userId, draftsUserId, dispatch]);
  return loaded;
}
