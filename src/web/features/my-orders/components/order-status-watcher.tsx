import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { showNotificationToast } from '../../../components/notification-toast/notification-toast';
import { myOrderPath } from '../../../lib/paths';
import { recentOrdersQueryOptions, useFollowMyOrders } from '../api/my-orders-api';
import { trackerFor } from '../status-notices';

/**
 * Mounted (lazily) on every page while a customer is signed in (issue 12, item 4): follows
 * `my-orders:<userId>` and, when one of their orders is accepted, rejected, ready or out for delivery,
 * shows the seed's notification toast with View Order (→ their own order page). What the first read
 * shows is no news; each (order, status) is announced once for the page's life.
 */
export function OrderStatusWatcher({ userId }: { userId: string }) {
  useFollowMyOrders(userId);
  const orders = useQuery(recentOrdersQueryOptions()).data;

  useEffect(() => {
    if (!orders) return;
    for (const notice of trackerFor(userId).update(orders)) {
      showNotificationToast({
        title: notice.title,
        body: notice.body,
        data: { orderId: notice.orderId },
        viewPath: myOrderPath(notice.orderId),
      });
    }
  }, [orders, userId]);

  return null;
}
