import { clsx } from 'clsx';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import type { PublicMenu, PublicMenuItem } from '../../../../shared/contracts/menu';
import { allergenLabel } from '../../../../shared/menu-catalog';
import { choicesProblem, unitPriceWith } from '../../../../shared/modifier-choices';
import { formatMoney } from '../../../../shared/money';
import { MAX_LINE_NOTE } from '../../../../shared/order-limits';
import { Button } from '../../../components/ui/button';
import { AddChoicesButton, OptionPicker } from '../../../components/ui/option-picker';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { TagBadge } from '../../../components/ui/tag-badge';
import { TextField } from '../../../components/ui/text-field';
import { pictureSources } from '../../../lib/image-urls';
import type { MoneyFormat } from '../cart-format';
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
      <AddChoicesButton problem={problem} form={`${titleId}-form`}>
        Add to cart · {formatMoney(lineTotal, money.currency, money.locale)}
      </AddChoicesButton>
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

        <OptionPicker
          groups={item.modifierGroups}
          optionIds={optionIds}
          onChange={setOptionIds}
          money={money}
          disabled={!canAdd}
          size="lg"
        />

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
