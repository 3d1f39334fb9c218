import { orderNumberLabel } from '../../shared/contracts/orders';
import type { RefundInput, RefundRecorded } from '../../shared/contracts/payments';
import { formatMoney } from '../../shared/money';
import { type PaymentTotals, paymentStatusOf, refundsOnClose } from '../../shared/payment-math';
import type { Database } from '../db/client';
import { type Tx, withTransaction } from '../db/transaction';
import type { Actor } from '../lib/context';
import { AppError, conflict, notFound } from '../lib/errors';
import { recordAudit } from '../modules/audit';
import { recordBankTransaction } from '../modules/ledger';
import { lockOrderForPayment, type OrderForPayment, setPaymentStatus } from '../modules/orders';
import {
  findPayment,
  insertRefund,
  lockOrderPayments,
  lockPayment,
  orderPaymentTotals,
  type PaymentProvider,
  type PaymentRow,
  presentPayments,
  presentRefund,
  type RefundRow,
} from '../modules/payments';
import { authorize } from '../policies';
import { methodInSentence, orderMoney } from './record-payment';

/**
 * Refunds (docs/PRODUCT-RULES.md, Payments and refunds): a manager gives back part or all of what remains of
 * a payment, with a reason. One transaction with the order and then the payment locked (the lock order of
 * every payment writer: order → payment), so two refunds at once never give back more than was taken. An
 * online payment is refunded through the provider first, with an idempotency key made of the payment and what
 * was refunded of it so far: a retry (this transaction run again, or the manager trying again after the
 * answer was lost) asks the provider for the same refund, which it makes once. Then, as for a payment: the
 * refund and the payment's running `refunded`, a withdrawal in the payment's account, the order's payment
 * status (recomputed, written, announced) and an audit entry.
 */

const notFoundPayment = () => notFound('There is no payment with this id.');

/** `POST /api/payments/{id}/refunds`: a manager refunds (part of) a payment. */
export async function refundPayment(
  db: Database,
  provider: PaymentProvider | null,
  actor: Actor,
  paymentId: string,
  input: RefundInput,
): Promise<RefundRecorded> {
  authorize(actor, 'payment.refund');
  return withTransaction(db, async (tx) => {
    const found = await findPayment(tx, paymentId);
    if (!found) throw notFoundPayment();
    const order = await lockOrderForPayment(tx, found.orderId);
    if (!order) throw notFoundPayment();
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw notFoundPayment();
    const refundable = payment.amount - payment.refunded;
    if (input.amount > refundable) {
      const money = (amount: number) => formatMoney(amount, order.currency, 'en');
      throw conflict(
        refundable === 0
          ? 'This payment was refunded in full: nothing is left to refund.'
          : `Only ${money(refundable)} of this payment can still be refunded.`,
        { reason: 'over-refundable', refundable },
      );
    }
    const { refund, payment: after } = await refundLockedPayment(tx, provider, actor, order, payment, {
      amount: input.amount,
      reason: input.reason.trim(),
    });
    const totals = await orderPaymentTotals(tx, order.id);
    const version = await setPaymentStatus(tx, order.id, paymentStatusOf(order.total, totals));
    const [presented] = await presentPayments(tx, [after]);
    if (!presented) throw new Error('payment not presented');
    const refunded = presented.refunds.find((item) => item.id === refund.id);
    return {
      ...(refunded ?? presentRefund(refund, { people: new Map(), accounts: new Map() })),
      paymentId: payment.id,
      payment: presented,
      order: orderMoney(order, totals, version),
    };
  });
}

/**
 * Refunds what remains of every payment of a locked order (cancelling or rejecting an order that has
 * money kept, use-cases/change-order-status.ts), in the caller's transaction; answers the order's
 * totals after. Which payments and how much of each is `refundsOnClose` (shared/payment-math.ts), the
 * same function the cancel and reject dialogs show the split with. The caller has checked the policy.
 */
export async function refundAllPayments(
  tx: Tx,
  provider: PaymentProvider | null,
  actor: Actor,
  order: OrderForPayment,
  reason: string,
): Promise<PaymentTotals> {
  for (const { payment, amount } of refundsOnClose(await lockOrderPayments(tx, order.id))) {
    await refundLockedPayment(tx, provider, actor, order, payment, { amount, reason });
  }
  const totals = await orderPaymentTotals(tx, order.id);
  await setPaymentStatus(tx, order.id, paymentStatusOf(order.total, totals));
  return totals;
}

/**
 * One refund of a payment locked by the caller (amount checked): through the provider first for an
 * online payment, then the refund row, the withdrawal and the audit entry. The order's payment status
 * is the caller's to write (once, after all its refunds).
 */
async function refundLockedPayment(
  tx: Tx,
  provider: PaymentProvider | null,
  actor: Actor,
  order: OrderForPayment,
  payment: PaymentRow,
  { amount, reason }: { amount: number; reason: string },
): Promise<{ refund: RefundRow; payment: PaymentRow }> {
  const providerRefundId = payment.provider ? await refundThroughProvider(provider, payment, amount) : null;
  const written = await insertRefund(tx, {
    paymentId: payment.id,
    amount,
    reason,
    currency: payment.currency.trim(),
    providerRefundId,
    refundedBy: actor.id,
  });
  const label = orderNumberLabel(order.number);
  const method = methodInSentence(payment.method as Parameters<typeof methodInSentence>[0]);
  const money = formatMoney(amount, order.currency, 'en');
  await recordBankTransaction(tx, {
    accountId: payment.accountId,
    kind: 'withdrawal',
    amount,
    currency: payment.currency.trim(),
    description: `Refund for order ${label} (${method}): ${reason}`,
    source: { kind: 'refund', id: written.refund.id },
    createdBy: actor.id,
  });
  await recordAudit(tx, actor, {
    area: 'payments',
    action: 'payment.refunded',
    summary: `Refunded ${money} of a ${method} payment for order ${label}: ${reason}`,
    targetType: 'payment',
    targetId: payment.id,
    before: { refunded: payment.refunded },
    after: {
      orderId: order.id,
      refundId: written.refund.id,
      amount,
      reason,
      refunded: written.payment.refunded,
      ...(providerRefundId ? { providerRefundId } : {}),
    },
  });
  return written;
}

/** The provider's refund of an online payment; the refund's id. */
async function refundThroughProvider(
  provider: PaymentProvider | null,
  payment: PaymentRow,
  amount: number,
): Promise<string> {
  if (!provider || provider.name !== payment.provider || !payment.providerPaymentId) {
    throw conflict(
      'This online payment cannot be refunded here: online payment is not set up on this server. Refund it in the payment provider’s dashboard.',
      { reason: 'provider-unavailable' },
    );
  }
  try {
    const { id } = await provider.refund({
      paymentIntentId: payment.providerPaymentId,
      amount,
      idempotencyKey: `refund:${payment.id}:${payment.refunded}`,
    });
    return id;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      503,
      'The payment provider did not make the refund. Nothing was refunded; please try again in a moment.',
      { reason: 'provider-error' },
    );
  }
}
