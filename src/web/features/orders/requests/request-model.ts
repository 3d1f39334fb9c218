import { type Order, orderNumberLabel } from '../../../../shared/contracts/orders';
import { orderPlace } from '../board/order-place';

/**
 * The request watcher's pure rules: what a new request's notification says, and which requests of a
 * fresh list were not announced yet.
 */

/** Toasts for at most this many new requests at once; more arrive as one toast with their count. */
export const MAX_REQUEST_TOASTS = 3;

/** How many items the order holds (quantities summed): "1 item", "3 items". */
export function itemCount(order: Pick<Order, 'lines'>): string {
  const count = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return count === 1 ? '1 item' : `${count} items`;
}

/** "#1043 · Takeaway · 2 items" (the name of the customer is left to the requests page). */
export function requestToastBody(order: Pick<Order, 'number' | 'type' | 'table' | 'lines'>): string {
  const place = orderPlace({ ...order, customerName: '', customer: null });
  return `${orderNumberLabel(order.number)} · ${place} · ${itemCount(order)}`;
}

/**
 * The requests of `pending` not in `seen`, oldest first, and adds them to `seen` (so a request is
 * announced once, however often the list is read).
 */
export function takeUnseen<T extends { id: string; createdAt: string }>(
  pending: readonly T[],
  seen: Set<string>,
): T[] {
  const fresh = pending.filter((order) => !seen.has(order.id));
  for (const order of fresh) seen.add(order.id);
  return fresh.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}
