import { useState } from 'react';
import { MAX_LINE_NOTE, type PointOfSaleItem } from '../../../../shared/contracts/orders';
import { formatMoney } from '../../../../shared/money';
import { Dialog } from '../../../components/ui/dialog';
import { AddChoicesButton, OptionPicker } from '../../../components/ui/option-picker';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { TextField } from '../../../components/ui/text-field';
import { choicesProblem, unitPriceWith } from './cart';
import type { MoneyFormat } from './money-format';

interface ModifierDialogProps {
  /** The item being added; null: closed. */
  item: PointOfSaleItem | null;
  money: MoneyFormat;
  onAdd: (add: { item: PointOfSaleItem; optionIds: string[]; quantity: number; note: string }) => void;
  onClose: () => void;
}

/**
 * The modifier picker: each group as radio buttons (at most one choice) or checkboxes, with what to
 * choose ("Choose 1", "Choose up to 3") and each option's price difference; then the quantity and a
 * note for the line. "Add" stays disabled, saying why, until every group's rule is met.
 */
export function ModifierDialog({ item, money, onAdd, onClose }: ModifierDialogProps) {
  return (
    <Dialog open={item !== null} onClose={onClose} title={item ? item.name : 'Choose options'}>
      {item && <ModifierForm key={item.id} item={item} money={money} onAdd={onAdd} />}
    </Dialog>
  );
}

function ModifierForm({
  item,
  money,
  onAdd,
}: {
  item: PointOfSaleItem;
  money: MoneyFormat;
  onAdd: ModifierDialogProps['onAdd'];
}) {
  const [optionIds, setOptionIds] = useState<string[]>([]);
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState('');
  const problem = choicesProblem(item, optionIds);
  const lineTotal = unitPriceWith(item, optionIds) * quantity;

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (problem) return;
        onAdd({ item, optionIds, quantity, note });
      }}
    >
      <p className="-mt-3 text-sm text-neutral-600 tabular-nums">
        {formatMoney(item.price, money.currency, money.locale)}
      </p>
      <OptionPicker
        groups={item.modifierGroups}
        optionIds={optionIds}
        onChange={setOptionIds}
        money={money}
      />
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-neutral-800">Quantity</span>
        <QuantityStepper value={quantity} onChange={setQuantity} name={item.name} size="lg" />
      </div>
      <TextField
        label="Note for this item"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        maxLength={MAX_LINE_NOTE}
        placeholder="No onions, extra hot…"
        autoComplete="off"
      />
      <AddChoicesButton problem={problem} className="border-t border-neutral-200 pt-4">
        Add to order · {formatMoney(lineTotal, money.currency, money.locale)}
      </AddChoicesButton>
    </form>
  );
}
