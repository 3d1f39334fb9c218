import { clsx } from 'clsx';
import type { PublicMenuItem } from '../../../../shared/contracts/menu';
import { allergenLabel } from '../../../../shared/menu-catalog';
import { formatMoney } from '../../../../shared/money';
import { TagBadge } from '../../../components/ui/tag-badge';
import { pictureSources } from '../../../lib/image-urls';
import { modifierHints } from '../filter-menu';

interface MenuItemCardProps {
  item: PublicMenuItem;
  currency: string;
  locale: string;
  /** Opens the dish (its choices and "Add to cart"); without it the card is only read. */
  onOpen?: (item: PublicMenuItem) => void;
}

/** Photos are stored up to 1200 px; the card shows them as a square of this many CSS pixels at most. */
const PHOTO_SIZE = 128;

/**
 * One dish: photo, name, price, description, tags, choices and allergens; dimmed when sold out today.
 * With `onOpen` the dish's name is a button whose target covers the whole card, so a tap anywhere on
 * it opens the dish and a keyboard reaches it as one stop.
 */
export function MenuItemCard({ item, currency, locale, onOpen }: MenuItemCardProps) {
  const unavailable = !item.availableToday;
  const hints = modifierHints(item);
  const headingId = `menu-item-${item.id}`;

  return (
    <article
      aria-labelledby={headingId}
      className={clsx(
        'relative flex gap-4 rounded-2xl border p-4 shadow-sm transition-shadow',
        unavailable ? 'border-neutral-200 bg-neutral-50' : 'border-neutral-200 bg-white hover:shadow-md',
        onOpen &&
          'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-neutral-950',
      )}
    >
      <div className="flex min-w-0 flex-1 flex-col">
        <h3
          id={headingId}
          className={clsx(
            'text-base leading-snug font-semibold text-pretty',
            unavailable ? 'text-neutral-500' : 'text-neutral-950',
          )}
        >
          {onOpen ? (
            <button
              type="button"
              onClick={() => onOpen(item)}
              className="text-left outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']"
            >
              {item.name}
            </button>
          ) : (
            item.name
          )}
        </h3>
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
          <p
            className={clsx(
              'text-base font-semibold tabular-nums',
              unavailable ? 'text-neutral-500' : 'text-neutral-900',
            )}
          >
            {formatMoney(item.price, currency, locale)}
          </p>
          {unavailable && (
            <span className="rounded-full bg-neutral-800 px-2 py-0.5 text-xs font-medium text-white">
              Not available today
            </span>
          )}
        </div>
        {item.description && (
          <p
            className={clsx(
              'mt-1.5 line-clamp-3 text-sm text-pretty',
              unavailable ? 'text-neutral-500' : 'text-neutral-600',
            )}
          >
            {item.description}
          </p>
        )}
        {item.tags.length > 0 && (
          <ul aria-label="Tags" className="mt-2.5 flex flex-wrap gap-1.5">
            {item.tags.map((tag) => (
              <li key={tag}>
                <TagBadge tag={tag} muted={unavailable} />
              </li>
            ))}
          </ul>
        )}
        {hints.length > 0 && (
          <ul className="mt-2 flex flex-col gap-0.5 text-xs text-neutral-500">
            {hints.map((hint) => (
              <li key={hint}>{hint}</li>
            ))}
          </ul>
        )}
        {item.allergens.length > 0 && (
          <p className="mt-2 text-xs text-neutral-500">
            <span className="font-medium text-neutral-600">Allergens:</span>{' '}
            {item.allergens.map(allergenLabel).join(', ')}
          </p>
        )}
      </div>
      {item.photoUrl && (
        <div className="size-24 shrink-0 overflow-hidden rounded-xl bg-neutral-100 sm:size-32">
          <img
            {...pictureSources(item.photoUrl, PHOTO_SIZE)}
            alt=""
            width={PHOTO_SIZE}
            height={PHOTO_SIZE}
            loading="lazy"
            decoding="async"
            className={clsx('size-full object-cover', unavailable && 'opacity-50 grayscale')}
          />
        </div>
      )}
    </article>
  );
}
