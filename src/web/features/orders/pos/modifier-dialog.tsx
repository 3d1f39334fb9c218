import { useId, useState } from 'react';
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

interface Choice {
  /** The item these choices are for: another item (or the dialog closing) starts them again. */
  itemId: string | null;
  optionIds: string[];
  quantity: number;
  note: string;
}

const fresh = (itemId: string | null): Choice => ({ itemId, optionIds: [], quantity: 1, note: '' });

/**
 * The modifier picker: each group as radio buttons (at most one choice) or checkboxes, with what to
 * choose ("Choose 1", "Choose up to 3") and each option's price difference; then the quantity and a
 * note for the line. "Add" stays disabled, saying why, until every group's rule is met. The options
 * scroll and "Add to order" stays at the bottom of the dialog, on a phone and a tablet alike.
 */
export function ModifierDialog({ item, money, onAdd, onClose }: ModifierDialogProps) {
  const formId = useId();
  const [choice, setChoice] = useState<Choice>(() => fresh(item?.id ?? null));
  const itemId = item?.id ?? null;
  if (choice.itemId !== itemId) setChoice(fresh(itemId));
  const current = choice.itemId === itemId ? choice : fresh(itemId);
  const change = (patch: Partial<Choice>) => setChoice((previous) => ({ ...previous, ...patch }));

  const problem = item ? choicesProblem(item, current.optionIds) : null;
  const lineTotal = item ? unitPriceWith(item, current.optionIds) * current.quantity : 0;

  return (
    <Dialog
      open={item !== null}
      onClose={onClose}
      title={item ? item.name : 'Choose options'}
      footer={
        item && (
          <AddChoicesButton problem={problem} form={formId}>
            Add to order · {formatMoney(lineTotal, money.currency, money.locale)}
          </AddChoicesButton>
        )
      }
    >
      {item && (
        <form
          id={formId}
          className="flex flex-col gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            if (problem) return;
            onAdd({ item, optionIds: current.optionIds, quantity: current.quantity, note: current.note });
          }}
        >
          <p className="-mt-3 text-sm text-neutral-600 tabular-nums">
            {formatMoney(item.price, money.currency, money.locale)}
          </p>
          <OptionPicker
            groups={item.modifierGroups}
            optionIds={current.optionIds}
            onChange={(optionIds) => change({ optionIds })}
            money={money}
          />
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-neutral-800">Quantity</span>
            <QuantityStepper
              value={current.quantity}
              onChange={(quantity) => change({ quantity })}
              name={item.name}
              size="lg"
            />
          </div>
          <TextField
            label="Note for this item"
            value={current.note}
            onChange={(event) => change({ note: event.target.value })}
            maxLength={MAX_LINE_NOTE}
            placeholder="No onions, extra hot…"
            autoComplete="off"
          />
        </form>
      )}
    </Dialog>
  );
}
