import type { Order } from '../../../shared/contracts/orders';
import { readyText } from '../../../shared/order-notices';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../shared/order-status';

export { readyText };

/**
 * How a customer reads their order's progress: the steps of the order status flow (docs/PRODUCT-RULES.md,
 * Orders) from their side, each with the time it was reached, and a sentence for where it stands. Zod-free
 * and pure, so the status watcher can use it on any page.
 */

type ProgressOrder = Pick<Order, 'status' | 'type' | 'timeline'>;

export type StepState = 'done' | 'current' | 'upcoming' | 'stopped';

export interface ProgressStep {
  status: OrderStatus;
  label: string;
  /** When the order reached it (the last time, ISO), or null when it has not. */
  at: string | null;
  state: StepState;
}

/** The way an order goes when nothing stops it: pending → confirmed → preparing → ready → (out for delivery) → completed. */
export function happyPath(type: Order['type']): OrderStatus[] {
  return [
    'pending',
    'confirmed',
    'preparing',
    'ready',
    ...(type === 'delivery' ? (['out-for-delivery'] as const) : []),
    'completed',
  ];
}

function reachedAt(order: ProgressOrder): Map<OrderStatus, string> {
  const reached = new Map<OrderStatus, string>();
  for (const change of order.timeline) reached.set(change.status, change.at);
  return reached;
}

/**
 * The steps to show: the whole way for an order under way or completed (reached steps done, the
 * current one marked, the rest to come); for a rejected or cancelled order the steps it reached and
 * then where it stopped.
 */
export function progressSteps(order: ProgressOrder): ProgressStep[] {
  const reached = reachedAt(order);
  const path = happyPath(order.type);
  const stopped = order.status === 'rejected' || order.status === 'cancelled';
  if (stopped) {
    const before = path.filter((status) => reached.has(status));
    return [
      ...before.map((status) => ({
        status,
        label: ORDER_STATUS_LABELS[status],
        at: reached.get(status) ?? null,
        state: 'done' as const,
      })),
      {
        status: order.status,
        label: ORDER_STATUS_LABELS[order.status],
        at: reached.get(order.status) ?? null,
        state: 'stopped',
      },
    ];
  }
  const currentIndex = path.indexOf(order.status);
  return path.map((status, index) => ({
    status,
    label: ORDER_STATUS_LABELS[status],
    at: reached.get(status) ?? null,
    state:
      index === currentIndex && status !== 'completed'
        ? 'current'
        : index <= currentIndex
          ? 'done'
          : 'upcoming',
  }));
}

/** One sentence for where the order stands, as the customer's page says it under the number. */
export function statusSentence(order: Pick<Order, 'status' | 'type'>): string {
  switch (order.status) {
    case 'pending':
      return 'Waiting for the restaurant to accept your order.';
    case 'confirmed':
      return 'Accepted: the kitchen is on it.';
    case 'preparing':
      return 'Being prepared.';
    case 'ready':
      return readyText(order.type);
    case 'out-for-delivery':
      return 'On its way.';
    case 'completed':
      return 'Completed. Thank you!';
    case 'rejected':
      return 'The restaurant could not take this order.';
    case 'cancelled':
      return 'This order was cancelled.';
    case 'merged':
      return 'This order was joined to another order of your table.';
  }
}

/**
 * The time the restaurant said the order will be ready (given when it accepted the request), while
 * the guest is still waiting for it: accepted or being prepared. Null otherwise, and when none was given.
 */
export function promisedReadyAt(order: Pick<Order, 'status' | 'readyAt'>): string | null {
  return order.status === 'confirmed' || order.status === 'preparing' ? order.readyAt : null;
}

/** Whether a customer can do nothing more with it but look (and reorder). */
export function isUnderWay(status: OrderStatus): boolean {
  return !['completed', 'rejected', 'cancelled'].includes(status);
}
