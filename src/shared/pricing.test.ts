import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  divideRounded,
  type OrderType,
  type PricingInput,
  percentOf,
  percentToHundredths,
  priceOrder,
} from './pricing';

const settings = { serviceChargePercent: 10, taxPercent: 8.25, taxInclusive: false, deliveryFee: 299 };

/** Two lattes (large +$1.50, oat milk +$0.60) and a croissant. */
const cart = [
  { unitPrice: 450, quantity: 2, options: [{ priceDelta: 150 }, { priceDelta: 60 }] },
  { unitPrice: 325, quantity: 1 },
];

describe('priceOrder: worked examples', () => {
  it('dine-in with a 10 % discount, 10 % service and 8.25 % tax on top', () => {
    const totals = priceOrder({
      ...settings,
      type: 'dine-in',
      lines: cart,
      discount: { kind: 'percent', percent: 10 },
    });
    expect(totals.lines).toEqual([
      { unitPrice: 660, quantity: 2, lineTotal: 1320 },
      { unitPrice: 325, quantity: 1, lineTotal: 325 },
    ]);
    expect(totals).toMatchObject({
      subtotal: 1645,
      // 164.5 → 165: half away from zero.
      discount: 165,
      // 10 % of 1480.
      serviceCharge: 148,
      // 8.25 % of 1628 = 134.31.
      tax: 134,
      deliveryFee: 0,
      total: 1762,
    });
  });

  it('the same order with the tax included: the tax is the part of the amount that is tax', () => {
    const totals = priceOrder({
      ...settings,
      taxInclusive: true,
      type: 'dine-in',
      lines: cart,
      discount: { kind: 'percent', percent: 10 },
    });
    // 1628 × 8.25 / 108.25 = 124.07.
    expect(totals).toMatchObject({
      subtotal: 1645,
      discount: 165,
      serviceCharge: 148,
      tax: 124,
      total: 1628,
    });
  });

  it('takeaway has no service charge and delivery adds the fee outside the taxed amount', () => {
    expect(priceOrder({ ...settings, type: 'takeaway', lines: cart })).toMatchObject({
      subtotal: 1645,
      serviceCharge: 0,
      // 8.25 % of 1645 = 135.71.
      tax: 136,
      deliveryFee: 0,
      total: 1781,
    });
    expect(priceOrder({ ...settings, type: 'delivery', lines: cart })).toMatchObject({
      serviceCharge: 0,
      tax: 136,
      deliveryFee: 299,
      total: 2080,
    });
  });

  it('caps a percentage discount at its maximum and an amount at the subtotal', () => {
    const big = [{ unitPrice: 10_000, quantity: 1 }];
    const base = { ...settings, taxPercent: 0, type: 'takeaway' as const };
    expect(
      priceOrder({ ...base, lines: big, discount: { kind: 'percent', percent: 50, maxDiscount: 1500 } })
        .discount,
    ).toBe(1500);
    const free = priceOrder({
      ...base,
      type: 'delivery',
      lines: cart,
      discount: { kind: 'amount', amount: 5000 },
    });
    expect(free).toMatchObject({ subtotal: 1645, discount: 1645, tax: 0, deliveryFee: 299, total: 299 });
  });

  it('rounds each amount half away from zero, once', () => {
    expect([percentOf(5, 10), percentOf(15, 10), percentOf(25, 10), percentOf(14, 10)]).toEqual([1, 2, 3, 1]);
    expect(divideRounded(-5n, 10n)).toBe(-1n);
    expect(divideRounded(-4n, 10n)).toBe(0n);
    // 0.29 % of 50 = 0.145: the float 0.29 * 100 is 28.999…, still 29 hundredths.
    expect(percentToHundredths(0.29)).toBe(29n);
    expect(percentOf(5000, 0.29)).toBe(15);
  });

  it('refuses what no caller may send: a third decimal, a quantity of 0, a fraction of a cent', () => {
    expect(() => percentToHundredths(8.255)).toThrow(/two decimals/);
    expect(() =>
      priceOrder({ ...settings, type: 'takeaway', lines: [{ unitPrice: 100, quantity: 0 }] }),
    ).toThrow(/quantity/);
    expect(() =>
      priceOrder({ ...settings, type: 'takeaway', lines: [{ unitPrice: 1.5, quantity: 1 }] }),
    ).toThrow(/minor units/);
  });
});

// Generated carts: prices up to $1,000.00, up to 999 of a line, percentages with two decimals.
const percent = fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100);
const line = fc.record({
  unitPrice: fc.integer({ min: 0, max: 100_000 }),
  quantity: fc.integer({ min: 1, max: 999 }),
  options: fc.array(fc.record({ priceDelta: fc.integer({ min: -500, max: 2_000 }) }), { maxLength: 4 }),
});
const discount = fc.option(
  fc.oneof(
    fc.record({
      kind: fc.constant('percent' as const),
      percent,
      maxDiscount: fc.option(fc.nat(50_000), { nil: undefined }),
    }),
    fc.record({ kind: fc.constant('amount' as const), amount: fc.nat(200_000) }),
  ),
  { nil: null },
);
const input: fc.Arbitrary<PricingInput> = fc.record({
  type: fc.constantFrom<OrderType>('dine-in', 'takeaway', 'delivery'),
  lines: fc.array(line, { minLength: 1, maxLength: 12 }),
  discount,
  serviceChargePercent: percent,
  taxPercent: percent,
  taxInclusive: fc.boolean(),
  deliveryFee: fc.nat(5_000),
});

describe('priceOrder: properties over generated carts', () => {
  it('never gives a negative amount, and the total is the sum of its parts', () => {
    fc.assert(
      fc.property(input, (order) => {
        const totals = priceOrder(order);
        for (const amount of [
          totals.subtotal,
          totals.discount,
          totals.serviceCharge,
          totals.tax,
          totals.total,
        ]) {
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(Number.isSafeInteger(amount)).toBe(true);
        }
        expect(totals.discount).toBeLessThanOrEqual(totals.subtotal);
        expect(totals.total).toBe(
          totals.subtotal -
            totals.discount +
            totals.serviceCharge +
            (totals.taxInclusive ? 0 : totals.tax) +
            totals.deliveryFee,
        );
      }),
    );
  });

  it('inclusive tax never changes the total', () => {
    fc.assert(
      fc.property(input, (order) => {
        const inclusive = priceOrder({ ...order, taxInclusive: true });
        const untaxed = priceOrder({ ...order, taxInclusive: false, taxPercent: 0 });
        expect(inclusive.total).toBe(untaxed.total);
        expect(inclusive.tax).toBeLessThanOrEqual(inclusive.total);
      }),
    );
  });

  it("a line's total never depends on the other lines", () => {
    fc.assert(
      fc.property(input, input, (first, second) => {
        const together = priceOrder({ ...first, lines: [...first.lines, ...second.lines] });
        const alone = [...priceOrder(first).lines, ...priceOrder({ ...first, lines: second.lines }).lines];
        expect(together.lines).toEqual(alone);
      }),
    );
  });

  it('exclusive tax is within half a minor unit of the exact tax', () => {
    fc.assert(
      fc.property(input, (order) => {
        const totals = priceOrder({ ...order, taxInclusive: false });
        const taxed = BigInt(totals.subtotal - totals.discount + totals.serviceCharge);
        const exact = taxed * percentToHundredths(order.taxPercent); // × 10,000 of the exact tax
        const error = BigInt(totals.tax) * 10_000n - exact;
        expect(error <= 5_000n && error >= -5_000n).toBe(true);
      }),
    );
  });
});
