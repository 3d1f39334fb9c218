import { useEffect, useRef } from 'react';
import { announceNotifications } from '../announce';
import {
  firstReadOf,
  loadedNotifications,
  useMarkNotificationRead,
  useNotifications,
} from '../api/notifications-api';
import { takeArrivals } from '../notification-model';
import { isOrderOnScreen } from '../orders-on-screen';

/**
 * Mounted once (lazily) on every page while someone is signed in: follows `notifications:<userId>`
 * and toasts the unread notifications that arrive while the page is open (what the page's first read
 * showed is no news; more than 3 at once make one summary toast). The bells read the same cached list.
 * One about an order whose page is on screen is read there, as it happens: it is marked read, so the
 * bell does not ask again for what the page has just shown.
 */
export function NotificationsWatcher({ userId }: { userId: string }) {
  const { data } = useNotifications(userId);
  const known = useRef<Set<string> | null>(null);
  const { mutate: markRead } = useMarkNotificationRead(userId);

  useEffect(() => {
    const first = firstReadOf(userId);
    if (!data || !first) return;
    known.current ??= new Set(first.ids);
    const arrivals = takeArrivals(loadedNotifications(data), known.current, first.oldest);
    announceNotifications(arrivals);
    for (const arrival of arrivals) if (isOrderOnScreen(arrival.orderId)) markRead(arrival.id);
  }, [data, userId, markRead]);

  return null;
}
