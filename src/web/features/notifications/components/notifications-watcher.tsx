import { useEffect, useRef } from 'react';
import { announceNotifications } from '../announce';
import { firstReadOf, loadedNotifications, useNotifications } from '../api/notifications-api';
import { takeArrivals } from '../notification-model';

/**
 * Mounted once (lazily) on every page while someone is signed in: follows `notifications:<userId>`
 * and toasts the unread notifications that arrive while the page is open (what the page's first read
 * showed is no news; more than 3 at once make one summary toast). The bells read the same cached list.
 */
export function NotificationsWatcher({ userId }: { userId: string }) {
  const { data } = useNotifications(userId);
  const known = useRef<Set<string> | null>(null);

  useEffect(() => {
    const first = firstReadOf(userId);
    if (!data || !first) return;
    known.current ??= new Set(first.ids);
    announceNotifications(takeArrivals(loadedNotifications(data), known.current, first.oldest));
  }, [data, userId]);

  return null;
}
