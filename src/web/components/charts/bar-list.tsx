import { clsx } from 'clsx';
import { shareOf } from './chart-geometry';

export interface BarListItem {
  key: string;
  label: string;
  /** A second line in small print (a dish's category). */
  detail?: string;
  value: number;
  /** The value as shown at the right ("$184.00 · 12 orders"). */
  valueText: string;
  /** The row's accessible name when it is a button: "Takeaway: 12 orders, $184.00". */
  name?: string;
}

/**
 * A list of horizontal bars, one per row, each as long as its share of the largest value. With
 * `onSelect`, every row with a value is a button that opens what is behind it.
 */
export function BarList({
  items,
  ariaLabel,
  onSelect,
  tone = 'bg-neutral-800',
}: {
  items: readonly BarListItem[];
  ariaLabel: string;
  onSelect?: (item: BarListItem) => void;
  /** The bars' colour class. */
  tone?: string;
}) {
  const max = Math.max(0, ...items.map((item) => item.value));
  return (
    <ul aria-label={ariaLabel} className="flex flex-col gap-2.5">
      {items.map((item) => {
        const body = (
          <>
            <span className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0 truncate text-neutral-900">
                {item.label}
                {item.detail && <span className="ml-1.5 text-xs text-neutral-500">{item.detail}</span>}
              </span>
              <span className="shrink-0 text-neutral-700 tabular-nums">{item.valueText}</span>
            </span>
            <span aria-hidden="true" className="mt-1 block h-2 w-full rounded-full bg-neutral-100">
              <span
                className={clsx('block h-2 rounded-full', tone)}
                style={{ width: `${Math.max(shareOf(item.value, max) * 100, item.value > 0 ? 1 : 0)}%` }}
              />
            </span>
          </>
        );
        return (
          <li key={item.key}>
            {onSelect && item.value > 0 ? (
              <button
                type="button"
                aria-label={item.name ?? `${item.label}: ${item.valueText}`}
                onClick={() => onSelect(item)}
                className="block w-full rounded-md p-1 text-left hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
              >
                {body}
              </button>
            ) : (
              <div className="p-1">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
