import { eq } from 'drizzle-orm';
import type { OrderStatus, PaymentStatus } from '../../../shared/order-status';
import type { Tx } from '../../db/transaction';
import { publishChanges } from '../events';
import { notFoundOrder, topicsFor } from './order-rules';
import { orders } from './orders.schema';

/**
 * An order's money: the use cases that take and refund payments (use-cases/record-payment.ts,
 * refund-payment.ts) lock the order while they check and write its money, and write its payment
 * status back here.
 */

/** What taking or refunding a payment reads of an order, with its row locked. */
export interface OrderForPayment {
  id: string;
  number: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  total: number;
  currency: string;
  customerId: string | null;
  version: number;
}

/**
 * The order `id` locked `for update` in the caller's transaction (null when there is none): every
 * writer of an order's payments takes this lock first, so two devices taking payment at once are
 * checked one after the other against what the other wrote, and lock order is always order → payment.
 */
export async function lockOrderForPayment(tx: Tx, id: string): Promise<OrderForPayment | null> {
  const [row] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      total: orders.total,
      currency: orders.currency,
      customerId: orders.customerId,
      version: orders.version,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  if (!row) return null;
  return {
    ...row,
    status: row.status as OrderStatus,
    paymentStatus: row.paymentStatus as PaymentStatus,
    currency: row.currency.trim(),
  };
}

/**
 * Writes the payment status the order's payments and refunds give (the order's version goes up) and
 * announces the change on the order's topics, as a status change does; inside the caller's
 * transaction, with the order locked by `lockOrderForPayment`. Answers the new version.
 */
export async function setPaymentStatus(tx: Tx, id: string, paymentStatus: PaymentStatus): Promise<number> {
  const [updated] = await tx
    .update(orders)
    .set({ paymentStatus })
    .where(eq(orders.id, id))
    .returning({ id: orders.id, customerId: orders.customerId, version: orders.version });
  if (!updated) throw notFoundOrder();
  await publishChanges(tx, topicsFor(updated, false));
  return updated.version;
}
