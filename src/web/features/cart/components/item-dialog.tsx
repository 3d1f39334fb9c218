import { clsx } from 'clsx';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import type { PublicMenu, PublicMenuItem } from '../../../../shared/contracts/menu';
import { allergenLabel } from '../../../../shared/menu-catalog';
import {
  choiceHint,
  choicesProblem,
  isSingleChoice,
  type ModifierGroup,
  toggleOption,
  unitPriceWith,
} from '../../../../shared/modifier-choices';
import { formatMoney } from '../../../../shared/money';
import { MAX_LINE_NOTE } from '../../../../shared/order-limits';
import { Button } from '../../../components/ui/button';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { TagBadge } from '../../../components/ui/tag-badge';
import { TextField } from '../../../components/ui/text-field';
import { pictureSources } from '../../../lib/image-urls';
import { formatDelta, type MoneyFormat } from '../cart-format';
import { addToCart, lineFor } from '../cart-store';
import { Sheet, SheetFooter } from './sheet';

interface ItemDialogProps {
  item: PublicMenuItem;
  restaurant: PublicMenu['restaurant'];
  onClose: () => void;
}

/** The photo's width on a wide screen, in CSS pixels (the sheet is at most 32rem wide). */
const PHOTO_WIDTH = 512;

/**
 * A dish opened from `/`: its photo, description, tags and allergens, each group of choices
 * with what to choose and each option's price difference, the quantity and a note, and "Add to cart"
 * with the live price. The choices' rules are the shared ones the server checks: Add stays disabled,
 * saying what is missing, until every group is satisfied. A dish sold out today can be looked at, not
 * added; with online ordering off nothing can be added.
 */
export function ItemDialog({ item, restaurant, onClose }: ItemDialogProps) {
  const titleId = useId();
  const problemId = useId();
  const money: MoneyFormat = { currency: restaurant.currency, locale: restaurant.locale };
  const [optionIds, setOptionIds] = useState<string[]>([]);
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState('');
  const canAdd = restaurant.onlineOrdering && item.availableToday;
  const problem = choicesProblem(item, optionIds);
  const lineTotal = unitPriceWith(item, optionIds) * quantity;

  function add() {
    if (!canAdd || problem) return;
    addToCart(lineFor(item, { optionIds, quantity, note }));
    toast.success(`Added to your cart: ${quantity} × ${item.name}`);
    onClose();
  }

  let footer: React.ReactNode;
  if (!restaurant.onlineOrdering) {
    footer = (
      <p role="status" className="py-2 text-center text-sm font-medium text-neutral-700">
        Online ordering is not available right now.
      </p>
    );
  } else if (!item.availableToday) {
    footer = (
      <Button size="lg" fullWidth disabled>
        Sold out today
      </Button>
    );
  } else {
    footer = (
      <div className="flex flex-col gap-2">
        {problem && (
          <p id={problemId} className="text-sm font-medium text-amber-800">
            {problem}
          </p>
        )}
        <Button
          type="submit"
          form={`${titleId}-form`}
          size="lg"
          fullWidth
          disabled={problem !== null}
          aria-describedby={problem ? problemId : undefined}
        >
          Add to cart · {formatMoney(lineTotal, money.currency, money.locale)}
        </Button>
      </div>
    );
  }

  return (
    <Sheet onClose={onClose} labelledBy={titleId} closeOnPhoto={Boolean(item.photoUrl)}>
      {item.photoUrl && (
        <img
          {...pictureSources(item.photoUrl, PHOTO_WIDTH)}
          alt=""
          width={PHOTO_WIDTH}
          height={Math.round((PHOTO_WIDTH * 3) / 4)}
          className={clsx(
            'aspect-[4/3] w-full bg-neutral-100 object-cover sm:aspect-[16/10]',
            !item.availableToday && 'grayscale',
          )}
        />
      )}
      <form
        id={`${titleId}-form`}
        className={clsx('flex flex-col gap-6 px-5 pb-6 sm:px-6', item.photoUrl ? 'pt-5' : 'pt-6')}
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <div className="flex flex-col gap-2">
          <h2
            id={titleId}
            className={clsx(
              'text-2xl font-semibold tracking-tight text-balance text-neutral-950',
              !item.photoUrl && 'pr-10',
            )}
          >
            {item.name}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-lg font-semibold text-neutral-900 tabular-nums">
              {formatMoney(item.price, money.currency, money.locale)}
            </p>
            {!item.availableToday && (
              <span className="rounded-full bg-neutral-800 px-2.5 py-0.5 text-xs font-medium text-white">
                Sold out today
              </span>
            )}
          </div>
          {item.description && <p className="text-pretty text-neutral-700">{item.description}</p>}
          {item.tags.length > 0 && (
            <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
              {item.tags.map((tag) => (
                <li key={tag}>
                  <TagBadge tag={tag} />
                </li>
              ))}
            </ul>
          )}
          {item.allergens.length > 0 && (
            <p className="text-sm text-neutral-600">
              <span className="font-medium text-neutral-700">Allergens:</span>{' '}
              {item.allergens.map(allergenLabel).join(', ')}
            </p>
          )}
        </div>

        {item.modifierGroups.map((group) => (
          <GroupChoices
            key={group.id}
            group={group}
            optionIds={optionIds}
            money={money}
            disabled={!canAdd}
            onToggle={(optionId) => setOptionIds((current) => toggleOption(group, current, optionId))}
            onClear={() =>
              setOptionIds((current) =>
                current.filter((id) => !group.options.some((option) => option.id === id)),
              )
            }
          />
        ))}

        {canAdd && (
          <>
            <div className="flex items-center justify-between gap-4">
              <span className="font-medium text-neutral-950">Quantity</span>
              <QuantityStepper
                value={quantity}
                onChange={setQuantity}
                name={item.name}
                size="lg"
                look="round"
              />
            </div>
            <TextField
              label="Note for the kitchen"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              maxLength={MAX_LINE_NOTE}
              placeholder="No onions, extra hot…"
              autoComplete="off"
              enterKeyHint="done"
            />
          </>
        )}
      </form>
      <SheetFooter>{footer}</SheetFooter>
    </Sheet>
  );
}

