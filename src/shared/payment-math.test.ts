import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountDue,
  changeFor,
  netPaid,
  type PaymentTotals,
  paymentStatusOf,
  quickCashAmounts,
  shareOfLines,
  splitEqually,
} from './payment-math';

/**
 * The arithmetic of payments (issue 13) that the server records and the Pay dialog shows: the payment
 * status from any sequence of payments and refunds, amounts due, equal splits and shares of lines
 * that add up exactly, change and quick cash amounts.
 */

/** One step of an order's money: a payment, or a refund of part of an earlier payment. */
type Step = { kind: 'pay'; amount: number } | { kind: 'refund'; payment: number; share: number };

const total = fc.integer({ min: 1, max: 1_000_000 });
const steps = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('pay' as const), amount: fc.integer({ min: 1, max: 1_000_000 }) }),
    fc.record({
      kind: fc.constant('refund' as const),
      payment: fc.nat(),
      share: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  ),
  { maxLength: 30 },
);

/**
 * Applies the steps as the server does: a payment at most the amount due (a larger one is cut to it,
 * none when nothing is due), a refund at most what remains of its payment.
 */
function apply(orderTotal: number, sequence: Step[]) {
  const payments: { amount: number; refunded: number }[] = [];
  const totals = (): PaymentTotals => ({
    paid: payments.reduce((sum, payment) => sum + payment.amount, 0),
    refunded: payments.reduce((sum, payment) => sum + payment.refunded, 0),
  });
  const statuses = [paymentStatusOf(orderTotal, totals())];
  for (const step of sequence) {
    if (step.kind === 'pay') {
      const amount = Math.min(step.amount, amountDue(orderTotal, totals()));
      if (amount <= 0) continue;
      payments.push({ amount, refunded: 0 });
    } else {
      const payment = payments[step.payment % Math.max(1, payments.length)];
      if (!payment) continue;
      const amount = Math.floor((payment.amount - payment.refunded) * step.share);
      if (amount <= 0) continue;
      payment.refunded += amount;
    }
    statuses.push(paymentStatusOf(orderTotal, totals()));
  }
  return { payments, totals: totals(), statuses };
}

describe('paymentStatusOf', () => {
  it('reads the five statuses', () => {
    expect(paymentStatusOf(1000, { paid: 0, refunded: 0 })).toBe('unpaid');
    expect(paymentStatusOf(1000, { paid: 400, refunded: 0 })).toBe('partially-paid');
    expect(paymentStatusOf(1000, { paid: 1000, refunded: 0 })).toBe('paid');
    expect(paymentStatusOf(1000, { paid: 1000, refunded: 300 })).toBe('partially-refunded');
    expect(paymentStatusOf(1000, { paid: 400, refunded: 100 })).toBe('partially-refunded');
    expect(paymentStatusOf(1000, { paid: 1000, refunded: 1000 })).toBe('refunded');
  });

  it('follows from any sequence of payments and refunds', () => {
    fc.assert(
      fc.property(total, steps, (orderTotal, sequence) => {
        const { payments, totals, statuses } = apply(orderTotal, sequence);
        const status = statuses.at(-1);
        // Never more taken than the total, never more refunded than taken.
        expect(totals.paid).toBeLessThanOrEqual(orderTotal);
        expect(totals.refunded).toBeLessThanOrEqual(totals.paid);
        for (const payment of payments) expect(payment.refunded).toBeLessThanOrEqual(payment.amount);
        // Unpaid exactly when nothing was taken.
        expect(status === 'unpaid').toBe(totals.paid === 0);
        // Without refunds: paid exactly when nothing is due.
        if (totals.refunded === 0 && totals.paid > 0) {
          expect(status).toBe(amountDue(orderTotal, totals) === 0 ? 'paid' : 'partially-paid');
        }
        // With refunds: refunded exactly when nothing is kept.
        if (totals.refunded > 0) {
          expect(status).toBe(netPaid(totals) === 0 ? 'refunded' : 'partially-refunded');
        }
        // Once money was given back, the order never reads as unpaid, paid or partly paid again.
        const firstRefund = statuses.findIndex(
          (item) => item === 'partially-refunded' || item === 'refunded',
        );
        if (firstRefund >= 0) {
          for (const later of statuses.slice(firstRefund)) {
            expect(['partially-refunded', 'refunded']).toContain(later);
          }
        }
      }),
    );
  });

  it('refunding everything that was taken always reads refunded', () => {
    fc.assert(
      fc.property(total, steps, (orderTotal, sequence) => {
        const { totals } = apply(orderTotal, sequence);
        fc.pre(totals.paid > 0);
        expect(paymentStatusOf(orderTotal, { paid: totals.paid, refunded: totals.paid })).toBe('refunded');
      }),
    );
  });
});

describe('amountDue and netPaid', () => {
  it('what is due and what was taken add up to the total; a refund makes nothing due again', () => {
    fc.assert(
      fc.property(total, steps, (orderTotal, sequence) => {
        const { totals } = apply(orderTotal, sequence);
        const due = amountDue(orderTotal, totals);
        expect(due).toBeGreaterThanOrEqual(0);
        expect(due + totals.paid).toBe(orderTotal);
        expect(netPaid(totals)).toBe(totals.paid - totals.refunded);
      }),
    );
    expect(amountDue(1000, { paid: 1200, refunded: 0 })).toBe(0);
    expect(amountDue(1000, { paid: 1000, refunded: 250 })).toBe(0);
    expect(amountDue(1000, { paid: 600, refunded: 250 })).toBe(400);
  });
});
