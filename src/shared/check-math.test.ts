import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CheckAmounts, mergeAmounts, splitAmounts, totalOf } from './check-math';
import { priceOrder } from './pricing';

/** A check as the pricing function makes it, from random lines and settings. */
const pricedCheck = fc
  .record({
    lines: fc.array(
      fc.record({ unitPrice: fc.integer({ min: 0, max: 50_000 }), quantity: fc.integer({ min: 1, max: 9 }) }),
      {
        minLength: 1,
        maxLength: 8,
      },
    ),
    type: fc.constantFrom('dine-in' as const, 'takeaway' as const, 'delivery' as const),
    serviceChargePercent: fc.integer({ min: 0, max: 2500 }).map((value) => value / 100),
    taxPercent: fc.integer({ min: 0, max: 2500 }).map((value) => value / 100),
    taxInclusive: fc.boolean(),
    deliveryFee: fc.integer({ min: 0, max: 1000 }),
    discountPercent: fc.option(fc.integer({ min: 1, max: 10_000 }).map((value) => value / 100)),
  })
  .map((input) => {
    const totals = priceOrder({
      ...input,
      discount: input.discountPercent === null ? null : { kind: 'percent', percent: input.discountPercent },
    });
    return {
      totals,
      taxInclusive: input.taxInclusive,
      lineTotals: totals.lines.map((line) => line.lineTotal),
    };
  });

const AMOUNT_KEYS = ['subtotal', 'discount', 'serviceCharge', 'tax', 'deliveryFee', 'total'] as const;

function expectWellFormed(check: CheckAmounts, taxInclusive: boolean) {
  for (const key of AMOUNT_KEYS) {
    expect(Number.isSafeInteger(check[key])).toBe(true);
    expect(check[key]).toBeGreaterThanOrEqual(0);
  }
  expect(check.discount).toBeLessThanOrEqual(check.subtotal);
  expect(check.total).toBe(totalOf(check, taxInclusive));
}

describe('splitting and merging checks', () => {
  it('a split keeps every amount exact: the two checks add up to the one', () => {
    fc.assert(
      fc.property(pricedCheck, fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), (check, chosen) => {
        const moved = check.lineTotals.reduce((sum, total, index) => sum + (chosen[index] ? total : 0), 0);
        const parts = splitAmounts(check.totals, moved, check.taxInclusive);
        for (const key of AMOUNT_KEYS) expect(parts.kept[key] + parts.moved[key]).toBe(check.totals[key]);
        expectWellFormed(parts.kept, check.taxInclusive);
        expectWellFormed(parts.moved, check.taxInclusive);
        expect(parts.moved.subtotal).toBe(moved);
        expect(parts.moved.deliveryFee).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('splits and merges in any sequence keep the sum of the checks', () => {
    fc.assert(
      fc.property(
        pricedCheck,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 100 })), { maxLength: 10 }),
        (check, steps) => {
          let checks: CheckAmounts[] = [check.totals];
          for (const [which, percent] of steps) {
            const index = which % checks.length;
            const target = checks[index] as CheckAmounts;
            if (percent < 15 && checks.length > 1) {
              // Merge this check with the next one.
              const other = (index + 1) % checks.length;
              const merged = mergeAmounts([target, checks[other] as CheckAmounts]);
              checks = checks.filter((_, at) => at !== index && at !== other).concat(merged);
            } else {
              const moved = Math.floor((target.subtotal * percent) / 100);
              const { kept, moved: taken } = splitAmounts(target, moved, check.taxInclusive);
              checks = checks.map((item, at) => (at === index ? kept : item)).concat(taken);
            }
          }
          const sum = mergeAmounts(checks);
          for (const key of AMOUNT_KEYS) expect(sum[key]).toBe(check.totals[key]);
          for (const item of checks) expectWellFormed(item, check.taxInclusive);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives the new check its share, rounded half away from zero, and keeps the delivery fee', () => {
    const check = {
      subtotal: 1000,
      discount: 100,
      serviceCharge: 90,
      tax: 99,
      deliveryFee: 300,
      total: 1389,
    };
    const { kept, moved } = splitAmounts(check, 500, false);
    expect(moved).toEqual({
      subtotal: 500,
      discount: 50,
      serviceCharge: 45,
      tax: 50,
      deliveryFee: 0,
      total: 545,
    });
    expect(kept).toEqual({
      subtotal: 500,
      discount: 50,
      serviceCharge: 45,
      tax: 49,
      deliveryFee: 300,
      total: 844,
    });
  });

  it('refuses to move more than the subtotal', () => {
    const check = { subtotal: 100, discount: 0, serviceCharge: 0, tax: 0, deliveryFee: 0, total: 100 };
    expect(() => splitAmounts(check, 101, false)).toThrow(RangeError);
    expect(() => splitAmounts(check, -1, false)).toThrow(RangeError);
  });
});
