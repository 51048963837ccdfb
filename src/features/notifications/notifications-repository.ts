import { appDb } from '../../lib/app-db';
import type { Dispatch } from '@reduxjs/toolkit';
import type { AppDb } from '../../lib/db';
import { writeSyncedTogether, type ThunkDispatcher } from '../../lib/sync/write';
import {
  notificationsLoaded,
  notificationsRead,
  type Notification,
  type NotificationsState,
} from './notifications-slice';
import { userNotificationsEntity } from './notifications-sync';

type GetState = () => unknown;

/** Reads the user's notices from this device into the slice (a sync reader at sign-in). */
export function loadNotifications(userId: string, given?: AppDb) {
  return async (dispatch: Dispatch): Promise<Notification[]> => {
    const db = given ?? (await appDb());
    const notifications = await db.notifications.where('userId').equals(userId).toArray();
    dispatch(notificationsLoaded({ userId, notifications }));
    return notifications;
  };
}

/**
 * Marks notices read on this device and queues that for the server, in one local transaction, so
 * it works offline and reaches the user's other devices later. Notices already read are left as
 * they are (the first read time is the one kept).
 */
export function markNotificationsRead(ids: readonly string[], given?: AppDb) {
  return async (dispatch: ThunkDispatcher, getState: GetState): Promise<Notification[]> => {
    const db = given ?? (await appDb());
    const userId = (getState() as { notifications: NotificationsState }).notifications.userId;
    if (!userId || ids.length === 0) return [];
    const readAt = new Date().toISOString();
    const read = await dispatch(
      writeSyncedTogether(db, [userNotificationsEntity], async (queue) => {
        const rows = await db.notifications.bulkGet([...ids]);
        const written: Notification[] = [];
        for (const row of rows) {
          if (!row || row.userId !== userId || row.readAt !== null) continue;
          const stored = await queue(userNotificationsEntity, {
            op: 'upsert',
            row: { ...row, readAt, updatedAt: readAt },
          });
          if (stored) written.push(stored);
        }
        return written;
      }),
    );
    if (read.length > 0) dispatch(notificationsRead(read));
    return read;
  };
}
