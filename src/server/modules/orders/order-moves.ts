import { desc, eq, sql } from 'drizzle-orm';
import type { Order, OrderStatusChangeInput } from '../../../shared/contracts/orders';
import { orderNumberLabel } from '../../../shared/contracts/orders';
import {
  findMove,
  isAdvance,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type PaymentStatus,
  RECALL_WINDOW_SECONDS,
  refusedMoveMessage,
} from '../../../shared/order-status';
import { hasStaffAccess } from '../../../shared/roles';
import type { Database } from '../../db/client';
import { type Tx, withTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { badRequest, conflict } from '../../lib/errors';
import { staleWrite } from '../../lib/versions';
import { authorize } from '../../policies';
import { recordAudit } from '../audit';
import { publishChanges } from '../events';
import type { OrderForPayment } from './order-payments';
import { presentRows } from './order-present';
import {
  allowedMovesFor,
  authorizeMove,
  conflictMove,
  notFoundOrder,
  type OrderRow,
  orderState,
  REACHED_AT,
  topicsFor,
} from './order-rules';
import { orderStatusChanges, orders } from './orders.schema';

/** Status moves: an order moved from one status to the next, by whom the policies allow. */

/** How far ahead a ready time given on accepting a request may be. */
const READY_AT_MAX_AHEAD_HOURS = 12;

const fieldError = (path: string, message: string) =>
  badRequest(`Invalid body: ${path}: ${message}`, { issues: [{ path, message }] });

/**
 * A recall: the order's last status move taken back, to the status it came from (`to`), when that
 * move was a step forward on the board (shared/order-status.ts `isAdvance`), it is the last thing
 * that happened to the order, and it was made less than RECALL_WINDOW_SECONDS ago. The time the
 * undone status was reached is cleared; the history keeps both the move and its recall.
 */
async function recallInTx(tx: Tx, actor: Actor, row: OrderRow, to: OrderStatus): Promise<Order> {
  authorize(actor, 'order.recall');
  const label = orderNumberLabel(row.number);
  const [last, before] = await tx
    .select({
      kind: orderStatusChanges.kind,
      status: orderStatusChanges.status,
      recent: sql<boolean>`${orderStatusChanges.createdAt} > clock_timestamp() - make_interval(secs => ${RECALL_WINDOW_SECONDS})`,
    })
    .from(orderStatusChanges)
    .where(eq(orderStatusChanges.orderId, row.id))
    .orderBy(desc(orderStatusChanges.createdAt), desc(orderStatusChanges.id))
    .limit(2);
  const from = row.status as OrderStatus;
  const previous = before?.status as OrderStatus | undefined;
  if (last?.kind !== 'status' || last.status !== from || !previous || !isAdvance(previous, from)) {
    throw conflict(`Order ${label} has no step on the board to take back.`, { reason: 'not-allowed' });
  }
  if (!last.recent) {
    throw conflict(
      `Order ${label} became ${ORDER_STATUS_LABELS[from].toLowerCase()} more than ${RECALL_WINDOW_SECONDS / 60} minutes ago: it can no longer be taken back.`,
      { reason: 'recall-expired' },
    );
  }
  if (to !== previous) {
    throw conflict(
      `Order ${label} was ${ORDER_STATUS_LABELS[previous].toLowerCase()} before: a recall takes it back there.`,
      { reason: 'not-allowed' },
    );
  }
  const reached = REACHED_AT[from as keyof typeof REACHED_AT];
  const [updated] = await tx
    .update(orders)
    .set({ status: previous, ...(reached ? { [reached]: null } : {}) })
    .where(eq(orders.id, row.id))
    .returning();
  if (!updated) throw notFoundOrder();
  await tx.insert(orderStatusChanges).values({
    orderId: row.id,
    status: previous,
    kind: 'recall',
    actorId: actor.id,
    detail: `Back from ${ORDER_STATUS_LABELS[from].toLowerCase()} to ${ORDER_STATUS_LABELS[previous].toLowerCase()}`,
  });
  await publishChanges(tx, topicsFor(updated, false));
  const [order] = await presentRows(tx, [updated], actor);
  if (!order) throw notFoundOrder();
  return order;
}

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
  if (change.recall) return recallInTx(tx, actor, row, to);
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
  if (change.readyAt !== undefined) {
    if (row.status !== 'pending' || to !== 'confirmed') {
      throw fieldError('readyAt', 'a ready time is given only when accepting an order request');
    }
    const readyAt = new Date(change.readyAt);
    const now = Date.now();
    if (readyAt.getTime() < now - 60_000 || readyAt.getTime() > now + READY_AT_MAX_AHEAD_HOURS * 3_600_000) {
      throw fieldError('readyAt', `choose a time from now to ${READY_AT_MAX_AHEAD_HOURS} hours ahead`);
    }
    values.promisedReadyAt = readyAt;
  }
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
