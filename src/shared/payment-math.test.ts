import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountDue,
  changeFor,
  netPaid,
  type PaymentTotals,
  paymentStatusOf,
  quickCashAmounts,
  refundsByMethod,
  refundsOnClose,
  shareOfLines,
  splitEqually,
} from './payment-math';

/**
 * The arithmetic of payments that the server records and the Pay dialog shows: the payment
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

describe('splitEqually', () => {
  it('splits 10.00 in three as 3.34, 3.33, 3.33', () => {
    expect(splitEqually(1000, 3)).toEqual([334, 333, 333]);
    expect(splitEqually(5, 1)).toEqual([5]);
    expect(splitEqually(2, 4)).toEqual([1, 1, 0, 0]);
  });

  it('parts add up exactly, differ by at most one minor unit, the larger first', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 50 }), (amount, parts) => {
        const split = splitEqually(amount, parts);
        expect(split).toHaveLength(parts);
        expect(split.reduce((sum, part) => sum + part, 0)).toBe(amount);
        expect(Math.max(...split) - Math.min(...split)).toBeLessThanOrEqual(1);
        expect([...split].sort((a, b) => b - a)).toEqual(split);
        for (const part of split) expect(Number.isInteger(part)).toBe(true);
      }),
    );
  });

  it('refuses a number of parts that is not a positive whole number', () => {
    for (const parts of [0, -1, 1.5, Number.NaN]) expect(() => splitEqually(100, parts)).toThrow(RangeError);
  });
});

describe('shareOfLines', () => {
  const lines = fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 12 });

  it('all lines make the total, no line makes 0, and a share stays between them, growing with the lines', () => {
    fc.assert(
      fc.property(
        lines,
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.array(fc.boolean()),
        (lineTotals, orderTotal, picks) => {
          const subtotal = lineTotals.reduce((sum, line) => sum + line, 0);
          expect(shareOfLines(orderTotal, subtotal, subtotal)).toBe(orderTotal);
          if (subtotal > 0) expect(shareOfLines(orderTotal, subtotal, 0)).toBe(0);
          let chosen = 0;
          let previous = subtotal > 0 ? 0 : orderTotal;
          for (const [index, line] of lineTotals.entries()) {
            if (!picks[index]) continue;
            chosen += line;
            const share = shareOfLines(orderTotal, subtotal, chosen);
            expect(Number.isInteger(share)).toBe(true);
            expect(share).toBeGreaterThanOrEqual(previous);
            expect(share).toBeLessThanOrEqual(orderTotal);
            previous = share;
          }
        },
      ),
    );
  });

  it('shares the total by the chosen lines’ part of the subtotal, rounded', () => {
    // A 10.00 + 5.00 bill with 10% tax (16.50): the coffee's share is 11.00.
    expect(shareOfLines(1650, 1500, 1000)).toBe(1100);
    expect(shareOfLines(1000, 300, 100)).toBe(333);
    expect(shareOfLines(1000, 300, 200)).toBe(667);
  });
});

describe('change and quick cash amounts', () => {
  it('change is what was handed over less the amount, never below 0', () => {
    expect(changeFor(1250, 2000)).toBe(750);
    expect(changeFor(1250, 1250)).toBe(0);
    expect(changeFor(1250, 1000)).toBe(0);
  });

  it('quick amounts start with the exact amount, rise, and cover it', () => {
    expect(quickCashAmounts(1275)).toEqual([1275, 1300, 1500, 2000]);
    expect(quickCashAmounts(2000)).toEqual([2000, 5000, 10000]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (amount) => {
        const quick = quickCashAmounts(amount);
        expect(quick[0]).toBe(amount);
        expect(quick.length).toBeLessThanOrEqual(4);
        for (let index = 1; index < quick.length; index++) {
          expect(quick[index]).toBeGreaterThan(quick[index - 1] as number);
        }
      }),
    );
  });
});

describe('refunds on closing an order', () => {
  const taken = (id: string, method: string, amount: number, refunded: number, createdAt: string | Date) => ({
    id,
    method,
    amount,
    refunded,
    createdAt,
  });

  it('gives back what remains of each payment, oldest first, and adds it up by method', () => {
    // $12.12 kept: $4.56 of a cash payment, $7.56 of a card payment of $10.00 that gave $2.44 back.
    const card = taken('b0000000-0000-4000-8000-000000000000', 'card', 1000, 244, '2026-11-20T12:01:00.000Z');
    const cash = taken('c0000000-0000-4000-8000-000000000000', 'cash', 456, 0, '2026-11-20T12:00:00.000Z');
    const refunds = refundsOnClose([card, cash]);
    expect(refunds).toEqual([
      { payment: cash, amount: 456 },
      { payment: card, amount: 756 },
    ]);
    expect(refundsByMethod(refunds)).toEqual([
      { method: 'cash', amount: 456 },
      { method: 'card', amount: 756 },
    ]);
  });

  it('leaves out payments refunded in full, sums two payments of one method, and orders a tie by id', () => {
    const at = '2026-11-20T12:00:00.000Z';
    const first = taken('0a000000-0000-4000-8000-000000000000', 'card', 500, 0, at);
    const second = taken('0b000000-0000-4000-8000-000000000000', 'cash', 300, 300, at);
    const third = taken('0c000000-0000-4000-8000-000000000000', 'card', 250, 50, new Date(at));
    const refunds = refundsOnClose([third, second, first]);
    expect(refunds.map((refund) => [refund.payment.id, refund.amount])).toEqual([
      [first.id, 500],
      [third.id, 200],
    ]);
    expect(refundsByMethod(refunds)).toEqual([{ method: 'card', amount: 700 }]);
    expect(refundsOnClose([second])).toEqual([]);
    expect(refundsByMethod([])).toEqual([]);
  });

  it('refunds exactly what is kept, whatever was taken and refunded before', () => {
    const payment = fc.record({
      method: fc.constantFrom('cash', 'card', 'qr', 'online'),
      amount: fc.integer({ min: 1, max: 1_000_000 }),
      share: fc.double({ min: 0, max: 1, noNaN: true }),
      minute: fc.integer({ min: 0, max: 59 }),
    });
    fc.assert(
      fc.property(fc.array(payment, { maxLength: 12 }), (drawn) => {
        const payments = drawn.map((item, index) =>
          taken(
            `${index.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`,
            item.method,
            item.amount,
            Math.floor(item.amount * item.share),
            `2026-11-20T12:${String(item.minute).padStart(2, '0')}:00.000Z`,
          ),
        );
        const kept = netPaid({
          paid: payments.reduce((sum, item) => sum + item.amount, 0),
          refunded: payments.reduce((sum, item) => sum + item.refunded, 0),
        });
        const refunds = refundsOnClose(payments);
        const byMethod = refundsByMethod(refunds);
        expect(refunds.reduce((sum, refund) => sum + refund.amount, 0)).toBe(kept);
        expect(byMethod.reduce((sum, part) => sum + part.amount, 0)).toBe(kept);
        expect(new Set(byMethod.map((part) => part.method)).size).toBe(byMethod.length);
        for (const refund of refunds) {
          expect(refund.amount).toBe(refund.payment.amount - refund.payment.refunded);
          expect(refund.amount).toBeGreaterThan(0);
        }
        for (let index = 1; index < refunds.length; index++) {
          const at = (refund: (typeof refunds)[number] | undefined) => String(refund?.payment.createdAt);
          expect(at(refunds[index - 1]) <= at(refunds[index])).toBe(true);
        }
      }),
    );
  });
});
