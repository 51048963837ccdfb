import {
  createEntityAdapter,
  createSelector,
  createSlice,
  type PayloadAction,
} from '@reduxjs/toolkit';
import type { NotificationRecord } from '../../lib/db';
import { syncRowsChanged } from '../../lib/sync/events';
import { sessionEnded } from '../auth';
import { userNotificationsEntity } from './notifications-sync';

export type Notification = NotificationRecord;

// Newest first; the id breaks ties so the order is stable.
const notificationsAdapter = createEntityAdapter<Notification>({
  sortComparer: (a, b) =>
    a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt < b.createdAt ? 1 : -1,
});

export interface NotificationsState extends ReturnType<
  typeof notificationsAdapter.getInitialState
> {
  /** Whose notices are loaded; null before sign-in. */
  userId: string | null;
  loaded: boolean;
}

export const initialNotificationsState: NotificationsState = notificationsAdapter.getInitialState({
  userId: null,
  loaded: false,
});

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducers: {
    notificationsLoaded(
      state,
      action: PayloadAction<{ userId: string; notifications: Notification[] }>,
    ) {
      state.userId = action.payload.userId;
      state.loaded = true;
      notificationsAdapter.setAll(
        state,
        action.payload.notifications.filter((n) => n.userId === action.payload.userId),
      );
    },
    notificationsRead(state, action: PayloadAction<Notification[]>) {
      const mine = action.payload.filter((n) => n.userId === state.userId);
      notificationsAdapter.setMany(state, mine);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(syncRowsChanged, (state, action) => {
        if (action.payload.entity !== userNotificationsEntity.name || state.userId === null) return;
        const mine = (action.payload.upserted as Notification[]).filter(
          (n) => n.userId === state.userId,
        );
        notificationsAdapter.setMany(state, mine);
        notificationsAdapter.removeMany(state, action.payload.removed);
      })
      .addCase(sessionEnded, () => initialNotificationsState);
  },
  selectors: {
    selectNotificationsLoaded: (state) => state.loaded,
    selectNotificationsUserId: (state) => state.userId,
  },
});

export const { notificationsLoaded, notificationsRead } = notificationsSlice.actions;
export const { selectNotificationsLoaded, selectNotificationsUserId } =
  notificationsSlice.selectors;
export const notificationsReducer = notificationsSlice.reducer;

const adapterSelectors = notificationsAdapter.getSelectors(
  (state: { notifications: NotificationsState }) => state.notifications,
);

/** The signed-in user's notices, newest first. */
export const selectNotifications = adapterSelectors.selectAll;
export const selectNotificationById = adapterSelectors.selectById;

/** The ids of the notices not read yet, newest first. */
export const selectUnreadNotificationIds = createSelector([selectNotifications], (all) =>
  all.filter((n) => n.readAt === null).map((n) => n.id),
);

// The first paint's store has no notifications slice (app/boot-store.ts): nothing is unread then.
export const selectUnreadCount = (state: { notifications?: NotificationsState }): number =>
  state.notifications
    ? selectUnreadNotificationIds(state as { notifications: NotificationsState }).length
    : 0;
