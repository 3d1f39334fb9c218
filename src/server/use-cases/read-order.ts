import {
  type CustomerOrderWithPayments,
  type OrderWithPayments,
  paymentLinkPath,
} from '../../shared/contracts/payments';
import { amountDue, type PaymentTotals } from '../../shared/payment-math';
import type { Database } from '../db/client';
import { withTransaction } from '../db/transaction';
import type { Actor } from '../lib/context';
import { orderStockNotes } from '../modules/inventory';
import { getOrderWithAccessKey } from '../modules/orders';
import { customerPayments, orderPayments } from '../modules/payments';
import { can } from '../policies';

/** `{ stock }` when there is something to say about the order's stock, else nothing. */
async function stockOf(
  tx: Parameters<typeof orderStockNotes>[0],
  order: Parameters<typeof orderStockNotes>[1],
) {
  const stock = await orderStockNotes(tx, order);
  return stock ? { stock } : {};
}

/**
 * `GET /api/orders/{id}`: the order (orders: staff read any, a customer only their
 * own, another's is a 404) with its money (payments): payment status, what was paid, refunded and is
 * due, the payments, and the order's payment link for the receipt's QR code (only those who may read
 * the order get here). Staff (policy `payment.details.read`) see each payment in full, with its
 * refunds, account, reference and who took it; anyone else (the order's customer) sees each payment
 * as `CustomerPaymentSchema` shows it: method, amount, refunded, date. Staff also see `stock`: whether
 * the order took its stock and which lines take none (inventory's recipes). Read in one snapshot
 * (repeatable read), so the payments always add up to the order's payment status.
 */
export async function readOrder(
  db: Database,
  actor: Actor,
  id: string,
): Promise<OrderWithPayments | CustomerOrderWithPayments> {
  return withTransaction(
    db,
    async (tx) => {
      const { order, accessKey } = await getOrderWithAccessKey(tx, actor, id);
      // After the order: a transaction's queries share one connection.
      const payments = can(actor, 'payment.details.read')
        ? await orderPayments(tx, id)
        : await customerPayments(tx, id);
      const totals: PaymentTotals = { paid: 0, refunded: 0 };
      for (const payment of payments) {
        totals.paid += payment.amount;
        totals.refunded += payment.refunded;
      }
      return {
        ...order,
        // Written with every payment and refund (paymentStatusOf), in the same snapshot as these.
        paymentStatus: order.paymentStatus,
        amountPaid: totals.paid,
        amountRefunded: totals.refunded,
        amountDue: amountDue(order.total, totals),
        payments,
        paymentLink: paymentLinkPath(order.id, accessKey),
        // Staff see whether the order took its stock, and which lines took none.
        ...(can(actor, 'inventory.order-stock.read') ? await stockOf(tx, order) : {}),
      };
    },
    { isolation: 'repeatable read' },
  );
}
