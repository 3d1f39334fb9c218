/**
 * CSV files for spreadsheets (RFC 4180: comma-separated, CRLF, quotes doubled). A text cell that a
 * spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage return) is written
 * with a leading apostrophe, so a name typed by one person cannot run in another's spreadsheet;
 * decimals the app writes itself (`-2.500`) go through `decimalCell` and are kept as written.
 */
export type CsvCell = string | number | boolean | null | undefined | { decimal: string };

const FORMULA_START = /^[=+\-@\t\r]/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A decimal the app wrote ("-2.500", "12.50"), kept as written, trailing zeros and all. */
export function decimalCell(text: string): CsvCell {
  if (!DECIMAL.test(text)) throw new Error(`not a decimal: ${text}`);
  return { decimal: text };
}

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return value.decimal;
  if (typeof value !== 'string') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return `${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
