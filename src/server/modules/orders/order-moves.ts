import { eq, sql } from 'drizzle-orm';
import type { Order, OrderStatusChangeInput } from '../../../shared/contracts/orders';
import { orderNumberLabel } from '../../../shared/contracts/orders';
import {
  findMove,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type PaymentStatus,
  refusedMoveMessage,
} from '../../../shared/order-status';
import { hasStaffAccess } from '../../../shared/roles';
import type { Database } from '../../db/client';
import { type Tx, withTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { staleWrite } from '../../lib/versions';
import { recordAudit } from '../audit';
import { publishChanges } from '../events';
import type { OrderForPayment } from './order-payments';
import { presentRows } from './order-present';
import {
  allowedMovesFor,
  authorizeMove,
  conflictMove,
  notFoundOrder,
  orderState,
  REACHED_AT,
  topicsFor,
} from './order-rules';
import { orderStatusChanges, orders } from './orders.schema';

/** Status moves: an order moved from one status to the next, by whom the policies allow. */

/**
 * A move of the status table (shared/order-status.ts: which status may follow which, and the policy
 * each move needs), based on the version the screen showed: the row is locked, an old version is a
 * 409 (`stale`), a move the table does not allow is a 409 that says which are, a move the policies
 * do not allow this viewer is a 403, and a move that needs a reason without one is a 400. Rejections
 * and cancellations go into the audit log.
 */
export async function moveOrder(
  db: Database,
  actor: Actor,
  id: string,
  change: OrderStatusChangeInput,
): Promise<Order> {
  return withTransaction(db, (tx) => moveOrderInTx(tx, actor, id, change));
}

/**
 * What a status move's caller may do once the move is checked and allowed, before it is written, with
 * the order row locked (use-cases/change-order-status.ts refunds a cancelled order's payments here).
 */
export type BeforeMove = (order: OrderForPayment, to: OrderStatus) => Promise<void>;

/** `moveOrder` inside the caller's transaction, with an optional step before the move is written. */
export async function moveOrderInTx(
  tx: Tx,
  actor: Actor,
  id: string,
  change: OrderStatusChangeInput,
  beforeMove?: BeforeMove,
): Promise<Order> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  // A customer learns nothing about someone else's order, not even that it exists.
  if (!row || (!hasStaffAccess(actor.role) && row.customerId !== actor.id)) throw notFoundOrder();
  const label = orderNumberLabel(row.number);
  if (row.version !== change.version) throw staleWrite(`order ${label}`, row.version);
  const to = change.status as OrderStatus;
  const move = findMove(orderState(row), to);
  if (!move) {
    throw conflictMove(refusedMoveMessage(orderState(row), to), allowedMovesFor(actor, row));
  }
  if (to === 'cancelled' && !hasStaffAccess(actor.role) && move.action !== 'order.cancel.pending') {
    // A customer's own order that staff have accepted: not a matter of permission but of its status.
    throw conflictMove(
      `Order ${label} is ${ORDER_STATUS_LABELS[orderState(row).status].toLowerCase()}: only a pending ` +
        'order can be cancelled. Please ask the staff.',
      allowedMovesFor(actor, row),
    );
  }
  authorizeMove(actor, move, row);
  const reason = change.reason?.trim() || null;
  if (move.reason === 'required' && !reason) {
    const message = `say why the order is ${ORDER_STATUS_LABELS[to].toLowerCase()}`;
    throw badRequest(`Invalid body: reason: ${message}`, { issues: [{ path: 'reason', message }] });
  }
  if (beforeMove) {
    await beforeMove(
      {
        id: row.id,
        number: row.number,
        status: row.status as OrderStatus,
        paymentStatus: row.paymentStatus as PaymentStatus,
        total: row.total,
        currency: row.currency.trim(),
        customerId: row.customerId,
        version: row.version,
      },
      to,
    );
  }
  const values: Partial<typeof orders.$inferInsert> = {
    status: to,
    [REACHED_AT[to as keyof typeof REACHED_AT]]: sql`clock_timestamp()`,
  };
  if (row.status === 'pending' && to === 'confirmed') values.acceptedBy = actor.id;
  if (to === 'rejected') values.rejectReason = reason;
  if (to === 'cancelled') values.cancelReason = reason;
  const [updated] = await tx.update(orders).set(values).where(eq(orders.id, id)).returning();
  if (!updated) throw notFoundOrder();
  await tx.insert(orderStatusChanges).values({ orderId: id, status: to, actorId: actor.id, reason });
  if (to === 'rejected' || to === 'cancelled') {
    await recordAudit(tx, actor, {
      area: 'orders',
      action: to === 'rejected' ? 'order.rejected' : 'order.cancelled',
      summary: `${to === 'rejected' ? 'Rejected' : 'Cancelled'} order ${label}${reason ? `: ${reason}` : ''}`,
      targetType: 'order',
      targetId: id,
      before: { status: row.status },
      after: { status: to, reason },
    });
  }
  await publishChanges(tx, topicsFor(updated, row.status === 'pending'));
  const [order] = await presentRows(tx, [updated], actor);
  if (!order) throw notFoundOrder();
  return order;
}
