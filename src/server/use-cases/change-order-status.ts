import { type Order, type OrderStatusChangeInput, orderNumberLabel } from '../../shared/contracts/orders';
import { formatMoney } from '../../shared/money';
import type { NotificationKind } from '../../shared/notification-kinds';
import { noticeFor } from '../../shared/order-notices';
import type { OrderStatus } from '../../shared/order-status';
import { refundsByMethod, refundsOnClose } from '../../shared/payment-math';
import type { Database } from '../db/client';
import { type Tx, withTransaction } from '../db/transaction';
import type { Actor } from '../lib/context';
import { conflict } from '../lib/errors';
import { releaseCouponUse } from '../modules/coupons';
import { deductOrderStock, returnOrderStock } from '../modules/inventory';
import { notify } from '../modules/notifications';
import { moveOrderInTx } from '../modules/orders';
import { lockOrderPayments, type PaymentProvider } from '../modules/payments';
import { authorize } from '../policies';
import { refundAllPayments } from './refund-payment';

/**
 * Moving an order along its status flow. The move itself is the orders module's (`moveOrderInTx`:
 * version, status table, policies, reason); what this adds is the money: an order that has money kept
 * (payments less refunds > 0) is cancelled or rejected only together with its refund. Without
 * `refundPayments: true` such a move is a 409 (`details.reason: 'refund-required'`, `details.amount`:
 * what would be refunded, `details.refunds`: that amount by payment method); with it, a manager
 * (policy `payment.refund`) refunds what remains of every payment (online ones through the provider)
 * and the order moves, all in one transaction: either the order is cancelled and the money given
 * back, or neither. Which payments give back how much is `refundsOnClose`, the function the cancel and
 * reject dialogs show the split with. A cancelled or rejected order also gives back the use of its
 * coupon. A customer's own order that is accepted, rejected, ready or out for delivery tells them so,
 * in the move's transaction (the bell and Web Push). An order that reaches completed takes its
 * ingredients out of stock in the same transaction (inventory's recipes, once per order); one taken
 * back from completed by a recall gives them back.
 */
export async function changeOrderStatus(
  db: Database,
  provider: PaymentProvider | null,
  actor: Actor,
  id: string,
  change: OrderStatusChangeInput,
): Promise<Order> {
  return withTransaction(db, async (tx) => {
    const moved = await moveOrderInTx(tx, actor, id, change, async (order, to) => {
      if (to !== 'cancelled' && to !== 'rejected') return;
      // What closing the order gives back: what remains of each payment (the refunds made below).
      const refunds = refundsOnClose(await lockOrderPayments(tx, order.id));
      const kept = refunds.reduce((sum, refund) => sum + refund.amount, 0);
      if (kept > 0) {
        const label = orderNumberLabel(order.number);
        const verb = to === 'cancelled' ? 'cancel' : 'reject';
        if (!change.refundPayments) {
          throw conflict(
            `${formatMoney(kept, order.currency, 'en')} was paid for order ${label}: refund it to ${verb} the order.`,
            { reason: 'refund-required', amount: kept, refunds: refundsByMethod(refunds) },
          );
        }
        authorize(actor, 'payment.refund');
        const reason =
          change.reason?.trim() || `Order ${label} ${to === 'cancelled' ? 'cancelled' : 'rejected'}`;
        await refundAllPayments(tx, provider, actor, order, reason);
      }
      await releaseCouponUse(tx, order.id);
    });
    if (change.recall) await returnOrderStock(tx, actor, moved);
    else if (moved.status === 'completed') await deductOrderStock(tx, actor, moved);
    // A recall takes a step back on the board: the customer was told of the step already.
    if (!change.recall) await tellCustomer(tx, moved);
    return moved;
  });
}

/** The notification of each status a customer is told about. */
const CUSTOMER_NOTICE_KINDS: Partial<Record<OrderStatus, NotificationKind>> = {
  confirmed: 'order-accepted',
  rejected: 'order-rejected',
  ready: 'order-ready',
  'out-for-delivery': 'order-out-for-delivery',
};

/**
 * Tells the order's customer (an account's order) where it stands now, in the words of their order
 * page's notices ("Order #1042 accepted", "The kitchen is on it."), opening their page of it.
 */
async function tellCustomer(tx: Tx, order: Order): Promise<void> {
  const kind = CUSTOMER_NOTICE_KINDS[order.status];
  const notice = noticeFor(order, order.status);
  if (!kind || !notice || !order.customer) return;
  await notify(
    tx,
    { userId: order.customer.id },
    {
      kind,
      title: notice.title,
      body: notice.body,
      orderId: order.id,
      link: `/account/orders/${order.id}`,
    },
  );
}
