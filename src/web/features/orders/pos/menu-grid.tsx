import { clsx } from 'clsx';
import { Ban, SlidersHorizontal } from 'lucide-react';
import type { Ref } from 'react';
import type { PointOfSale, PointOfSaleItem } from '../../../../shared/contracts/orders';
import { formatMoney } from '../../../../shared/money';
import { SearchBox } from '../../../components/ui/search-box';
import { pictureSources } from '../../../lib/image-urls';
import { visibleItems } from './cart';
import type { MoneyFormat } from './money-format';

interface MenuGridProps {
  categories: PointOfSale['categories'];
  money: MoneyFormat;
  /** null: "All". */
  categoryId: string | null;
  onCategory: (id: string | null) => void;
  search: string;
  onSearch: (search: string) => void;
  onPick: (item: PointOfSaleItem) => void;
  /** Wraps the search box: the page focuses its input ("/", after an order is placed). */
  searchRef: Ref<HTMLFormElement>;
}

const CHIP =
  'inline-flex h-10 shrink-0 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950';

/**
 * The menu of the point of sale: search by name (in every category), category chips with "All", and
 * the items as large tiles. Enter in the search adds the first match; a sold-out item cannot be tapped.
 */
export function MenuGrid({
  categories,
  money,
  categoryId,
  onCategory,
  search,
  onSearch,
  onPick,
  searchRef,
}: MenuGridProps) {
  const items = visibleItems(categories, categoryId, search);
  const firstAvailable = items.find((item) => item.availableToday);
  const searching = search.trim() !== '';

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <form
        ref={searchRef}
        onSubmit={(event) => {
          event.preventDefault();
          if (!searching || !firstAvailable) return;
          // The search starts over for the next item; the keyboard stays in it.
          onPick(firstAvailable);
          onSearch('');
        }}
      >
        <SearchBox
          value={search}
          onChange={onSearch}
          label="Search the menu"
          placeholder="Search the menu (press /)"
        />
      </form>

      <fieldset className="-mx-4 flex min-w-0 gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        <legend className="sr-only">Categories</legend>
        <button
          type="button"
          aria-pressed={categoryId === null && !searching}
          onClick={() => onCategory(null)}
          className={clsx(
            CHIP,
            categoryId === null && !searching
              ? 'border-neutral-950 bg-neutral-950 text-white'
              : 'border-neutral-300 bg-white text-neutral-700 hover:border-neutral-400',
          )}
        >
          All
        </button>
        {categories.map((category) => {
          const selected = categoryId === category.id && !searching;
          return (
            <button
              key={category.id}
              type="button"
              aria-pressed={selected}
              onClick={() => onCategory(category.id)}
              className={clsx(
                CHIP,
                selected
                  ? 'border-neutral-950 bg-neutral-950 text-white'
                  : 'border-neutral-300 bg-white text-neutral-700 hover:border-neutral-400',
              )}
            >
              {category.name}
            </button>
          );
        })}
      </fieldset>

      {searching && (
        <p className="text-sm text-neutral-600" aria-live="polite">
          {items.length === 0
            ? `Nothing on the menu matches “${search.trim()}”.`
            : `${items.length} ${items.length === 1 ? 'match' : 'matches'}${firstAvailable ? ` · Enter adds ${firstAvailable.name}` : ''}`}
        </p>
      )}

      {items.length === 0 && !searching ? (
        <p className="rounded-2xl border border-dashed border-neutral-300 p-8 text-center text-neutral-600">
          No items in this category.
        </p>
      ) : (
        <ul aria-label="Menu items" className="grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-3">
          {items.map((item) => (
            <li key={item.id} className="flex">
              <ItemTile item={item} money={money} onPick={onPick} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ItemTile({
  item,
  money,
  onPick,
}: {
  item: PointOfSaleItem;
  money: MoneyFormat;
  onPick: (item: PointOfSaleItem) => void;
}) {
  const soldOut = !item.availableToday;
  const hasChoices = item.modifierGroups.length > 0;
  return (
    <button
      type="button"
      disabled={soldOut}
      onClick={() => onPick(item)}
      className={clsx(
        'flex min-h-24 w-full min-w-0 flex-col justify-between gap-2 rounded-xl border p-3 text-left shadow-sm transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
        soldOut
          ? 'cursor-not-allowed border-neutral-200 bg-neutral-100'
          : 'border-neutral-200 bg-white hover:border-neutral-400 active:bg-neutral-100',
      )}
    >
      {/* The whole name, however long: it wraps, a long word breaks. */}
      <span
        className={clsx(
          'font-medium break-words hyphens-auto',
          soldOut ? 'text-neutral-600 line-through decoration-neutral-400' : 'text-neutral-950',
        )}
      >
        {item.name}
      </span>
      {/* The price never shrinks under the photo: when both do not fit side by side, the photo goes
          below. */}
      <span className="flex flex-wrap items-end justify-between gap-2">
        <span className="flex flex-col gap-0.5 text-sm">
          <span
            className={clsx(
              'font-semibold whitespace-nowrap tabular-nums',
              soldOut ? 'text-neutral-600' : 'text-neutral-900',
            )}
          >
            {formatMoney(item.price, money.currency, money.locale)}
          </span>
          {soldOut ? (
            <span className="inline-flex items-center gap-1 font-medium text-red-800">
              <Ban aria-hidden="true" className="size-3.5 shrink-0" />
              Sold out today
            </span>
          ) : (
            hasChoices && (
              <span className="inline-flex items-center gap-1 text-neutral-600">
                <SlidersHorizontal aria-hidden="true" className="size-3.5 shrink-0" />
                Options
              </span>
            )
          )}
        </span>
        {item.photoUrl && (
          <img
            {...pictureSources(item.photoUrl, 56)}
            alt=""
            loading="lazy"
            className={clsx(
              'ml-auto size-12 shrink-0 rounded-lg object-cover sm:size-14',
              soldOut && 'opacity-50 grayscale',
            )}
          />
        )}
      </span>
    </button>
  );
}
