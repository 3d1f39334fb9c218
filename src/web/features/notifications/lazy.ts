// Loaded on demand, each its own chunk, for a signed-in user only: a guest's pages never download them.
export const loadNotificationBell = () => import('./components/notification-bell');
export const loadNotificationsWatcher = () => import('./components/notifications-watcher');
export const loadPushSetup = () => import('./push/push-setup');
