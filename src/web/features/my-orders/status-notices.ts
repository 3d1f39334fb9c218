import type { Order } from '../../../shared/contracts/orders';
import { NOTIFIED_STATUSES, noticeFor, type StatusNotice } from '../../../shared/order-notices';
import type { OrderStatus } from '../../../shared/order-status';

/**
 * The customer's status messages (issue 12, item 4): when one of their orders is accepted, rejected,
 * ready or out for delivery while a page is open, the notification toast says so. Pure and zod-free:
 * the watcher that every page of a signed-in customer loads is built on it.
 */

/** The notices' words are the server's notifications' too: shared/order-notices.ts. */
export { NOTIFIED_STATUSES, noticeFor, type StatusNotice };

type NoticeOrder = Pick<Order, 'id' | 'number' | 'type' | 'status' | 'timeline' | 'rejectReason'>;

/**
 * The status to announce for an order last seen in `previous` (undefined: not seen before): the newest
 * notified status the order reached since then, read from its timeline, so a quick accept-and-start
 * between two reads still says "accepted". An order not seen before is announced only when it stands
 * in a notified status now.
 */
export function statusToAnnounce(order: NoticeOrder, previous: OrderStatus | undefined): OrderStatus | null {
  if (previous === order.status) return null;
  if (previous === undefined) return NOTIFIED_STATUSES.includes(order.status) ? order.status : null;
  const lastSeen = order.timeline.map((change) => change.status).lastIndexOf(previous);
  const since = order.timeline.slice(lastSeen + 1).map((change) => change.status);
  if (!since.includes(order.status)) since.push(order.status);
  return since.filter((status) => NOTIFIED_STATUSES.includes(status)).at(-1) ?? null;
}

/**
 * Remembers, for one user and the page's life, the status each order was last seen in and which
 * (order, status) pairs were announced. The first list seeds it: orders as they stand when the page
 * opens are no news. Each later list answers what to announce, each pair at most once.
 */
export class StatusTracker {
  private readonly lastSeen = new Map<string, OrderStatus>();
  private readonly announced = new Set<string>();
  private seeded = false;

  update(orders: readonly NoticeOrder[]): StatusNotice[] {
    if (!this.seeded) {
      this.seeded = true;
      for (const order of orders) this.lastSeen.set(order.id, order.status);
      return [];
    }
    const notices: StatusNotice[] = [];
    for (const order of orders) {
      const previous = this.lastSeen.get(order.id);
      this.lastSeen.set(order.id, order.status);
      const status = statusToAnnounce(order, previous);
      if (!status) continue;
      const key = `${order.id}:${status}`;
      if (this.announced.has(key)) continue;
      this.announced.add(key);
      const notice = noticeFor(order, status);
      if (notice) notices.push(notice);
    }
    return notices;
  }
}

const trackers = new Map<string, StatusTracker>();

/** The tracker of `userId` for the page's life (a remount of the watcher keeps what it saw). */
export function trackerFor(userId: string): StatusTracker {
  let tracker = trackers.get(userId);
  if (!tracker) {
    tracker = new StatusTracker();
    trackers.set(userId, tracker);
  }
  return tracker;
}
