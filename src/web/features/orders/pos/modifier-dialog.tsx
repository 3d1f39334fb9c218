import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { MAX_LINE_NOTE, type PointOfSaleItem } from '../../../../shared/contracts/orders';
import { formatMoney } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { TextField } from '../../../components/ui/text-field';
import {
  type ChosenOption,
  choiceHint,
  choicesProblem,
  formatDelta,
  isSingleChoice,
  type ModifierGroup,
  toggleOption,
  unitPriceWith,
} from './cart';
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
  const problemId = useId();
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
      {item.modifierGroups.map((group) => (
        <GroupChoices
          key={group.id}
          group={group}
          optionIds={optionIds}
          money={money}
          onToggle={(optionId) => setOptionIds((current) => toggleOption(group, current, optionId))}
          onClear={() =>
            setOptionIds((current) =>
              current.filter((id) => !group.options.some((option) => option.id === id)),
            )
          }
        />
      ))}
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
      <div className="flex flex-col gap-2 border-t border-neutral-200 pt-4">
        {problem && (
          <p id={problemId} className="text-sm font-medium text-amber-800">
            {problem}
          </p>
        )}
        <Button
          type="submit"
          size="lg"
          fullWidth
          disabled={problem !== null}
          aria-describedby={problem ? problemId : undefined}
        >
          Add to order · {formatMoney(lineTotal, money.currency, money.locale)}
        </Button>
      </div>
    </form>
  );
}

function GroupChoices({
  group,
  optionIds,
  money,
  onToggle,
  onClear,
}: {
  group: ModifierGroup;
  optionIds: string[];
  money: MoneyFormat;
  onToggle: (optionId: string) => void;
  onClear: () => void;
}) {
  const hintId = useId();
  const radioName = useId();
  const single = isSingleChoice(group);
  const chosenHere = group.options.filter((option) => optionIds.includes(option.id));
  const full = !single && chosenHere.length >= group.maxChoices;
  const required = group.minChoices > 0;

  const rows: { key: string; option: ChosenOption | null; label: string; delta: string }[] = [
    ...(single && !required ? [{ key: 'none', option: null, label: 'None', delta: '' }] : []),
    ...group.options.map((option) => ({
      key: option.id,
      option: { ...option, groupName: group.name },
      label: option.name,
      delta: formatDelta(option.priceDelta, money.currency, money.locale),
    })),
  ];

  return (
    <fieldset aria-describedby={hintId} className="flex flex-col gap-2">
      <legend className="flex w-full items-baseline justify-between gap-3">
        <span className="font-medium text-neutral-950">{group.name}</span>
      </legend>
      <p id={hintId} className="-mt-1 text-sm text-neutral-600">
        {choiceHint(group)}
        {required ? ' (required)' : ''}
      </p>
      <div className="flex flex-col gap-1.5">
        {rows.map((row) => {
          const checked = row.option ? optionIds.includes(row.option.id) : chosenHere.length === 0;
          const disabled = !checked && full;
          return (
            <label
              key={row.key}
              className={clsx(
                'flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-neutral-950',
                checked
                  ? 'border-neutral-950 bg-neutral-50 text-neutral-950'
                  : 'border-neutral-300 text-neutral-800 hover:border-neutral-400',
                disabled && 'cursor-not-allowed text-neutral-500',
              )}
            >
              <input
                type={single ? 'radio' : 'checkbox'}
                name={single ? radioName : undefined}
                checked={checked}
                disabled={disabled}
                onChange={() => (row.option ? onToggle(row.option.id) : onClear())}
                className="size-5 shrink-0 accent-neutral-950"
              />
              <span className="min-w-0 flex-1 break-words">{row.label}</span>
              {row.delta && <span className="shrink-0 text-neutral-700 tabular-nums">{row.delta}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
