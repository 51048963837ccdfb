export {
  notificationsReducer,
  selectNotifications,
  selectNotificationsLoaded,
  selectUnreadCount,
  selectUnreadNotificationIds,
  type Notification,
  type NotificationsState,
} from './notifications-slice';
export { loadNotifications, markNotificationsRead } from './notifications-repository';
export { NOTIFICATION_KINDS, userNotificationsEntity } from './notifications-sync';
export { NotificationsBell, noticeTarget } from './notifications-bell';
