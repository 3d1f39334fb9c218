import { MAX_BALANCE_MINOR } from '../../../../shared/contracts/fields';
import { inputToMinor } from '../../../../shared/money';

/**
 * The arithmetic of the reconciliation view, as the server checks it when the reconciliation closes
 * (docs/PRODUCT-RULES.md, Bank and cash ledger): the balance reconciled before (opening balance and
 * rows reconciled earlier) plus the rows ticked is the cleared balance, which must equal the
 * statement's closing balance to the minor unit.
 */

export interface ReconciliationSums {
  /** How many of the offered rows are ticked (a tick on a row no longer offered does not count). */
  tickedCount: number;
  /** Their sum, signed. */
  ticked: number;
  /** Reconciled before plus ticked. */
  cleared: number;
  /** Statement minus cleared; null while the statement's balance is not entered. */
  difference: number | null;
}

export function reconciliationSums(
  reconciledBalance: number,
  rows: readonly { id: string; amount: number }[],
  tickedIds: ReadonlySet<string>,
  statementBalance: number | null,
): ReconciliationSums {
  let tickedCount = 0;
  let ticked = 0;
  for (const row of rows) {
    if (!tickedIds.has(row.id)) continue;
    tickedCount += 1;
    ticked += row.amount;
  }
  const cleared = reconciledBalance + ticked;
  return {
    tickedCount,
    ticked,
    cleared,
    difference: statementBalance === null ? null : statementBalance - cleared,
  };
}

export const STATEMENT_BALANCE_FORMAT = 'Enter the balance such as 1250.00, or -120.00 for an overdraft.';

/**
 * The statement's closing balance typed as text, in minor units: `null` while empty (or only a
 * minus sign), an error for text that is not an amount. An overdraft is negative; a typographic minus
 * and spaces are accepted.
 */
export function readStatementBalance(
  text: string,
  currency: string,
): { minor: number | null; error: string | null } {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(/^[\u2212\u2013]/, '-');
  // Nothing yet, or only the sign of an overdraft being typed.
  if (cleaned === '' || cleaned === '-') return { minor: null, error: null };
  const minor = inputToMinor(cleaned, currency);
  if (minor === null) return { minor: null, error: STATEMENT_BALANCE_FORMAT };
  if (Math.abs(minor) > MAX_BALANCE_MINOR) return { minor: null, error: 'The balance is too large.' };
  return { minor, error: null };
}

/** Why a statement's day cannot be reconciled to, or null: empty, in the future, older than the last. */
export function statementDateProblem(
  date: string,
  today: string,
  lastStatementDate: string | null,
  formatDay: (day: string) => string,
): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'Enter the statement’s date.';
  if (date > today) return 'The statement’s date must not be in the future.';
  if (lastStatementDate && date < lastStatementDate) {
    return `The account was reconciled to a statement of ${formatDay(lastStatementDate)}: this one must not be older.`;
  }
  return null;
}
