import { amountAtRate, divideHalfAwayFromZero, RATE_PLACES, scaledDecimal } from '../../../shared/quantity';

/**
 * How a movement changes an item's stock and its value (a moving average cost), as pure arithmetic
 * in integers: quantities in thousandths, values in minor units, the rate in millionths of a minor
 * unit per stock unit.
 *
 * - A **receipt** brings in its cost as its value. When stock was above zero before it and is after,
 *   the new rate is `(stock value + cost) / on hand` (weighted by quantity). When stock was at or
 *   below zero (the kitchen sold what the books did not have yet), the new rate is the receipt's own
 *   unit cost, and the stock left is revalued to `on hand × rate`: what was sold short was costed at
 *   the old rate and is now known to have cost the new one, and that difference is a revaluation
 *   (a movement with no quantity) beside the receipt.
 * - **Every other movement** (sale, waste, adjustment, count) is valued at the rate,
 *   `round(quantity × rate)` half away from zero, and leaves the rate as it is; one that brings the
 *   stock to exactly zero takes out the whole remaining value, so nothing is left of rounding.
 *
 * So stock value is always the sum of the movements' values, and equals `on hand × rate` within the
 * rounding of the movements since the last receipt.
 */

export interface StockState {
  /** Thousandths of the stock unit. */
  onHand: number;
  /** Minor units: the sum of the movements' values. */
  stockValue: number;
  /** Millionths of a minor unit per stock unit, never negative. */
  rate: bigint;
}

export interface StockChange {
  /** Signed thousandths, never 0. */
  quantity: number;
  /** A receipt's cost in minor units (0 or more); absent for every other movement. */
  receiptCost?: number;
}

export interface StockStep {
  state: StockState;
  /** The value of the movement itself. */
  value: number;
  /** The value of the revaluation that goes with a receipt into short stock (0 when none). */
  revaluation: number;
}

const RATE_SCALE = 10n ** BigInt(RATE_PLACES);
/** `numeric(18,6)` holds rates below 10^12 minor units per unit. */
export const MAX_RATE = 10n ** 12n * RATE_SCALE - 1n;

/** A rate column's text ("12.5", "0.000001") as millionths. */
export function rateOf(text: string): bigint {
  return scaledDecimal(text, RATE_PLACES);
}

/** Millionths as the column's text, with 6 decimals. */
export function rateText(rate: bigint): string {
  const whole = rate / RATE_SCALE;
  const fraction = String(rate % RATE_SCALE).padStart(RATE_PLACES, '0');
  return `${whole}.${fraction}`;
}

/** `thousandths` at `rate`, rounded half away from zero to a minor unit. */
export function valueAt(thousandths: number, rate: bigint): number {
  return amountAtRate(thousandths, rateText(rate));
}

/** `value / thousandths` as a rate (thousandths > 0), rounded half away from zero, never negative. */
function rateFor(value: number, thousandths: number): bigint {
  const rate = divideHalfAwayFromZero(BigInt(value) * RATE_SCALE * 1000n, BigInt(thousandths));
  return rate < 0n ? 0n : rate;
}

export function applyStockChange(state: StockState, change: StockChange): StockStep {
  const onHand = state.onHand + change.quantity;
  if (change.receiptCost === undefined) {
    const value = onHand === 0 ? -state.stockValue : valueAt(change.quantity, state.rate);
    return {
      state: { onHand, stockValue: state.stockValue + value, rate: state.rate },
      value,
      revaluation: 0,
    };
  }
  const cost = change.receiptCost;
  if (state.onHand > 0 && onHand > 0) {
    const stockValue = state.stockValue + cost;
    return { state: { onHand, stockValue, rate: rateFor(stockValue, onHand) }, value: cost, revaluation: 0 };
  }
  const rate = change.quantity > 0 ? rateFor(cost, change.quantity) : state.rate;
  const stockValue = valueAt(onHand, rate);
  return {
    state: { onHand, stockValue, rate },
    value: cost,
    revaluation: stockValue - (state.stockValue + cost),
  };
}
