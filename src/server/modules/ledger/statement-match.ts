import { CsvSyntaxError, parseCsv } from '../../lib/csv';
import { badRequest } from '../../lib/errors';

/**
 * A bank's statement export (CSV) read line by line, and its lines matched to ledger rows: by amount
 * to the minor unit, then by the nearest day (at most `MAX_DAYS_APART`), then by words the bank's
 * reference shares with the row's description. Each row is matched once.
 */

export interface StatementLine {
  /** Its record in the file (1 = the header). */
  row: number;
  date: string | null;
  /** Signed minor units: money in positive. */
  amount: number | null;
  reference: string;
  /** Why the line could not be read, if it could not. */
  problem: string | null;
}

export interface CandidateRow {
  id: string;
  amount: number;
  bookedOn: string;
  description: string;
}

/** How far a bank's booking day may be from the ledger's (weekends, clearing). */
export const MAX_DAYS_APART = 5;

const DATE_HEADERS = [
  'date',
  'booking date',
  'transaction date',
  'posted date',
  'posting date',
  'value date',
];
const AMOUNT_HEADERS = ['amount', 'value', 'transaction amount'];
const OUT_HEADERS = ['debit', 'paid out', 'money out', 'withdrawal', 'withdrawals', 'out'];
const IN_HEADERS = ['credit', 'paid in', 'money in', 'deposit', 'deposits', 'in'];
const REFERENCE_HEADERS = [
  'reference',
  'description',
  'details',
  'memo',
  'narrative',
  'payee',
  'name',
  'text',
];

const refuse = (message: string) => badRequest(message, { issues: [{ path: 'csv', message }] });

/** A header cell's name as compared: lower case, without a currency in brackets ("Amount (GBP)"). */
const headerName = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/\s*\([^)]*\)\s*$/, '');

function findColumn(headers: string[], names: string[]): number {
  return headers.findIndex((header) => names.includes(header));
}

/** A day from the ways banks write one; `dayFirst` decides 03/04/2026. Null when it is not a day. */
export function readDay(text: string, dayFirst: boolean): string | null {
  const value = text.trim();
  let year: number;
  let month: number;
  let day: number;
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T\s].*)?$/.exec(value);
  if (match) {
    [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(value);
    if (!match) return null;
    const [first, second] = [Number(match[1]), Number(match[2])];
    year = Number(match[3]) < 100 ? 2000 + Number(match[3]) : Number(match[3]);
    [day, month] = dayFirst ? [first, second] : [second, first];
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date.toISOString().slice(0, 10);
}

/**
 * An amount as banks write one ("-1,234.56", "1.234,56", "(12.50)", "£12.50", "12.50 CR") in minor
 * units of `digits` decimals; null when it is not one.
 */
export function readAmount(text: string, digits: number): number | null {
  let value = text.trim().replace(/[\s\u00a0']/g, '');
  if (value === '') return null;
  let sign = 1;
  if (/^\(.*\)$/.test(value)) {
    sign = -1;
    value = value.slice(1, -1);
  }
  if (/DR$/i.test(value)) {
    sign = -sign;
    value = value.slice(0, -2);
  } else if (/CR$/i.test(value)) value = value.slice(0, -2);
  value = value.replace(/^[^\d+-]+|[^\d]+$/g, '');
  if (value.startsWith('-')) {
    sign = -sign;
    value = value.slice(1);
  } else if (value.startsWith('+')) value = value.slice(1);
  value = value.replace(/^[^\d]+/, '');
  // The last separator followed by 1 or 2 digits (or `digits`) is the decimal point.
  const decimal = /[.,](\d{1,3})$/.exec(value);
  let whole = value;
  let fraction = '';
  if (
    decimal &&
    (decimal[1]?.length ?? 0) <= Math.max(digits, 2) &&
    !(decimal[1]?.length === 3 && digits < 3)
  ) {
    whole = value.slice(0, decimal.index);
    fraction = decimal[1] ?? '';
  }
  // Thousands are grouped by three ("1,234,567"), or not at all.
  if (!/^\d+$/.test(whole) && !/^\d{1,3}([.,]\d{3})+$/.test(whole)) return null;
  whole = whole.replace(/[.,]/g, '');
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction) || fraction.length > digits) return null;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) ? sign * minor : null;
}

