/**
 * The notifications module (docs/PRODUCT-RULES.md, Notifications): the in-app notifications (the bell)
 * and Web Push (VAPID keys, devices' subscriptions, the push worker). Other modules and use cases
 * tell people through `notify(tx, target, message)` inside their own transaction.
 * Routes are mounted by app.ts from notifications.routes.ts and push.routes.ts.
 */
// in-app (notifications.service.ts)
export {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationQuery,
  type NotifyMessage,
  type NotifyTarget,
  notify,
  presentNotification,
  pruneNotifications,
  unreadNotificationCount,
} from './notifications.service';
// push: the VAPID key (/api/config) and the push worker (started and stopped with the app)
export { type PushKeys, pushKeys, pushPublicKey } from './push.service';
export { PUSH_TOPIC, PushSender, type PushSenderOptions } from './push-sender';
