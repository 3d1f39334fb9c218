import type { InventoryItem } from '../../../../shared/contracts/inventory';
import type { Unit } from '../../../../shared/contracts/master-data';
import { lineTotal } from '../../../../shared/contracts/purchase-orders';
import { formatQuantity, parseQuantity, shortQuantity } from '../../../../shared/quantity';

/** `2026-01-31` → "31 Jan 2026". */
export function dayLabel(day: string, locale: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)));
}

/** The units a line of `item` may be in: its purchase unit first (what is usually ordered), then its stock unit. */
export function unitChoices(item: InventoryItem, units: Map<string, Unit>): { id: string; label: string }[] {
  const choices: { id: string; label: string }[] = [];
  if (item.purchaseUnitId && item.purchaseFactor) {
    const symbol = units.get(item.purchaseUnitId)?.symbol ?? 'unit';
    choices.push({
      id: item.purchaseUnitId,
      label: `${symbol} (${shortQuantity(item.purchaseFactor)} ${item.unitSymbol})`,
    });
  }
  choices.push({ id: item.unitId, label: item.unitSymbol });
  return choices;
}

/** The item's average cost for one `unitId` (its purchase unit holds `purchaseFactor` stock units). */
export function costFor(item: InventoryItem, unitId: string): number {
  if (unitId === item.purchaseUnitId && item.purchaseFactor) {
    const factor = parseQuantity(item.purchaseFactor);
    if (factor.ok) return lineTotal(factor.value, item.averageCost);
  }
  return item.averageCost;
}

/** A typed quantity in thousandths, or null when it is not a positive one with at most 3 decimals. */
export function typedQuantity(text: string): number | null {
  const parsed = parseQuantity(text.replace(',', '.'));
  return parsed.ok && parsed.value > 0 ? parsed.value : null;
}

export { formatQuantity, shortQuantity };
