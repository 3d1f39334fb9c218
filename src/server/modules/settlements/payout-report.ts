import type { PayoutMatch } from '../../../shared/contracts/settlements';
import { CsvSyntaxError, parseCsv } from '../../lib/csv';
import { badRequest } from '../../lib/errors';
import { readAmount } from '../ledger';
import type { PayoutRow } from './settlements.schema';

/**
 * A partner's payout report (CSV, one row per order: the partner's reference, and what it paid for the
 * order; the gross and commission when the file has them) read, and matched to a settlement's orders by
 * the partner's reference, whatever its case.
 */

const REFERENCE_HEADERS = [
  'reference',
  'order reference',
  'order id',
  'order',
  'order number',
  'order no',
  'id',
];
const GROSS_HEADERS = ['gross', 'order total', 'total', 'subtotal', 'sales', 'order value'];
const COMMISSION_HEADERS = ['commission', 'fee', 'fees', 'commission fee', 'service fee'];
const PAYOUT_HEADERS = ['payout', 'net', 'net payout', 'amount paid', 'paid', 'payout amount', 'amount'];

/** The most rows a report may have. */
export const MAX_PAYOUT_ROWS = 5000;

const refuse = (message: string) => badRequest(message, { issues: [{ path: 'file', message }] });

const headerName = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/[_-]+/g, ' ');

const find = (headers: string[], names: string[]) => headers.findIndex((header) => names.includes(header));

/** The readable rows of a report (amounts in minor units of `digits` decimals) and the rows that are not. */
export function readPayoutReport(
  text: string,
  digits: number,
): { rows: PayoutRow[]; problems: { row: number; problem: string }[] } {
  let records: string[][];
  try {
    records = parseCsv(text.replace(/^\uFEFF/, '')).filter((record) =>
      record.some((cell) => cell.trim() !== ''),
    );
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw refuse(`The file is not CSV (line ${error.row}): ${error.message}`);
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw refuse('The file is empty.');
  if (body.length > MAX_PAYOUT_ROWS) throw refuse(`The file has more than ${MAX_PAYOUT_ROWS} rows.`);
  const headers = header.map(headerName);
  const reference = find(headers, REFERENCE_HEADERS);
  const payout = find(headers, PAYOUT_HEADERS);
  const gross = find(headers, GROSS_HEADERS);
  const commission = find(headers, COMMISSION_HEADERS);
  if (reference < 0 || payout < 0) {
    throw refuse('The first line must name the columns: a Reference (the partner’s order id) and a Payout.');
  }
  const rows: PayoutRow[] = [];
  const problems: { row: number; problem: string }[] = [];
  const seen = new Set<string>();
  body.forEach((record, index) => {
    const row = index + 2;
    const ref = (record[reference] ?? '').trim();
    if (!ref) {
      problems.push({ row, problem: 'The reference is empty.' });
      return;
    }
    const amount = (column: number) =>
      column < 0 || (record[column] ?? '').trim() === '' ? null : readAmount(record[column] ?? '', digits);
    const paid = amount(payout);
    if (paid === null) {
      problems.push({ row, problem: `The payout of ${ref} is not an amount.` });
      return;
    }
    const grossAmount = amount(gross);
    const commissionAmount = amount(commission);
    if (
      (gross >= 0 && (record[gross] ?? '').trim() !== '' && grossAmount === null) ||
      (commission >= 0 && (record[commission] ?? '').trim() !== '' && commissionAmount === null)
    ) {
      problems.push({ row, problem: `The gross or commission of ${ref} is not an amount.` });
      return;
    }
    const key = ref.toLowerCase();
    if (seen.has(key)) {
      problems.push({ row, problem: `${ref} is in the file twice: only its first row counts.` });
      return;
    }
    seen.add(key);
    rows.push({
      row,
      reference: ref.slice(0, 100),
      gross: grossAmount,
      commission: commissionAmount === null ? null : Math.abs(commissionAmount),
      payout: paid,
    });
  });
  return { rows, problems };
}

export interface SettledOrder {
  orderId: string;
  number: number;
  partnerReference: string;
  gross: number;
  commission: number;
}

/** The report's rows against the settlement's orders: matched, missing and unknown, each difference in money. */
export function matchPayout(
  orders: readonly SettledOrder[],
  report: { rows: readonly PayoutRow[]; problems: readonly { row: number; problem: string }[] },
): Pick<PayoutMatch, 'matched' | 'missing' | 'unknown' | 'problems' | 'totals'> {
  const byReference = new Map<string, SettledOrder>();
  for (const order of orders) {
    const key = order.partnerReference.trim().toLowerCase();
    if (key && !byReference.has(key)) byReference.set(key, order);
  }
  const paidFor = new Set<string>();
  const matched: PayoutMatch['matched'] = [];
  const unknown: PayoutMatch['unknown'] = [];
  for (const row of report.rows) {
    const reported = { gross: row.gross, commission: row.commission, payout: row.payout };
    const order = byReference.get(row.reference.toLowerCase());
    if (!order) {
      unknown.push({ row: row.row, reference: row.reference, reported, difference: row.payout });
      continue;
    }
    paidFor.add(order.orderId);
    const expected = {
      gross: order.gross,
      commission: order.commission,
      payout: order.gross - order.commission,
    };
    matched.push({
      row: row.row,
      orderId: order.orderId,
      number: order.number,
      reference: row.reference,
      expected,
      reported,
      difference: row.payout - expected.payout,
    });
  }
  const missing = orders
    .filter((order) => !paidFor.has(order.orderId))
    .map((order) => ({
      orderId: order.orderId,
      number: order.number,
      reference: order.partnerReference,
      expectedPayout: order.gross - order.commission,
      difference: -(order.gross - order.commission),
    }));
  const expected = orders.reduce((sum, order) => sum + order.gross - order.commission, 0);
  const reported = report.rows.reduce((sum, row) => sum + row.payout, 0);
  return {
    matched,
    missing,
    unknown,
    problems: [...report.problems],
    totals: { expected, reported, difference: reported - expected },
  };
}

/** Orders the report leaves unpaid or pays differently. */
export const disputedCount = (match: Pick<PayoutMatch, 'matched' | 'missing'>) =>
  match.matched.filter((row) => row.difference !== 0).length + match.missing.length;