function GroupChoices({
  group,
  optionIds,
  money,
  disabled,
  onToggle,
  onClear,
}: {
  group: ModifierGroup;
  optionIds: string[];
  money: MoneyFormat;
  disabled: boolean;
  onToggle: (optionId: string) => void;
  onClear: () => void;
}) {
  const hintId = useId();
  const radioName = useId();
  const single = isSingleChoice(group);
  const chosenHere = group.options.filter((option) => optionIds.includes(option.id));
  const full = !single && chosenHere.length >= group.maxChoices;
  const required = group.minChoices > 0;

  const rows = [
    ...(single && !required ? [{ key: 'none', optionId: null, label: 'None', delta: '' }] : []),
    ...group.options.map((option) => ({
      key: option.id,
      optionId: option.id as string | null,
      label: option.name,
      delta: formatDelta(option.priceDelta, money),
    })),
  ];

  return (
    <fieldset aria-describedby={hintId} disabled={disabled} className="flex flex-col gap-2">
      <legend className="flex w-full items-baseline justify-between gap-3">
        <span className="font-medium text-neutral-950">{group.name}</span>
        {required && !disabled && (
          <span
            className={clsx(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              chosenHere.length >= group.minChoices
                ? 'bg-emerald-50 text-emerald-800'
                : 'bg-amber-50 text-amber-800',
            )}
          >
            Required
          </span>
        )}
      </legend>
      <p id={hintId} className="-mt-1 text-sm text-neutral-600">
        {choiceHint(group)}
      </p>
      <div className="flex flex-col gap-2">
        {rows.map((row) => {
          const checked = row.optionId ? optionIds.includes(row.optionId) : chosenHere.length === 0;
          const blocked = disabled || (!checked && full);
          return (
            <label
              key={row.key}
              className={clsx(
                'flex min-h-12 items-center gap-3 rounded-xl border px-3.5 py-2 transition-colors',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-neutral-950',
                checked
                  ? 'border-neutral-950 bg-neutral-50 text-neutral-950'
                  : 'border-neutral-300 text-neutral-800',
                blocked ? 'cursor-not-allowed text-neutral-500' : 'cursor-pointer hover:border-neutral-500',
              )}
            >
              <input
                type={single ? 'radio' : 'checkbox'}
                name={single ? radioName : undefined}
                checked={checked}
                disabled={blocked}
                onChange={() => (row.optionId ? onToggle(row.optionId) : onClear())}
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
