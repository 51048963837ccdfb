// What the rest of the server uses to tell a user something (the publisher: published, failed,
// needs attention). docs/notifications.md describes the channels.
export { notifyUser, type Notice, type NotifyContext, type NotifyResult } from './notify-user.ts';
export { createNotifyRoutes } from './routes.ts';
export { vapidKeys } from './vapid.ts';
