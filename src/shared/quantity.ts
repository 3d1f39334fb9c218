/**
 * Stock quantities, exact: a quantity is an integer number of thousandths of its unit (`2.5` kg is
 * 2500), sent and answered as a decimal string with at most 3 decimals ("0.982", "-2.5"). Never a
 * binary float: sums of thousandths are exact, and every product (a unit conversion, a value at a
 * cost) is worked out in integers and rounded once, half away from zero. Zod-free.
 */

export const QUANTITY_DECIMALS = 3;
const SCALE = 1000n;
/** Largest quantity one field may give: 99,999,999.999 (the columns hold 100 times more). */
export const MAX_QUANTITY_THOUSANDTHS = 99_999_999_999;

/** The answer of `parseQuantity`: thousandths, or why the text is not a quantity. */
export type QuantityParse = { ok: true; value: number } | { ok: false; message: string };

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** A decimal string ("-2.5", "0.982", "12") as thousandths; more than 3 decimals or too large is refused. */
export function parseQuantity(text: string): QuantityParse {
  const match = DECIMAL.exec(text.trim());
  if (!match) return { ok: false, message: 'must be a decimal number such as "2.5"' };
  const [, sign = '', whole = '', fraction = ''] = match;
  if (fraction.length > QUANTITY_DECIMALS) {
    return { ok: false, message: `must have at most ${QUANTITY_DECIMALS} decimals` };
  }
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > 8) return { ok: false, message: outOfRange };
  const magnitude = Number(digits) * 1000 + Number(fraction.padEnd(QUANTITY_DECIMALS, '0'));
  if (magnitude > MAX_QUANTITY_THOUSANDTHS) return { ok: false, message: outOfRange };
  // -0 is 0.
  return { ok: true, value: sign === '-' && magnitude !== 0 ? -magnitude : magnitude };
}

const outOfRange = 'must be between -99999999.999 and 99999999.999';

/** Thousandths as the decimal string the API answers: always 3 decimals ("0.982", "-2.500"). */
export function formatQuantity(thousandths: number): string {
  if (!Number.isSafeInteger(thousandths)) throw new RangeError(`not a quantity: ${thousandths}`);
  const sign = thousandths < 0 ? '-' : '';
  const magnitude = Math.abs(thousandths);
  const whole = Math.floor(magnitude / 1000);
  const fraction = String(magnitude % 1000).padStart(QUANTITY_DECIMALS, '0');
  return `${sign}${whole}.${fraction}`;
}

/** A quantity as a person reads and types it: "3.000" → "3", "2.500" → "2.5"; null → "". */
export function shortQuantity(text: string | null): string {
  if (text === null) return '';
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** `numerator / denominator` rounded half away from zero (denominator positive). */
export function divideHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('the denominator must be positive');
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -rounded : rounded;
}

/**
 * A non-negative decimal string with at most `places` decimals ("0.001", "24", "1234.5") as an
 * integer scaled by 10^places, for exact products; anything else throws (the caller's data is bad).
 */
export function scaledDecimal(text: string, places: number): bigint {
  const match = DECIMAL.exec(text.trim());
  if (!match || match[1] === '-') throw new RangeError(`not a non-negative decimal: ${text}`);
  const [, , whole = '', fraction = ''] = match;
  const kept = fraction.replace(/0+$/, '');
  if (kept.length > places) throw new RangeError(`more than ${places} decimals: ${text}`);
  return BigInt(whole) * 10n ** BigInt(places) + BigInt(kept.padEnd(places, '0') || '0');
}

/** Unit factors (`units.factor`) have at most 6 decimals. */
const FACTOR_PLACES = 6;

/**
 * A quantity of one unit in another of the same base: `thousandths × from / to`, where `from` and
 * `to` are the units' factors to their common base (g = 0.001 kg: 18 g in kg is 18000 × 0.001 / 1 =
 * 18, i.e. 0.018 kg), rounded half away from zero to thousandths.
 */
export function convertQuantity(thousandths: number, fromFactor: string, toFactor: string): number {
  const from = scaledDecimal(fromFactor, FACTOR_PLACES);
  const to = scaledDecimal(toFactor, FACTOR_PLACES);
  if (from === 0n || to === 0n) throw new RangeError('a unit factor must be more than 0');
  return Number(divideHalfAwayFromZero(BigInt(thousandths) * from, to));
}

/** A quantity times a factor (at most 6 decimals), half away from zero to thousandths. */
export function multiplyQuantity(thousandths: number, factor: string): number {
  return convertQuantity(thousandths, factor, '1');
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`. */
export function compareQuantities(a: number, b: number): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Rates of money per stock unit (`average_cost`) have at most 6 decimals of a minor unit. */
export const RATE_PLACES = 6;

/**
 * The money `thousandths` of a unit are worth at `rate` minor units per unit, rounded half away from
 * zero to a whole minor unit, with the quantity's sign (so an outflow's value is the negative of the
 * same inflow's).
 */
export function amountAtRate(thousandths: number, rate: string): number {
  const scaledRate = scaledDecimal(rate, RATE_PLACES);
  const amount = divideHalfAwayFromZero(BigInt(thousandths) * scaledRate, SCALE * 10n ** BigInt(RATE_PLACES));
  const value = Number(amount);
  if (!Number.isSafeInteger(value)) throw new RangeError('the amount is too large');
  return value;
}

/** A rate rounded half away from zero to a whole minor unit (what a screen shows). */
export function roundRate(rate: string): number {
  return Number(divideHalfAwayFromZero(scaledDecimal(rate, RATE_PLACES), 10n ** BigInt(RATE_PLACES)));
}
