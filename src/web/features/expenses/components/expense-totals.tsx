import { Download } from 'lucide-react';
import type { ExpensePage } from '../../../../shared/contracts/expenses';
import { formatMoney } from '../../../../shared/money';
import { Card } from '../../../components/ui/card';

interface Money {
  currency: string;
  locale: string;
}

const countText = (count: number) => `${count} ${count === 1 ? 'expense' : 'expenses'}`;

/**
 * What the filtered expenses come to (every page of them, voided ones left out), by category with
 * each one's share, and the CSV file of the same filters.
 */
export function ExpenseTotals({
  totals,
  money,
  exportUrl,
}: {
  totals: ExpensePage['totals'] | undefined;
  money: Money;
  exportUrl: string;
}) {
  const amount = (minor: number) => formatMoney(minor, money.currency, money.locale);
  return (
    <Card className="flex flex-col gap-5 p-4 sm:p-5 lg:flex-row lg:items-start lg:gap-8">
      <div className="flex shrink-0 flex-wrap items-end justify-between gap-4 lg:w-56 lg:flex-col lg:items-start">
        <div>
          <p className="text-sm text-neutral-600">Total spent</p>
          <p className="text-2xl font-semibold text-neutral-950 tabular-nums" data-testid="expenses-total">
            {totals ? amount(totals.amount) : '…'}
          </p>
          <p className="mt-0.5 text-sm text-neutral-600" data-testid="expenses-count">
            {totals ? countText(totals.count) : 'Counting...'}
          </p>
          <p className="text-xs text-neutral-500">Voided expenses are not counted.</p>
        </div>
        <a
          href={exportUrl}
          download
          className="inline-flex h-10 items-center gap-2 rounded-lg border border-neutral-300 bg-white px-3 text-sm font-medium text-neutral-900 shadow-sm hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
        >
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
      </div>
      <div className="min-w-0 flex-1">
        <h2 id="expense-categories" className="text-sm font-medium text-neutral-800">
          By category
        </h2>
        {!totals ? null : totals.byCategory.length === 0 ? (
          <p className="mt-2 text-sm text-neutral-600">Nothing spent in this selection.</p>
        ) : (
          <table aria-labelledby="expense-categories" className="mt-2 w-full text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Expenses</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100">
              {totals.byCategory.map((category) => {
                const share = totals.amount > 0 ? category.amount / totals.amount : 0;
                return (
                  <tr key={category.categoryId}>
                    <th scope="row" className="py-2 pr-3 text-left font-normal text-neutral-900">
                      <span className="block truncate">{category.categoryName}</span>
                      {/* Its share of the total, as a bar (the amount says it in words). */}
                      <span aria-hidden="true" className="mt-1 block h-1.5 rounded-full bg-neutral-100">
                        <span
                          className="block h-full rounded-full bg-neutral-700"
                          style={{ width: `${Math.max(share * 100, 1)}%` }}
                        />
                      </span>
                    </th>
                    <td className="w-24 py-2 pr-3 text-right align-top text-neutral-600 tabular-nums whitespace-nowrap">
                      {countText(category.count)}
                    </td>
                    <td className="w-28 py-2 text-right align-top font-medium text-neutral-950 tabular-nums whitespace-nowrap">
                      {amount(category.amount)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
    </Card>
  );
}
