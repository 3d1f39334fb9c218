import { divideRounded } from './pricing';

/**
 * The arithmetic of splitting and merging checks, pure and zod-free: a check's amounts are divided or
 * added so that the checks together always hold exactly what the one check held, to the minor unit.
 *
 * Pricing each piece afresh would not do that: service charge and tax are rounded once per check, so
 * two halves priced apart can differ by a cent from the whole. Instead, a split gives the new check
 * its share of each amount (discount, service charge, tax) in proportion to the subtotal of the lines
 * it takes, rounded half away from zero, and the first check keeps the rest; the delivery fee stays on
 * the first check. A merge adds the amounts.
 */

/** The amounts of a check, in minor units. */
export interface CheckAmounts {
  subtotal: number;
  discount: number;
  serviceCharge: number;
  /** Added to the total when exclusive; contained in it when inclusive. */
  tax: number;
  deliveryFee: number;
  total: number;
}

/** The total these amounts make: subtotal − discount + service charge + exclusive tax + delivery fee. */
export function totalOf(amounts: Omit<CheckAmounts, 'total'>, taxInclusive: boolean): number {
  return (
    amounts.subtotal -
    amounts.discount +
    amounts.serviceCharge +
    (taxInclusive ? 0 : amounts.tax) +
    amounts.deliveryFee
  );
}

/** `amount` × part / whole, rounded half away from zero (0 when the whole is 0). */
function share(amount: number, part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Number(divideRounded(BigInt(amount) * BigInt(part), BigInt(whole)));
}

/**
 * Splits `check` in two: the new check takes lines worth `movedSubtotal` (0 < movedSubtotal ≤
 * subtotal) and its share of the discount, service charge and tax; the first check keeps the rest
 * and the delivery fee. The two always add up to `check`, amount by amount.
 */
export function splitAmounts(
  check: CheckAmounts,
  movedSubtotal: number,
  taxInclusive: boolean,
): { kept: CheckAmounts; moved: CheckAmounts } {
  if (!Number.isSafeInteger(movedSubtotal) || movedSubtotal < 0 || movedSubtotal > check.subtotal) {
    throw new RangeError(
      `the lines moved (${movedSubtotal}) must be part of the subtotal (${check.subtotal})`,
    );
  }
  const movedParts = {
    subtotal: movedSubtotal,
    discount: share(check.discount, movedSubtotal, check.subtotal),
    serviceCharge: share(check.serviceCharge, movedSubtotal, check.subtotal),
    tax: share(check.tax, movedSubtotal, check.subtotal),
    deliveryFee: 0,
  };
  const moved = { ...movedParts, total: totalOf(movedParts, taxInclusive) };
  const kept = {
    subtotal: check.subtotal - moved.subtotal,
    discount: check.discount - moved.discount,
    serviceCharge: check.serviceCharge - moved.serviceCharge,
    tax: check.tax - moved.tax,
    deliveryFee: check.deliveryFee,
    total: check.total - moved.total,
  };
  return { kept, moved };
}

/** The checks added up, amount by amount: what a merged check holds. */
export function mergeAmounts(checks: readonly CheckAmounts[]): CheckAmounts {
  const sum = (key: keyof CheckAmounts) => checks.reduce((total, check) => total + check[key], 0);
  return {
    subtotal: sum('subtotal'),
    discount: sum('discount'),
    serviceCharge: sum('serviceCharge'),
    tax: sum('tax'),
    deliveryFee: sum('deliveryFee'),
    total: sum('total'),
  };
}

/**
 * A line's total for `quantity` of it: the line's price for one (its options included) times the
 * quantity. Line totals are exact multiples of the price for one, so a line split by quantity adds up.
 */
export function lineTotalFor(line: { lineTotal: number; quantity: number }, quantity: number): number {
  return (line.lineTotal / line.quantity) * quantity;
}
