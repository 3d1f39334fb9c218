import { MAX_BALANCE_MINOR } from '../../../shared/contracts/fields';
import { currencyDigits, inputToMinor } from '../../../shared/money';

/**
 * The arithmetic of closing the day at the till, as the server does it when the day is closed: the
 * count typed (or added up from notes and coins), and how it compares with what should be in the
 * drawer (counted − expected: over when positive, short when negative).
 */

export const COUNT_FORMAT = 'Enter the cash counted, such as 245.50.';

/**
 * The count typed as text, in minor units: `null` while empty, an error for text that is not an
 * amount of 0 or more. Spaces are ignored.
 */
export function readCount(text: string, currency: string): { minor: number | null; error: string | null } {
  const cleaned = text.replace(/[\s\u00a0]/g, '');
  if (cleaned === '') return { minor: null, error: null };
  const minor = inputToMinor(cleaned, currency);
  if (minor === null) return { minor: null, error: COUNT_FORMAT };
  if (minor < 0) return { minor: null, error: 'The count cannot be negative.' };
  if (minor > MAX_BALANCE_MINOR) return { minor: null, error: 'The count is too large.' };
  return { minor, error: null };
}

export type DifferenceKind = 'over' | 'short' | 'exact';

export const DIFFERENCE_LABELS: Record<DifferenceKind, string> = {
  over: 'Over',
  short: 'Short',
  exact: 'Exact',
};

/** Over, short or exact, for counted − expected. */
export function differenceKind(difference: number): DifferenceKind {
  if (difference > 0) return 'over';
  if (difference < 0) return 'short';
  return 'exact';
}

/** The count against what should be there: the difference (counted − expected) and its kind. */
export function compareCount(
  counted: number,
  expected: number,
): { difference: number; kind: DifferenceKind; reasonNeeded: boolean } {
  const difference = counted - expected;
  return { difference, kind: differenceKind(difference), reasonNeeded: difference !== 0 };
}

/** A note or a coin of a currency, in minor units. */
export interface Denomination {
  value: number;
  kind: 'note' | 'coin';
}

/** Notes and coins in whole units of the currency, then coins in minor units, largest first. */
const DENOMINATIONS: Readonly<Record<string, { notes: number[]; coins: number[] }>> = {
  USD: { notes: [10_000, 5_000, 2_000, 1_000, 500, 100], coins: [25, 10, 5, 1] },
  EUR: { notes: [20_000, 10_000, 5_000, 2_000, 1_000, 500], coins: [200, 100, 50, 20, 10, 5, 2, 1] },
  GBP: { notes: [5_000, 2_000, 1_000, 500], coins: [200, 100, 50, 20, 10, 5, 2, 1] },
  CAD: { notes: [10_000, 5_000, 2_000, 1_000, 500], coins: [200, 100, 25, 10, 5] },
  AUD: { notes: [10_000, 5_000, 2_000, 1_000, 500], coins: [200, 100, 50, 20, 10, 5] },
  NZD: { notes: [10_000, 5_000, 2_000, 1_000, 500], coins: [200, 100, 50, 20, 10] },
  CHF: { notes: [100_000, 20_000, 10_000, 5_000, 2_000, 1_000], coins: [500, 200, 100, 50, 20, 10, 5] },
};

/**
 * The notes and coins of `currency` a drawer holds, largest first; empty for a currency this screen
 * does not know (the count is then typed as one amount).
 */
export function denominationsFor(currency: string): Denomination[] {
  const set = DENOMINATIONS[currency.toUpperCase()];
  if (!set) return [];
  return [
    ...set.notes.map((value) => ({ value, kind: 'note' as const })),
    ...set.coins.map((value) => ({ value, kind: 'coin' as const })),
  ];
}

/**
 * How many of each note or coin, as typed (by value): a count that is not a whole number of 0 or more
 * is left out of the sum and named in `invalid`.
 */
export function denominationTotal(counts: Readonly<Record<number, string>>): {
  total: number;
  invalid: number[];
  any: boolean;
} {
  let total = 0;
  let any = false;
  const invalid: number[] = [];
  for (const [key, text] of Object.entries(counts)) {
    const value = Number(key);
    const trimmed = text.trim();
    if (trimmed === '') continue;
    if (!/^\d{1,6}$/.test(trimmed)) {
      invalid.push(value);
      continue;
    }
    any = true;
    total += value * Number(trimmed);
  }
  return { total, invalid: invalid.sort((a, b) => b - a), any };
}

/** A note's or coin's name: `$20`, `$0.25` (whole units without decimals). */
export function denominationLabel(value: number, currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  const whole = value % 10 ** digits === 0;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : digits,
      maximumFractionDigits: whole ? 0 : digits,
    }).format(value / 10 ** digits);
  } catch {
    return `${(value / 10 ** digits).toFixed(whole ? 0 : digits)} ${currency}`;
  }
}
