/**
 * The price of an order (docs/PRODUCT-RULES.md, Orders): one pure function, used by the point of sale
 * for its live totals and by the server as the truth, so both always show the same amounts.
 *
 * - A line is (the item's price + its chosen options' price differences) × quantity: whole minor
 *   units, so a line never needs rounding and never depends on the other lines.
 * - subtotal = the sum of the lines.
 * - discount: a percentage of the subtotal (capped by `maxDiscount` when given) or a fixed amount;
 *   never more than the subtotal, so no total is ever negative.
 * - service charge: dine-in only, a percentage of subtotal − discount.
 * - tax: a percentage of subtotal − discount + service charge. Exclusive tax is added on top;
 *   inclusive tax is the part of that amount that is tax (amount × t / (100 + t)), and leaves the
 *   total as it is. The delivery fee is outside the taxed amount.
 * - delivery fee: delivery orders only.
 * - total = subtotal − discount + service charge + exclusive tax + delivery fee.
 *
 * Every computed amount (discount, service charge, tax) is rounded once, half away from zero, to the
 * minor unit; no intermediate sum is rounded. Percentages have at most two decimals and are computed
 * in exact integer arithmetic (hundredths of a percent, BigInt), so no floating-point error can move
 * a cent.
 */

export const ORDER_TYPES = ['dine-in', 'takeaway', 'delivery'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_TYPE_LABELS: Record<OrderType, string> = {
  'dine-in': 'Dine-in',
  takeaway: 'Takeaway',
  delivery: 'Delivery',
};

export interface PricedOption {
  /** The option's price difference in minor units (may be negative: "small −$0.50"). */
  priceDelta: number;
}

export interface PricingLine {
  /** The item's own price in minor units. */
  unitPrice: number;
  /** At least 1. */
  quantity: number;
  options?: readonly PricedOption[];
}

export type PricingDiscount =
  | { kind: 'percent'; percent: number; maxDiscount?: number }
  | { kind: 'amount'; amount: number };

export interface PricingInput {
  type: OrderType;
  lines: readonly PricingLine[];
  discount?: PricingDiscount | null;
  /** From the settings: percentages with at most two decimals, the delivery fee in minor units. */
  serviceChargePercent: number;
  taxPercent: number;
  taxInclusive: boolean;
  deliveryFee: number;
}

export interface PricedLine {
  /** The item's price with its options' differences: what one of this line costs. */
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}

export interface OrderTotals {
  lines: PricedLine[];
  subtotal: number;
  discount: number;
  serviceCharge: number;
  /** The tax in the total: added on top when exclusive, contained in it when inclusive. */
  tax: number;
  taxInclusive: boolean;
  deliveryFee: number;
  total: number;
}

/** `a / b` rounded half away from zero, for integers (b > 0). */
export function divideRounded(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  const remainder = a % b;
  const twice = 2n * (remainder < 0n ? -remainder : remainder);
  if (twice < b) return quotient;
  return a < 0n ? quotient - 1n : quotient + 1n;
}

/** A percentage with at most two decimals as whole hundredths of a percent: 8.25 → 825. */
export function percentToHundredths(percent: number): bigint {
  const hundredths = Math.round(percent * 100);
  if (!Number.isFinite(percent) || hundredths < 0 || Math.abs(percent * 100 - hundredths) > 1e-6) {
    throw new RangeError(`${percent} is not a percentage with at most two decimals`);
  }
  return BigInt(hundredths);
}

/** `percent` % of `amount` minor units, rounded once, half away from zero. */
export function percentOf(amount: number, percent: number): number {
  return Number(divideRounded(BigInt(amount) * percentToHundredths(percent), 10_000n));
}

function assertMinor(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be whole minor units, not ${value}`);
}

export function priceOrder(input: PricingInput): OrderTotals {
  const lines = input.lines.map((line) => {
    assertMinor(line.unitPrice, 'a unit price');
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`a quantity must be a whole number of at least 1, not ${line.quantity}`);
    }
    let unitPrice = line.unitPrice;
    for (const option of line.options ?? []) {
      assertMinor(option.priceDelta, 'a price difference');
      unitPrice += option.priceDelta;
    }
    // An option cannot make a line cost less than nothing.
    unitPrice = Math.max(0, unitPrice);
    return { unitPrice, quantity: line.quantity, lineTotal: unitPrice * line.quantity };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);

  let discount = 0;
  if (input.discount?.kind === 'percent') {
    discount = percentOf(subtotal, input.discount.percent);
    if (input.discount.maxDiscount !== undefined) discount = Math.min(discount, input.discount.maxDiscount);
  } else if (input.discount?.kind === 'amount') {
    assertMinor(input.discount.amount, 'a discount');
    discount = input.discount.amount;
  }
  discount = Math.min(Math.max(0, discount), subtotal);

  const afterDiscount = subtotal - discount;
  const serviceCharge = input.type === 'dine-in' ? percentOf(afterDiscount, input.serviceChargePercent) : 0;
  const taxed = afterDiscount + serviceCharge;
  const taxHundredths = percentToHundredths(input.taxPercent);
  const tax = input.taxInclusive
    ? Number(divideRounded(BigInt(taxed) * taxHundredths, 10_000n + taxHundredths))
    : Number(divideRounded(BigInt(taxed) * taxHundredths, 10_000n));
  assertMinor(input.deliveryFee, 'the delivery fee');
  const deliveryFee = input.type === 'delivery' ? Math.max(0, input.deliveryFee) : 0;
  const total = taxed + (input.taxInclusive ? 0 : tax) + deliveryFee;

  return {
    lines,
    subtotal,
    discount,
    serviceCharge,
    tax,
    taxInclusive: input.taxInclusive,
    deliveryFee,
    total,
  };
}
