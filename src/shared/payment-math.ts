import type { PaymentStatus } from './order-status';

/**
 * The arithmetic of payments (docs/PRODUCT-RULES.md, Payments and refunds), zod-free and pure: the server's
 * truth and the Pay dialog's live figures. Amounts are integer minor units.
 */

/** What an order's payments add up to: taken, refunded, and what is kept (taken − refunded). */
export interface PaymentTotals {
  /** The sum of every payment taken. */
  paid: number;
  /** The sum of every refund. */
  refunded: number;
}

/** What is kept of the money taken: payments less refunds. */
export function netPaid(totals: PaymentTotals): number {
  return totals.paid - totals.refunded;
}

/**
 * What is still to pay: the total less every payment taken (never below 0). The payments of an order
 * never add up to more than its total, and a refund does not make money due again: a refund
 * is money given back (a cold soup, a cancelled order), not a bill reopened.
 */
export function amountDue(total: number, totals: PaymentTotals): number {
  return Math.max(0, total - totals.paid);
}

/**
 * The order's payment status follows from its payments and refunds alone:
 * - nothing taken: unpaid;
 * - nothing refunded: paid once what was taken covers the total, partially paid before;
 * - something refunded: refunded when nothing is kept, partially refunded otherwise.
 */
export function paymentStatusOf(total: number, totals: PaymentTotals): PaymentStatus {
  if (totals.paid <= 0) return 'unpaid';
  if (totals.refunded <= 0) return totals.paid >= total ? 'paid' : 'partially-paid';
  return netPaid(totals) <= 0 ? 'refunded' : 'partially-refunded';
}

/**
 * `amount` in `parts` near-equal parts that add up to it exactly: the first `amount % parts` parts
 * carry one minor unit more ($10.00 in 3: $3.34, $3.33, $3.33).
 */
export function splitEqually(amount: number, parts: number): number[] {
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError('parts must be a positive integer');
  const base = Math.floor(amount / parts);
  const extra = amount - base * parts;
  return Array.from({ length: parts }, (_, index) => base + (index < extra ? 1 : 0));
}

/**
 * The share of an order's total that some of its lines make (split by items): the total times the
 * chosen lines' part of the subtotal, rounded half away from zero. Choosing every line gives the total.
 */
export function shareOfLines(total: number, subtotal: number, chosenLinesTotal: number): number {
  if (subtotal <= 0 || chosenLinesTotal >= subtotal) return total;
  if (chosenLinesTotal <= 0) return 0;
  return Math.round((total * chosenLinesTotal) / subtotal);
}

/** The change for cash handed over (0 when it does not cover the amount). */
export function changeFor(amount: number, tendered: number): number {
  return Math.max(0, tendered - amount);
}

/**
 * Quick amounts for cash handed over: the exact amount, then the next round sums a guest is likely
 * to hand over (the next multiple of 1, 5, 10, 20, 50 and 100 major units), without repeats, up to four.
 */
export function quickCashAmounts(amount: number, minorPerMajor = 100): number[] {
  const found = [amount];
  for (const step of [1, 5, 10, 20, 50, 100]) {
    const unit = step * minorPerMajor;
    const next = Math.ceil(amount / unit) * unit;
    if (next > amount && !found.includes(next)) found.push(next);
    if (found.length === 4) break;
  }
  return found;
}

/** What a refund on closing an order reads of a payment. */
export interface KeptPayment<Method extends string = string> {
  id: string;
  method: Method;
  amount: number;
  /** What was refunded of it so far. */
  refunded: number;
  /** When it was taken (an ISO text or a Date). */
  createdAt: string | Date;
}

/** One refund that closing an order makes: what remains of one payment. */
export interface RefundOnClose<Payment extends KeptPayment = KeptPayment> {
  payment: Payment;
  amount: number;
}

/**
 * The refunds that cancelling or rejecting an order makes (`refundPayments: true`): what remains of
 * every payment (amount − refunded), oldest payment first (taken at, then id, as the server locks
 * them), leaving out payments with nothing left. The server refunds exactly these; the cancel and
 * reject dialogs show them before the click.
 */
export function refundsOnClose<Payment extends KeptPayment>(
  payments: readonly Payment[],
): RefundOnClose<Payment>[] {
  const time = (payment: KeptPayment) => new Date(payment.createdAt).getTime();
  return [...payments]
    .sort((a, b) => time(a) - time(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((payment) => ({ payment, amount: payment.amount - payment.refunded }))
    .filter((refund) => refund.amount > 0);
}

/** A refund's share by payment method: all the money going back by cash, by card… */
export interface RefundByMethod<Method extends string = string> {
  method: Method;
  amount: number;
}

/**
 * `refunds` added up by payment method, in the order each method is first refunded: how the money
 * of a closed order goes back ($4.56 out of the cash drawer, $7.56 back to the card).
 */
export function refundsByMethod<Method extends string>(
  refunds: readonly RefundOnClose<KeptPayment<Method>>[],
): RefundByMethod<Method>[] {
  const byMethod = new Map<Method, number>();
  for (const { payment, amount } of refunds) {
    byMethod.set(payment.method, (byMethod.get(payment.method) ?? 0) + amount);
  }
  return [...byMethod].map(([method, amount]) => ({ method, amount }));
}
