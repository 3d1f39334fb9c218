import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyStockChange, rateOf, rateText, type StockState, valueAt } from './valuation';

const empty: StockState = { onHand: 0, stockValue: 0, rate: 0n };

function run(changes: Parameters<typeof applyStockChange>[1][], from = empty) {
  let state = from;
  const steps = [];
  for (const change of changes) {
    const step = applyStockChange(state, change);
    steps.push(step);
    state = step.state;
  }
  return { state, steps };
}

describe('moving average cost', () => {
  it('weights receipts by quantity', () => {
    // 10 kg for 1000 (100 a kg), then 5 kg for 600 (120 a kg): 1600 for 15 kg, 106.666667 a kg.
    const { state, steps } = run([
      { quantity: 10_000, receiptCost: 1000 },
      { quantity: 5_000, receiptCost: 600 },
    ]);
    expect(state).toEqual({ onHand: 15_000, stockValue: 1600, rate: 106_666_667n });
    expect(rateText(state.rate)).toBe('106.666667');
    expect(steps.map((step) => [step.value, step.revaluation])).toEqual([
      [1000, 0],
      [600, 0],
    ]);
  });

  it('values a sale at the rate and leaves the rate', () => {
    const { state, steps } = run([{ quantity: 15_000, receiptCost: 1600 }, { quantity: -18 }]);
    // 0.018 kg × 106.666667 = 1.92, rounded to 2.
    expect(steps[1]?.value).toBe(-2);
    expect(state).toEqual({ onHand: 14_982, stockValue: 1598, rate: 106_666_667n });
  });

  it('takes out what is left of the value when stock reaches exactly zero', () => {
    // 3 units for 10: a rate of 3.333333; three sales of one unit are worth 3 each, the last takes 4.
    const { state, steps } = run([
      { quantity: 3000, receiptCost: 10 },
      { quantity: -1000 },
      { quantity: -1000 },
      { quantity: -1000 },
    ]);
    expect(steps.map((step) => step.value)).toEqual([10, -3, -3, -4]);
    expect(state.stockValue).toBe(0);
  });

  it('revalues stock sold short at the cost of the receipt that covers it', () => {
    // 2 kg sold short at 10 a kg (-20); 5 kg arrive for 60 (12 a kg): 3 kg worth 36, the 2 kg sold
    // really cost 4 more, which the revaluation takes out of stock.
    const { state, steps } = run([{ quantity: -2000 }, { quantity: 5000, receiptCost: 60 }], {
      onHand: 0,
      stockValue: 0,
      rate: rateOf('10'),
    });
    expect(steps[0]?.value).toBe(-20);
    expect(steps[1]).toMatchObject({ value: 60, revaluation: -4 });
    expect(state).toEqual({ onHand: 3000, stockValue: 36, rate: 12_000_000n });
  });

  it('keeps the rate of a receipt that leaves stock still short', () => {
    const { state, steps } = run([{ quantity: 2000, receiptCost: 30 }], {
      onHand: -5000,
      stockValue: -50,
      rate: rateOf('10'),
    });
    expect(state).toEqual({ onHand: -3000, stockValue: -45, rate: 15_000_000n });
    expect(steps[0]).toMatchObject({ value: 30, revaluation: -25 });
  });
});

const change = fc.oneof(
  fc.record({
    quantity: fc.integer({ min: 1, max: 10_000_000 }),
    receiptCost: fc.integer({ min: 0, max: 100_000_000 }),
  }),
  fc
    .integer({ min: -10_000_000, max: 10_000_000 })
    .filter((quantity) => quantity !== 0)
    .map((quantity) => ({ quantity })),
);

describe('valuation over any sequence of movements', () => {
  it('keeps value = Σ movements and value ≈ on hand × rate, and never a negative rate', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 60 }), (changes) => {
        let state = empty;
        let sum = 0;
        let sinceReceipt = 0;
        for (const next of changes) {
          const step = applyStockChange(state, next);
          sum += step.value + step.revaluation;
          state = step.state;
          sinceReceipt = 'receiptCost' in next ? 0 : sinceReceipt + 1;
          expect(state.stockValue).toBe(sum);
          expect(state.rate >= 0n).toBe(true);
          if (state.onHand === 0) expect(state.stockValue).toBe(0);
          // Each movement since the last receipt rounded once (half a minor unit at most), and the
          // rate itself is exact to a millionth of a minor unit.
          const drift = Math.abs(state.stockValue - valueAt(state.onHand, state.rate));
          expect(drift).toBeLessThanOrEqual(1 + sinceReceipt);
        }
      }),
      { numRuns: 500 },
    );
  });
});
