/** The notifications feature's public entry: what other features, the pages and the app may use of it. */

export { loadNotificationBell, loadNotificationsWatcher, loadPushSetup } from './lazy';
export { showOrderOnScreen, useOrderOnScreen } from './orders-on-screen';
export { PushControls } from './push/push-controls';
export { useSendTestNotification } from './push/send-test-notification';
