import { Plus, Trash2 } from 'lucide-react';
import type { InventoryItem } from '../../../../shared/contracts/inventory';
import {
  lineTotal,
  type PurchaseOrder,
  type PurchaseOrderLineInput,
} from '../../../../shared/contracts/purchase-orders';
import { formatMoney, inputToMinor, minorToInput } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { MoneyField } from '../../../components/ui/money-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { OrderChoices } from '../api/purchase-orders-api';
import { costFor, shortQuantity, typedQuantity, unitChoices } from './format';

/** A line as the form holds it: what was typed. */
export interface DraftLine {
  key: string;
  inventoryItemId: string;
  quantity: string;
  unitId: string;
  /** In major units, as typed ("4.50"). */
  cost: string;
}

let nextKey = 0;
const newKey = () => {
  nextKey += 1;
  return `line-${nextKey}`;
};

/** A new line for `item`: in its purchase unit when it has one, at its average cost. */
export function draftLineFor(item: InventoryItem, currency: string): DraftLine {
  const unitId = item.purchaseUnitId && item.purchaseFactor ? item.purchaseUnitId : item.unitId;
  return {
    key: newKey(),
    inventoryItemId: item.id,
    quantity: '1',
    unitId,
    cost: minorToInput(costFor(item, unitId), currency),
  };
}

/** The order's lines as the form holds them. */
export function draftLinesOf(order: PurchaseOrder): DraftLine[] {
  return order.lines.map((line) => ({
    key: newKey(),
    inventoryItemId: line.inventoryItemId,
    quantity: shortQuantity(line.quantity),
    unitId: line.unitId,
    cost: minorToInput(line.unitCost, order.currency),
  }));
}

