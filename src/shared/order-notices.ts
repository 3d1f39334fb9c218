import type { Order } from './contracts/orders';
import { RATING_MAX } from './feedback-paths';
import { orderNumberLabel } from './order-limits';
import type { OrderStatus } from './order-status';
import { ORDER_TYPE_LABELS } from './pricing';

/**
 * What is said about an order when someone is told of it, zod-free: the words of the server's notifications
 * (the bell and Web Push) and of the screens that show an order's place or its customer's status, written
 * once (it imports the order's type only: no zod is loaded). The server's `notify` calls
 * (use-cases/place-order.ts, change-order-status.ts) and the web (board cards, the requests page, the
 * customer's order page) both import from here.
 */

/** The customer's name as the order carries it: typed at the till, or the account's. */
export function customerNameOf(order: Pick<Order, 'customerName' | 'customer'>): string {
  return order.customerName.trim() || order.customer?.name.trim() || '';
}

/** Where an order goes, in a few words: "Table T5", "Takeaway · Cleo", "Delivery · Sam". */
export function orderPlace(order: Pick<Order, 'type' | 'table' | 'customerName' | 'customer'>): string {
  const name = customerNameOf(order);
  if (order.type === 'dine-in') {
    const table = order.table ? `Table ${order.table.name}` : ORDER_TYPE_LABELS['dine-in'];
    return name ? `${table} · ${name}` : table;
  }
  const type = ORDER_TYPE_LABELS[order.type];
  return name ? `${type} · ${name}` : type;
}

/** How many items the order holds (quantities summed): "1 item", "3 items". */
export function itemCount(order: Pick<Order, 'lines'>): string {
  const count = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return count === 1 ? '1 item' : `${count} items`;
}

/** The title of a new order request's notification (staff). */
export const ORDER_REQUEST_TITLE = 'New order request';

/** The words of new order requests folded into one notification: "3 new order requests". */
export const ORDER_REQUESTS_TITLE = 'New order requests';
export const ORDER_REQUESTS_COUNTED = 'new order requests';

/** "#1043 · Takeaway · 2 items" (the name of the customer is left to the requests page). */
export function requestToastBody(order: Pick<Order, 'number' | 'type' | 'table' | 'lines'>): string {
  const place = orderPlace({ ...order, customerName: '', customer: null });
  return `${orderNumberLabel(order.number)} · ${place} · ${itemCount(order)}`;
}

/** What "ready" means for the order's type: "Ready for pickup." for a takeaway. */
export function readyText(type: Order['type']): string {
  if (type === 'delivery') return 'Ready: it leaves with the driver soon.';
  if (type === 'dine-in') return 'Ready: it is on its way to your table.';
  return 'Ready for pickup.';
}

/** The statuses a customer is told about. */
export const NOTIFIED_STATUSES: readonly OrderStatus[] = [
  'confirmed',
  'rejected',
  'ready',
  'out-for-delivery',
];

export interface StatusNotice {
  orderId: string;
  status: OrderStatus;
  title: string;
  body: string;
}

/**
 * The customer's notice for `status` of `order` ("Order #1042 accepted", "The kitchen is on it."), or
 * null for a status they are not told about.
 */
export function noticeFor(
  order: Pick<Order, 'id' | 'number' | 'type' | 'rejectReason'>,
  status: OrderStatus,
): StatusNotice | null {
  const number = orderNumberLabel(order.number);
  const notice = (title: string, body: string) => ({ orderId: order.id, status, title, body });
  switch (status) {
    case 'confirmed':
      return notice(`Order ${number} accepted`, 'The kitchen is on it.');
    case 'rejected':
      return notice(
        `Order ${number} rejected`,
        order.rejectReason ? `Rejected: ${order.rejectReason}` : 'The restaurant could not take it.',
      );
    case 'ready':
      return notice(`Order ${number} is ready`, readyText(order.type));
    case 'out-for-delivery':
      return notice(`Order ${number} is out for delivery`, 'On its way.');
    default:
      return null;
  }
}

/** How much of a low rating's comment its notification quotes. */
export const LOW_RATING_QUOTE_LENGTH = 80;

/**
 * The administrators' notice of a low rating: "Low rating for order #1043" and
 * "Overall 2 of 5: “Cold soup, slow service”" (a long comment cut with "…"; none: "Overall 2 of 5.").
 */
export function lowRatingNotice(
  order: { number: number },
  feedback: { overall: number; comment: string },
): { title: string; body: string } {
  const comment = feedback.comment.trim().replace(/\s+/g, ' ');
  const quote =
    comment.length > LOW_RATING_QUOTE_LENGTH
      ? `${comment.slice(0, LOW_RATING_QUOTE_LENGTH - 1).trimEnd()}…`
      : comment;
  const rating = `Overall ${feedback.overall} of ${RATING_MAX}`;
  return {
    title: `Low rating for order ${orderNumberLabel(order.number)}`,
    body: quote ? `${rating}: “${quote}”` : `${rating}.`,
  };
}
