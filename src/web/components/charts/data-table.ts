/**
 * A chart's numbers as rows: what its "Table" view shows and what its "Download CSV" file holds, from
 * the same rows. A cell has the text shown and the raw value written to the file (an amount in major
 * units without a currency sign, a count as a number), so a spreadsheet can add them up.
 */

export type CsvValue = string | number | null;

export interface DataCell {
  text: string;
  csv: CsvValue;
}

export interface DataColumn {
  label: string;
  /** Numbers are right-aligned. */
  numeric?: boolean;
}

export interface DataTable {
  columns: readonly DataColumn[];
  rows: readonly { key: string; cells: readonly DataCell[] }[];
}

/** A cell whose text is also its value in the file. */
export function textCell(text: string): DataCell {
  return { text, csv: text };
}

/** One CSV field: quoted when it holds a comma, a quote or a line break; a formula's first sign is defused. */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  let text = String(value);
  // A spreadsheet would run "=…", "+…", "-…", "@…" as a formula: text starting so gets a quote first
  // (negative numbers stay numbers).
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The table as CSV text (RFC 4180: CRLF between records), header first. */
export function toCsv(table: DataTable): string {
  const lines = [table.columns.map((column) => csvField(column.label)).join(',')];
  for (const row of table.rows) lines.push(row.cells.map((cell) => csvField(cell.csv)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** `sales-over-time-2026-03-01-to-2026-03-31.csv` (one day: `…-2026-03-01.csv`). */
export function csvFileName(name: string, period: { from: string; to: string }): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const days = period.from === period.to ? period.from : `${period.from}-to-${period.to}`;
  return `${slug || 'data'}-${days}.csv`;
}

/** Minor units as a plain decimal in major units for a file: 18450 → "184.50" (2 digits). */
export function minorAsDecimal(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const unit = 10 ** digits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`;
}
