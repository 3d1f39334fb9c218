import { showNotificationToast } from '../../components/notification-toast/notification-toast';
import { isOrderOnScreen } from './orders-on-screen';

/**
 * One notification as a toast announces it: the in-app list's item (`features/notifications/api`)
 * or a push message's payload (`PushPayload`, with `url` passed as `link`).
 */
export interface AnnouncedNotification {
  id: string;
  title: string;
  body: string;
  orderId: string | null;
  /** The page that opens it (a path of this site), or null. */
  link: string | null;
}

/** More new notifications than this at once make one summary toast instead of one each. */
export const MAX_NOTIFICATION_TOASTS = 3;

/** Ids already toasted in this page (by the in-app list or by a push message): each shows once. */
const announced = new Set<string>();

/** `link` when it is a path of this site (a toast or the bell never follows another origin). */
export function sitePath(link: string | null): string | undefined {
  const path = link?.trim();
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined;
  return path;
}

/** Whether this page has toasted `id` already. */
export function wasAnnounced(id: string): boolean {
  return announced.has(id);
}

/**
 * Takes the notifications about an order a page on screen shows live: that page shows the change
 * itself (orders-on-screen.ts), so they are not toasted, now or later. Answers the others.
 */
function leaveToTheirPage<T extends AnnouncedNotification>(notifications: readonly T[]): T[] {
  return notifications.filter((notification) => {
    if (!isOrderOnScreen(notification.orderId)) return true;
    announced.add(notification.id);
    return false;
  });
}

/**
 * Shows the notification toast (5 s, View Order → `link` when it names an order) for a
 * notification that arrived while the page is open, once per id for the page's life: the in-app list
 * and a push message may both tell of the same notification. Not for an order the page on screen
 * shows live: that page shows the change. Returns whether a toast was shown.
 */
export function announceNotification(notification: AnnouncedNotification): boolean {
  if (announced.has(notification.id)) return false;
  if (leaveToTheirPage([notification]).length === 0) return false;
  announced.add(notification.id);
  showNotificationToast({
    title: notification.title,
    body: notification.body,
    data: notification.orderId ? { orderId: notification.orderId } : undefined,
    viewPath: sitePath(notification.link),
  });
  return true;
}

/**
 * Announces several new notifications: one toast each, or, when more than
 * `MAX_NOTIFICATION_TOASTS` are new to this page, one summary toast for them all (those about an
 * order the page on screen shows live are left to it). Returns how many were toasted.
 */
export function announceNotifications(notifications: readonly AnnouncedNotification[]): number {
  const fresh = leaveToTheirPage(notifications.filter((notification) => !announced.has(notification.id)));
  if (fresh.length > MAX_NOTIFICATION_TOASTS) {
    for (const notification of fresh) announced.add(notification.id);
    showNotificationToast({
      title: 'New notifications',
      body: `You have ${fresh.length} new notifications.`,
    });
  } else {
    for (const notification of fresh) announceNotification(notification);
  }
  return fresh.length;
}
