import { useRef } from 'react';
import toast from 'react-hot-toast';
import {
  type InventoryItem,
  MAX_MOVEMENT_NOTE,
  MAX_MOVEMENT_REASON,
  type StockMovementInput,
  StockMovementInputSchema,
  WASTE_REASONS,
  type WasteReason,
} from '../../../../shared/contracts/inventory';
import type { Unit } from '../../../../shared/contracts/master-data';
import { shortQuantity } from '../../../../shared/quantity';
import { Button } from '../../../components/ui/button';
import { SegmentedChoice } from '../../../components/ui/segmented-choice';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { type Conversion, useSchemaForm } from '../../../lib/use-schema-form';
import { useRecordMovement } from '../api/inventory-api';

export const WASTE_REASON_LABELS: Record<WasteReason, string> = {
  spoiled: 'Spoiled',
  dropped: 'Dropped',
  expired: 'Expired',
  'staff-meal': 'Staff meal',
  other: 'Other',
};

type Kind = 'adjustment' | 'waste';
const KIND_LABELS: Record<Kind, string> = { adjustment: 'Adjustment', waste: 'Waste' };

interface MovementValues {
  type: Kind;
  quantity: string;
  unitId: string;
  reason: string;
  wasteReason: WasteReason;
  note: string;
}

/** The units a quantity of `item` may be typed in: its stock unit first, then the others of the same base. */
export function unitsOfSameBase(item: InventoryItem, units: readonly Unit[]): Unit[] {
  const stock = units.find((unit) => unit.id === item.unitId);
  if (!stock) return [];
  const base = stock.baseUnitId ?? stock.id;
  return [stock, ...units.filter((unit) => unit.id !== stock.id && (unit.baseUnitId ?? unit.id) === base)];
}

export function movementInput(item: InventoryItem, values: MovementValues): Conversion {
  const note = values.note.trim();
  return {
    input: {
      itemId: item.id,
      type: values.type,
      quantity: values.quantity.trim().replace(',', '.'),
      reason: values.type === 'waste' ? values.wasteReason : values.reason,
      ...(note ? { note } : {}),
      ...(values.unitId && values.unitId !== item.unitId ? { unitId: values.unitId } : {}),
    },
  };
}

/**
 * Records what the books missed: an adjustment (a signed quantity and why) or waste (how much went in
 * the bin and why), valued at the item's average cost. A movement is never edited: a mistake is put
 * right by another one.
 */
export function MovementForm({ item, units }: { item: InventoryItem; units: readonly Unit[] }) {
  const record = useRecordMovement();
  const initial: MovementValues = {
    type: 'waste',
    quantity: '',
    unitId: item.unitId,
    reason: '',
    wasteReason: 'spoiled',
    note: '',
  };
  const form = useSchemaForm<MovementValues, StockMovementInput>({
    schema: StockMovementInputSchema,
    initialValues: initial,
    convert: (values) => movementInput(item, values),
  });
  const kindRef = useRef<Kind>(form.values.type);
  kindRef.current = form.values.type;
  const busy = form.submitting;
  const choices = unitsOfSameBase(item, units);
  const waste = form.values.type === 'waste';

  const submit = form.handleSubmit(async (input) => {
    const result = await record.mutateAsync(input);
    const moved = shortQuantity(result.movement.quantity);
    toast.success(
      `${waste ? 'Waste' : 'Adjustment'} recorded: ${moved} ${item.unitSymbol}, now ${shortQuantity(result.item.onHand)} ${item.unitSymbol}`,
    );
    // The kind chosen now, which may have changed while the movement was on its way.
    form.reset({ ...initial, type: kindRef.current });
  });

  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      <SegmentedChoice
        legend="What to record"
        options={['waste', 'adjustment'] as const}
        labels={KIND_LABELS}
        value={form.values.type}
        onChange={(type) => form.setField('type', type)}
      />
      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <TextField
          label={waste ? 'Quantity wasted' : 'Change (+ or −)'}
          value={form.values.quantity}
          inputMode={waste ? 'decimal' : 'text'}
          autoComplete="off"
          placeholder={waste ? '1.5' : '-2 or 3'}
          disabled={busy}
          error={form.errorOf('quantity')}
          onChange={(event) => form.setField('quantity', event.target.value)}
        />
        {choices.length > 1 ? (
          <SelectField
            label="Unit"
            value={form.values.unitId}
            disabled={busy}
            onChange={(event) => form.setField('unitId', event.target.value)}
          >
            {choices.map((unit) => (
              <option key={unit.id} value={unit.id}>
                {unit.symbol}
              </option>
            ))}
          </SelectField>
        ) : (
          <p className="self-end pb-3 text-sm text-neutral-700">{item.unitSymbol}</p>
        )}
      </div>
      {waste ? (
        <SelectField
          label="Reason"
          value={form.values.wasteReason}
          disabled={busy}
          onChange={(event) => form.setField('wasteReason', event.target.value as WasteReason)}
        >
          {WASTE_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {WASTE_REASON_LABELS[reason]}
            </option>
          ))}
        </SelectField>
      ) : (
        <TextField
          label="Reason"
          value={form.values.reason}
          maxLength={MAX_MOVEMENT_REASON}
          autoComplete="off"
          placeholder="Found a case in the cellar"
          disabled={busy}
          error={form.errorOf('reason')}
          onChange={(event) => form.setField('reason', event.target.value)}
        />
      )}
      {(!waste || form.values.wasteReason === 'other') && (
        <TextField
          label={waste ? 'What happened' : 'Note (optional)'}
          value={form.values.note}
          maxLength={MAX_MOVEMENT_NOTE}
          autoComplete="off"
          disabled={busy}
          error={form.errorOf('note')}
          onChange={(event) => form.setField('note', event.target.value)}
        />
      )}
      {form.formError && (
        <p role="alert" className="text-sm text-red-700">
          {form.formError}
        </p>
      )}
      <Button type="submit" isLoading={busy} disabled={!item.active} className="self-start">
        {busy ? 'Recording...' : waste ? 'Record waste' : 'Record adjustment'}
      </Button>
      {!item.active && <p className="text-sm text-neutral-600">An archived item takes no movements.</p>}
    </form>
  );
}
