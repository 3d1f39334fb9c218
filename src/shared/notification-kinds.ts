/**
 * Notifications (docs/PRODUCT-RULES.md, Notifications), zod-free: the bell,
 * the toasts, the push set-up and the service worker use these without loading the contracts
 * (`contracts/notifications.ts` re-exports them).
 */

/**
 * What a notification is about. A new kind is one line here and one `notify` call where it happens.
 */
export const NOTIFICATION_KINDS = [
  /** Staff (staff, manager, admin): a guest's online order is waiting to be accepted. */
  'order-request',
  /** The customer: their order was accepted / rejected / is ready / is out for delivery. */
  'order-accepted',
  'order-rejected',
  'order-ready',
  'order-out-for-delivery',
  /** Managers (and admins): staff ask them to void or comp a line, from their own device. */
  'void-request',
  /** Admins: a guest rated an order LOW_RATING or lower. */
  'low-rating',
  /** Admins: a stock movement left an inventory item at or below its reorder level. */
  'low-stock',
  /** Admins: an expense took a category to 80 % of its month's budget, or past it. */
  'budget-threshold',
  /** The user themself, from /test-notifications. */
  'test',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATIONS_API = {
  /** `GET ?limit&cursor&unread=true`: the caller's notifications, newest first, with `unreadCount`. */
  list: '/api/notifications',
  /** `POST`: mark one of the caller's notifications read → the notification. */
  read: (id: string) => `/api/notifications/${id}/read`,
  /** `POST`: mark all the caller's notifications read → `{ unreadCount: 0 }`. */
  readAll: '/api/notifications/read-all',
  /** `POST { token }` (the browser's PushSubscription as JSON) → 204: this device receives pushes. */
  saveToken: '/api/notifications/save-token',
  /** `POST { endpoint }` → 204: this device no longer receives pushes ("Turn off"). */
  removeToken: '/api/notifications/remove-token',
  /** `POST`: send the caller a test notification (in-app, and a push to each of their devices). */
  test: '/api/notifications/test',
} as const;

/** The live topic of one user's notifications (only that user may follow it). */
export const notificationsTopic = (userId: string) => `notifications:${userId}`;

/** The push service worker's address, and how long its registration is waited for (10 s). */
export const PUSH_SERVICE_WORKER_PATH = '/firebase-messaging-sw.js';
export const PUSH_SERVICE_WORKER_WAIT_MS = 10_000;
/** A device's subscription is saved 1 s after sign-in and again after 7 days. */
export const PUSH_TOKEN_SAVE_DELAY_MS = 1000;

/**
 * The window event a sign-out sends before it unsubscribes the device: the page's push setup stops
 * its pending save, which would otherwise subscribe the device again behind the sign-out's back.
 */
export const PUSH_SIGNING_OUT_EVENT = 'brigade:signing-out';
export const PUSH_TOKEN_RENEW_MS = 7 * 24 * 60 * 60 * 1000;

/** Most push devices one user keeps; saving one more forgets the least recently saved. */
export const MAX_PUSH_DEVICES_PER_USER = 10;
/** The bell lists this many at a time. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * What a push message carries (JSON, encrypted for the device): the service worker shows `title`
 * and `body`, and a click opens `url` (a path of this site). `id` lets an open page show the toast
 * once, whether the push or the in-app list tells it first.
 */
export interface PushPayload {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  orderId: string | null;
  url: string;
}

/** Messages between the service worker and the open pages (`postMessage`). */
export const PUSH_MESSAGE_TYPES = {
  /** Worker → page: a push arrived while this page was visible; the page shows the toast. */
  received: 'brigade:push-received',
  /** Worker → page: the person clicked a notification; the page opens `url` in the app. */
  open: 'brigade:push-open',
} as const;
