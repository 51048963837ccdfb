import { appDb } from '../../lib/app-db';
import type { Dispatch } from '@reduxjs/toolkit';
import type { AppDb, UserProfileRecord } from '../../lib/db';
import { writeSyncedTogether, type ThunkDispatcher } from '../../lib/sync/write';
import { recordFromForm, type ProfileForm, type ProfileUser } from './profile-form';
import { profileRead, profileReadFailed, profileSaved } from './profile-slice';
import { userProfilesEntity } from './profile-sync';

/** The user's profile row on this device (its id is the user id). */
async function readRow(db: AppDb, userId: string): Promise<UserProfileRecord | null> {
  const row = await db.userProfiles.get(userId);
  return row && row.userId === userId ? row : null;
}

/**
 * Reads the user's profile from this device into the slice: run when the user changes (the user
 * menu shows the profile's name at once) and when the profile tab opens. A failed read is shown,
 * never thrown: it must not stop the other readers.
 */
export function loadProfile(userId: string, given?: AppDb) {
  return async (dispatch: Dispatch): Promise<UserProfileRecord | null> => {
    const db = given ?? (await appDb());
    try {
      const row = await readRow(db, userId);
      dispatch(profileRead({ userId, row }));
      return row;
    } catch (error) {
      console.error('Failed to load profile data', error);
      dispatch(profileReadFailed({ userId }));
      return null;
    }
  };
}

/**
 * Saves the profile form on this device and queues it for the server in one transaction, online
 * or offline alike: the sync engine pushes it. Returns the row as stored.
 */
export function saveProfile(user: ProfileUser, form: ProfileForm, given?: AppDb) {
  return async (dispatch: ThunkDispatcher): Promise<UserProfileRecord> => {
    const db = given ?? (await appDb());
    const stored = await dispatch(
      writeSyncedTogether(db, [userProfilesEntity], async (queue) => {
        // Read inside the transaction: a pull landing meanwhile cannot be overwritten unseen.
        const row = recordFromForm(form, await readRow(db, user.id), user);
        return (await queue(userProfilesEntity, { op: 'upsert', row })) ?? row;
      }),
    );
    dispatch(profileSaved(stored));
    return stored;
  };
}
