import { clsx } from 'clsx';
import { type BudgetMonth, budgetState, percentUsed } from '../../../../shared/contracts/expenses';
import { currencyDigits, formatMoney } from '../../../../shared/money';
import { monthLabel } from './budget-months';
import { CELL_TONES, formatPercent, STANDING_LABELS, standingOf } from './budget-state';
import type { Money } from './budget-table';

const wholeFormats = new Map<string, Intl.NumberFormat | null>();

/** An amount as short as it can be: "$1,200" for a round amount, "$1,234.50" otherwise. */
function shortMoney(minor: number, money: Money): string {
  const digits = currencyDigits(money.currency);
  if (minor % 10 ** digits !== 0) return formatMoney(minor, money.currency, money.locale);
  const key = `${money.locale}|${money.currency}`;
  let format = wholeFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(money.locale, {
        style: 'currency',
        currency: money.currency,
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      });
    } catch {
      format = null;
    }
    wholeFormats.set(key, format);
  }
  return format ? format.format(minor / 10 ** digits) : formatMoney(minor, money.currency, money.locale);
}

function Cell({ allocated, spent, money }: { allocated: number; spent: number; money: Money }) {
  const standing = standingOf({ allocated, spent, state: budgetState(allocated, spent) });
  if (standing === 'none') {
    return (
      <td className="px-3 py-2 text-center text-neutral-400" data-testid="history-cell">
        <span aria-hidden="true">–</span>
        <span className="sr-only">No budget, nothing spent</span>
      </td>
    );
  }
  return (
    <td
      className={clsx('px-3 py-2 text-right whitespace-nowrap', CELL_TONES[standing])}
      data-testid="history-cell"
    >
      <span className="block tabular-nums">
        <span className="font-medium">{shortMoney(spent, money)}</span>
        <span className="text-neutral-500"> / </span>
        {shortMoney(allocated, money)}
      </span>
      <span className="block text-xs">
        {allocated > 0 && (
          <span className="tabular-nums">{formatPercent(percentUsed(allocated, spent), money.locale)}</span>
        )}
        {(standing === 'warning' || standing === 'over') && (
          <span className="ml-1.5 font-semibold">{STANDING_LABELS[standing]}</span>
        )}
      </span>
    </td>
  );
}

/**
 * The six months up to the one shown, side by side: per category and month, spent over allocated,
 * tinted and marked by its state; scrolls sideways on a phone with the category kept in view.
 */
export function BudgetHistory({
  history,
  month,
  money,
}: {
  history: BudgetMonth['history'];
  month: string;
  money: Money;
}) {
  if (history.lines.length === 0) return null;
  const totals = history.months.map((_, index) =>
    history.lines.reduce(
      (sum, line) => ({
        allocated: sum.allocated + (line.months[index]?.allocated ?? 0),
        spent: sum.spent + (line.months[index]?.spent ?? 0),
      }),
      { allocated: 0, spent: 0 },
    ),
  );
  const first = history.months[0];
  const last = history.months[history.months.length - 1];
  return (
    // Focusable, so a keyboard can scroll it sideways; `relative` keeps the cells' screen-reader text
    // inside the scrolled box (not stretching the page).
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take the focus (axe's scrollable-region-focusable)
      tabIndex={0}
      aria-label="Six months by category"
      className="relative overflow-x-auto rounded-xl border border-neutral-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">
          Spent over allocated per category
          {first && last ? `, ${monthLabel(first, money.locale)} to ${monthLabel(last, money.locale)}` : ''}
        </caption>
        <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
          <tr>
            <th scope="col" className="sticky left-0 z-10 bg-neutral-50 px-3 py-3 text-left font-medium">
              Category
            </th>
            {history.months.map((of) => (
              <th
                key={of}
                scope="col"
                aria-current={of === month ? 'date' : undefined}
                className={clsx(
                  'px-3 py-3 text-right font-medium whitespace-nowrap',
                  of === month && 'text-neutral-950 underline decoration-2 underline-offset-4',
                )}
              >
                {monthLabel(of, money.locale, 'short')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {history.lines.map((line) => (
            <tr key={line.categoryId} data-testid="history-line" data-category-id={line.categoryId}>
              <th
                scope="row"
                className="sticky left-0 z-10 max-w-40 bg-white px-3 py-2 text-left font-medium break-words text-neutral-950 sm:max-w-56"
              >
                {line.categoryName}
              </th>
              {line.months.map((cell, index) => (
                <Cell
                  key={history.months[index]}
                  allocated={cell.allocated}
                  spent={cell.spent}
                  money={money}
                />
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-neutral-200 bg-neutral-50 font-medium" data-testid="history-totals">
          <tr>
            <th scope="row" className="sticky left-0 z-10 bg-neutral-50 px-3 py-3 text-left font-semibold">
              Total
            </th>
            {totals.map((total, index) => (
              <Cell
                key={history.months[index]}
                allocated={total.allocated}
                spent={total.spent}
                money={money}
              />
            ))}
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
