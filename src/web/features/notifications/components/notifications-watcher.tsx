import { useEffect, useRef } from 'react';
import { announceNotifications } from '../announce';
import { loadedNotifications, useNotifications } from '../api/notifications-api';
import { takeArrivals } from '../notification-model';

/**
 * Mounted once (lazily) on every page while someone is signed in: follows `notifications:<userId>`
 * and toasts the unread notifications that arrive while the page is open (what the first read shows
 * is no news; more than 3 at once make one summary toast). The bells read the same cached list.
 */
export function NotificationsWatcher({ userId }: { userId: string }) {
  const { data } = useNotifications(userId);
  const known = useRef<Set<string> | null>(null);
  const after = useRef<string | null>(null);

  useEffect(() => {
    if (!data) return;
    const items = loadedNotifications(data);
    if (known.current === null) {
      known.current = new Set(items.map((item) => item.id));
      after.current = items.at(-1)?.createdAt ?? null;
      return;
    }
    announceNotifications(takeArrivals(items, known.current, after.current));
  }, [data]);

  return null;
}