/** The lines of a bank's CSV export: a header row naming a date and an amount (or paid out / paid in). */
export function readStatement(text: string, options: { digits: number; dayFirst: boolean }): StatementLine[] {
  let records: string[][];
  try {
    records = parseCsv(text).filter((record) => record.some((cell) => cell.trim() !== ''));
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw refuse(`The file is not CSV (line ${error.row}): ${error.message}`);
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw refuse('The file is empty.');
  const headers = header.map(headerName);
  const date = findColumn(headers, DATE_HEADERS);
  const amount = findColumn(headers, AMOUNT_HEADERS);
  const out = findColumn(headers, OUT_HEADERS);
  const into = findColumn(headers, IN_HEADERS);
  const references = headers.flatMap((name, index) => (REFERENCE_HEADERS.includes(name) ? [index] : []));
  if (date < 0 || (amount < 0 && (out < 0 || into < 0))) {
    throw refuse(
      'The first line must name the columns: a Date, and an Amount (or Paid out and Paid in, or Debit and Credit).',
    );
  }
  // A file whose days have a first part above 12 is day-first, a second part above 12 month-first.
  const shapes = rows.map((record) =>
    /^(\d{1,2})[-/.](\d{1,2})[-/.]\d{2,4}$/.exec((record[date] ?? '').trim()),
  );
  const dayFirst = shapes.some((shape) => shape && Number(shape[1]) > 12)
    ? true
    : shapes.some((shape) => shape && Number(shape[2]) > 12)
      ? false
      : options.dayFirst;
  return rows.map((record, index) => {
    const day = readDay(record[date] ?? '', dayFirst);
    let value: number | null;
    if (amount >= 0) {
      value = readAmount(record[amount] ?? '', options.digits);
    } else {
      const paidOut = (record[out] ?? '').trim() === '' ? 0 : readAmount(record[out] ?? '', options.digits);
      const paidIn = (record[into] ?? '').trim() === '' ? 0 : readAmount(record[into] ?? '', options.digits);
      value = paidOut === null || paidIn === null ? null : Math.abs(paidIn) - Math.abs(paidOut);
    }
    const problem =
      day === null
        ? `The date “${record[date] ?? ''}” is not a day.`
        : value === null
          ? 'The amount is not a number.'
          : null;
    return {
      row: index + 2,
      date: day,
      amount: value,
      reference: references
        .map((column) => (record[column] ?? '').trim())
        .filter(Boolean)
        .join(' · ')
        .slice(0, 300),
      problem,
    };
  });
}

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 3),
  );

function daysApart(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
}

/** Each readable line's ledger row (or null): the same amount, the nearest day, shared words first. */
export function matchStatement(lines: readonly StatementLine[], rows: readonly CandidateRow[]) {
  const used = new Set<string>();
  return lines.map((line) => {
    if (line.problem !== null || line.date === null || line.amount === null) return { line, rowId: null };
    const lineWords = words(line.reference);
    let best: { id: string; score: number } | null = null;
    for (const row of rows) {
      if (used.has(row.id) || row.amount !== line.amount) continue;
      const apart = daysApart(row.bookedOn, line.date);
      if (apart > MAX_DAYS_APART) continue;
      const shared = [...words(row.description)].filter((word) => lineWords.has(word)).length;
      const score = apart - Math.min(shared, 3) * 2;
      if (!best || score < best.score) best = { id: row.id, score };
    }
    if (best) used.add(best.id);
    return { line, rowId: best?.id ?? null };
  });
}