/** The lines as the API takes them, or the first problem per line (by key). */
export function linesInput(
  lines: DraftLine[],
  currency: string,
):
  | { ok: true; lines: PurchaseOrderLineInput[] }
  | { ok: false; errors: Record<string, { quantity?: string; cost?: string }> } {
  const errors: Record<string, { quantity?: string; cost?: string }> = {};
  const input: PurchaseOrderLineInput[] = [];
  for (const line of lines) {
    const quantity = typedQuantity(line.quantity);
    const cost = inputToMinor(line.cost.trim() === '' ? '0' : line.cost, currency);
    if (quantity === null) errors[line.key] = { quantity: 'Enter a quantity above 0, at most 3 decimals.' };
    if (cost === null || cost < 0)
      errors[line.key] = { ...errors[line.key], cost: 'Enter a cost such as 4.50.' };
    if (quantity !== null && cost !== null && cost >= 0) {
      input.push({
        inventoryItemId: line.inventoryItemId,
        quantity: line.quantity.replace(',', '.').trim(),
        unitId: line.unitId,
        unitCost: cost,
      });
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, lines: input };
}

interface LinesEditorProps {
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  choices: OrderChoices;
  supplierId: string;
  currency: string;
  locale: string;
  errors?: Record<string, { quantity?: string; cost?: string }>;
  disabled?: boolean;
}

/**
 * A draft's lines: per line the item, the quantity in its purchase or stock unit, and the cost per
 * that unit, with the line's total; the supplier's own items are listed first.
 */
export function LinesEditor({
  lines,
  onChange,
  choices,
  supplierId,
  currency,
  locale,
  errors = {},
  disabled,
}: LinesEditorProps) {
  const itemsById = new Map(choices.items.map((item) => [item.id, item]));
  const ordered = [
    ...choices.items.filter((item) => item.preferredSupplierId === supplierId),
    ...choices.items.filter((item) => item.preferredSupplierId !== supplierId),
  ];
  const change = (key: string, patch: Partial<DraftLine>) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, ...patch } : line)));

  function chooseItem(key: string, itemId: string) {
    const item = itemsById.get(itemId);
    if (!item) return;
    const fresh = draftLineFor(item, currency);
    change(key, { inventoryItemId: itemId, unitId: fresh.unitId, cost: fresh.cost });
  }

  function chooseUnit(line: DraftLine, unitId: string) {
    const item = itemsById.get(line.inventoryItemId);
    change(line.key, { unitId, ...(item ? { cost: minorToInput(costFor(item, unitId), currency) } : {}) });
  }

  function addLine() {
    const used = new Set(lines.map((line) => line.inventoryItemId));
    const item = ordered.find((candidate) => !used.has(candidate.id)) ?? ordered[0];
    if (item) onChange([...lines, draftLineFor(item, currency)]);
  }

  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col gap-3">
        {lines.map((line, index) => {
          const item = itemsById.get(line.inventoryItemId);
          const quantity = typedQuantity(line.quantity);
          const cost = inputToMinor(line.cost.trim() === '' ? '0' : line.cost, currency);
          const total = quantity !== null && cost !== null ? lineTotal(quantity, cost) : null;
          const unitLabel = item
            ? (unitChoices(item, choices.units).find((unit) => unit.id === line.unitId)?.label ?? '')
            : '';
          return (
            <li
              key={line.key}
              data-testid="draft-line"
              className="grid grid-cols-2 gap-3 rounded-lg border border-neutral-200 p-3 md:grid-cols-[minmax(0,2.2fr)_minmax(0,1fr)_minmax(0,1.3fr)_minmax(0,1.3fr)_auto] md:items-end"
            >
              <SelectField
                label={`Line ${index + 1}: item`}
                value={line.inventoryItemId}
                disabled={disabled}
                onChange={(event) => chooseItem(line.key, event.target.value)}
                className="col-span-2 md:col-span-1"
              >
                {!item && <option value={line.inventoryItemId}>(archived item)</option>}
                {ordered.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                    {candidate.lowStock ? ' (low)' : ''}
                  </option>
                ))}
              </SelectField>
              <TextField
                label="Quantity"
                inputMode="decimal"
                value={line.quantity}
                disabled={disabled}
                error={errors[line.key]?.quantity}
                onChange={(event) => change(line.key, { quantity: event.target.value })}
              />
              <SelectField
                label="Unit"
                value={line.unitId}
                disabled={disabled || !item}
                onChange={(event) => chooseUnit(line, event.target.value)}
              >
                {item ? (
                  unitChoices(item, choices.units).map((unit) => (
                    <option key={unit.id} value={unit.id}>
                      {unit.label}
                    </option>
                  ))
                ) : (
                  <option value={line.unitId}>{unitLabel}</option>
                )}
              </SelectField>
              <MoneyField
                label="Cost per unit"
                currency={currency}
                value={line.cost}
                disabled={disabled}
                error={errors[line.key]?.cost}
                onChange={(event) => change(line.key, { cost: event.target.value })}
              />
              <div className="flex h-11 items-center justify-between gap-2 self-end">
                <span className="text-sm font-medium text-neutral-900 tabular-nums">
                  <span className="sr-only">Line total </span>
                  {total === null ? '—' : formatMoney(total, currency, locale)}
                </span>
                <Button
                  variant="ghost"
                  aria-label={`Remove line ${index + 1}`}
                  disabled={disabled || lines.length === 1}
                  onClick={() => onChange(lines.filter((other) => other.key !== line.key))}
                  className="px-3 text-red-700 hover:bg-red-50 hover:text-red-800"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        onClick={addLine}
        disabled={disabled || choices.items.length === 0}
        className="self-start"
      >
        <Plus aria-hidden="true" className="size-4" />
        Add line
      </Button>
    </div>
  );
}

/** The sum of the lines' totals that can be read, in minor units. */
export function draftTotal(lines: DraftLine[], currency: string): number {
  return lines.reduce((total, line) => {
    const quantity = typedQuantity(line.quantity);
    const cost = inputToMinor(line.cost.trim() === '' ? '0' : line.cost, currency);
    return quantity !== null && cost !== null ? total + lineTotal(quantity, cost) : total;
  }, 0);
}
