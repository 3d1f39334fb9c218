import { INVENTORY_GROUP_LABELS } from '../../../../shared/contracts/inventory';
import type { StockCountLine } from '../../../../shared/contracts/stock-counts';
import { formatQuantity, parseQuantity, shortQuantity } from '../../../../shared/quantity';

/** Pure rules of the counting screen: what a typed quantity is, and what finishing will change. */

export { INVENTORY_GROUP_LABELS as GROUP_LABELS, shortQuantity };

/** A typed count: empty clears the line; otherwise 0 or more with at most 3 decimals (a comma is a point). */
export function readCounted(
  typed: string,
): { ok: true; counted: string | null } | { ok: false; message: string } {
  const text = typed.trim().replace(',', '.');
  if (text === '') return { ok: true, counted: null };
  const parsed = parseQuantity(text);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  if (parsed.value < 0) return { ok: false, message: 'must be 0 or more' };
  return { ok: true, counted: formatQuantity(parsed.value) };
}

/** Lines in storage order, in runs of one storage area (the walk through the walk-in, then the dry store). */
export function byStorageArea(lines: StockCountLine[]): { area: string | null; lines: StockCountLine[] }[] {
  const groups: { area: string | null; lines: StockCountLine[] }[] = [];
  for (const line of lines) {
    const last = groups[groups.length - 1];
    if (last && last.area === line.storageArea) last.lines.push(line);
    else groups.push({ area: line.storageArea, lines: [line] });
  }
  return groups;
}

export interface ExpectedChange {
  line: StockCountLine;
  /** Thousandths: counted − stock on the books when counted. */
  difference: number;
  /** Minor units at today's average cost (the server values it exactly when finishing). */
  value: number;
}

/** What finishing will write: one change per counted line that differs, and what it is worth. */
export function expectedChanges(lines: StockCountLine[]): {
  changes: ExpectedChange[];
  value: number;
  uncounted: number;
} {
  const changes: ExpectedChange[] = [];
  let uncounted = 0;
  for (const line of lines) {
    if (line.counted === null || line.onHandAtCount === null) {
      uncounted += 1;
      continue;
    }
    const counted = parseQuantity(line.counted);
    const books = parseQuantity(line.onHandAtCount);
    if (!counted.ok || !books.ok) continue;
    const difference = counted.value - books.value;
    if (difference !== 0) {
      // `|| 0`: a loss worth less than half a minor unit is 0, never "-0".
      changes.push({ line, difference, value: Math.round((difference * line.averageCost) / 1000) || 0 });
    }
  }
  return { changes, value: changes.reduce((sum, change) => sum + change.value, 0), uncounted };
}

/** "+1.5" / "-0.25": a difference as a person reads it. */
export function signedQuantity(thousandths: number): string {
  const text = shortQuantity(formatQuantity(thousandths));
  return thousandths > 0 ? `+${text}` : text;
}

/** A difference the server answered ("-1.000") as a person reads it ("-1"). */
export function signedText(text: string): string {
  const parsed = parseQuantity(text);
  return parsed.ok ? signedQuantity(parsed.value) : text;
}
