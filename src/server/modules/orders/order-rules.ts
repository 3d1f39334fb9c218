import { eq } from 'drizzle-orm';
import type { AllowedMove, OrderType } from '../../../shared/contracts/orders';
import {
  movesFrom,
  type OrderStatus,
  type PaymentStatus,
  type StatusMove,
} from '../../../shared/order-status';
import { hasStaffAccess } from '../../../shared/roles';
import { conflict, notFound } from '../../lib/errors';
import { authorize, decide, type PolicyActor } from '../../policies';
import type { TopicRule } from '../events';
import { type orderLineOptions, type orderLines, type orderStatusChanges, orders } from './orders.schema';

/**
 * What every part of the orders module shares: the rows, the statuses an order is open in, who may
 * make which status move (the status table of shared/order-status.ts, then the policies), the live
 * topics an order's change announces and who may follow them, and the module's errors.
 */

export type OrderRow = typeof orders.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;
export type OptionRow = typeof orderLineOptions.$inferSelect;
export type ChangeRow = typeof orderStatusChanges.$inferSelect;

/** Statuses an order is still being worked on in (the boards, open tables). */
export const OPEN_STATUSES: readonly OrderStatus[] = [
  'pending',
  'confirmed',
  'preparing',
  'ready',
  'out-for-delivery',
];

/** The column that records when each status was reached. */
export const REACHED_AT = {
  confirmed: 'confirmedAt',
  preparing: 'preparingAt',
  ready: 'readyAt',
  'out-for-delivery': 'outForDeliveryAt',
  completed: 'completedAt',
  rejected: 'rejectedAt',
  cancelled: 'cancelledAt',
} as const satisfies Partial<Record<OrderStatus, keyof OrderRow>>;

/** The order as its owner-based rules see it (`order.read`, `order.cancel.pending`). */
export function owned(row: Pick<OrderRow, 'customerId'>) {
  return { ownerId: row.customerId };
}

/** Whether `viewer` may make `move` on this order: the move's policy, with the order as its record. */
function mayMove(viewer: PolicyActor, move: StatusMove, row: Pick<OrderRow, 'customerId'>): boolean {
  switch (move.action) {
    case 'order.cancel.pending':
      return decide(viewer, move.action, owned(row)).allowed;
    default:
      return decide(viewer, move.action).allowed;
  }
}

export function authorizeMove(
  viewer: PolicyActor,
  move: StatusMove,
  row: Pick<OrderRow, 'customerId'>,
): void {
  if (move.action === 'order.cancel.pending') authorize(viewer, move.action, owned(row));
  else authorize(viewer, move.action);
}

export function orderState(row: Pick<OrderRow, 'status' | 'type' | 'paymentStatus'>) {
  return {
    status: row.status as OrderStatus,
    type: row.type as OrderType,
    paymentStatus: row.paymentStatus as PaymentStatus,
  };
}

/** The moves `viewer` may make now (the status table, then the policies). */
export function allowedMovesFor(viewer: PolicyActor, row: OrderRow): AllowedMove[] {
  return movesFrom(orderState(row))
    .filter((move) => mayMove(viewer, move, row))
    .map((move) => ({ status: move.to, reason: move.reason }));
}

/** The live topics an order's change announces. */
export function topicsFor(row: Pick<OrderRow, 'id' | 'customerId'>, requestsChanged: boolean): string[] {
  return [
    'orders',
    ...(requestsChanged ? ['order-requests'] : []),
    // One order's own topic, for its customer's page, and the customer's list of their orders;
    // staff screens follow `orders`.
    ...(row.customerId ? [`order:${row.id}`, `my-orders:${row.customerId}`] : []),
  ];
}

/** Who may follow the orders module's keyed live topics (installed with the module, services.ts). */
export const ORDER_TOPIC_RULES: Record<string, TopicRule> = {
  // One order, `order:<id>`: staff, and the order's customer.
  order: async ({ actor, key, db }) => {
    if (!actor || !key) return false;
    if (hasStaffAccess(actor.role)) return true;
    const [row] = await db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, key));
    return row?.customerId === actor.id;
  },
  // A customer's list of their orders, `my-orders:<userId>`: that user only (staff follow `orders`).
  'my-orders': ({ actor, key }) => actor !== null && key !== undefined && actor.id === key,
};

export const notFoundOrder = () => notFound('There is no order with this id.');

/** 409 for a move the table does not allow; `details.allowed`: the moves this viewer may make instead. */
export function conflictMove(message: string, allowed: AllowedMove[]) {
  return conflict(message, { reason: 'not-allowed', allowed });
}

/** Whoever acts when nobody does (the demo seed): sees every move an administrator may make. */
export const SYSTEM: PolicyActor = { id: '', role: 'admin' };
