/**
 * CSV files for spreadsheets (RFC 4180: comma-separated, CRLF, quotes doubled). A text cell that a
 * spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage return) is written
 * with a leading apostrophe (one more when it already starts with apostrophes), so a name typed by one
 * person cannot run in another's spreadsheet, and `parseCsv` reads it back as it was;
 * decimals the app writes itself (`-2.500`) go through `decimalCell` and are kept as written.
 */
export type CsvCell = string | number | boolean | null | undefined | { decimal: string };

/** A formula start, or one already behind apostrophes (so `'=x` typed by a person comes back as `'=x`). */
const FORMULA_START = /^'*[=+\-@\t\r]/;
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

/** A file that is not CSV as read here: an unclosed quote, or text after a closing quote. */
export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    /** The record (1 = the header) where it was found. */
    readonly row: number,
  ) {
    super(message);
  }
}

const ESCAPED_FORMULA = /^''*[=+\-@\t\r]/;

/**
 * The records of a CSV file as cells of text (RFC 4180 as spreadsheets write it): comma-separated,
 * lines ended by CRLF, LF or CR, quoted fields holding commas, quotes doubled and line breaks, a
 * byte-order mark ignored. A cell `toCsv` wrote with a leading apostrophe so a spreadsheet would not
 * run it (`'=SUM(A1)`) is read back as written (`=SUM(A1)`); any other apostrophe stays.
 */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let value = '';
  let quoted = false;
  let index = 0;
  const endCell = () => {
    record.push(quoted ? value : ESCAPED_FORMULA.test(value) ? value.slice(1) : value);
    value = '';
    quoted = false;
  };
  const endRecord = () => {
    endCell();
    records.push(record);
    record = [];
  };
  while (index < source.length) {
    const character = source[index] as string;
    if (character === '"' && value === '' && !quoted) {
      // A quoted field: read to its closing quote.
      let end = index + 1;
      let inner = '';
      for (;;) {
        const next = source.indexOf('"', end);
        if (next === -1) throw new CsvSyntaxError('a quoted cell is not closed', records.length + 1);
        inner += source.slice(end, next);
        if (source[next + 1] === '"') {
          inner += '"';
          end = next + 2;
          continue;
        }
        index = next + 1;
        break;
      }
      const after = source[index];
      if (after !== undefined && after !== ',' && after !== '\r' && after !== '\n') {
        throw new CsvSyntaxError('a quoted cell has text after its closing quote', records.length + 1);
      }
      value = ESCAPED_FORMULA.test(inner) ? inner.slice(1) : inner;
      quoted = true;
      continue;
    }
    if (character === ',') {
      endCell();
      index += 1;
    } else if (character === '\r' || character === '\n') {
      endRecord();
      index += character === '\r' && source[index + 1] === '\n' ? 2 : 1;
    } else {
      if (quoted) {
        throw new CsvSyntaxError('a quoted cell has text after its closing quote', records.length + 1);
      }
      value += character;
      index += 1;
    }
  }
  // The last record when the file does not end with a line break.
  if (value !== '' || quoted || record.length > 0) endRecord();
  return records;
}
