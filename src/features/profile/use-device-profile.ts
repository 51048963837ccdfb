import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../auth';
import { loadProfile } from './profile-repository';
import { selectProfileOf, selectProfileStatus } from './profile-slice';

/**
 * The signed-in user's profile row as this device holds it, read from the device the first time
 * a component asks (status `idle` until then; `loaded` or `failed` after).
 */
export function useDeviceProfile() {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;
  const row = useAppSelector((s) => selectProfileOf(s, userId));
  const status = useAppSelector((s) => selectProfileStatus(s, userId));
  useEffect(() => {
    if (userId && status === 'idle') void dispatch(loadProfile(userId));
  }, [userId, status, dispatch]);
  return { userId, row, status };
}
