import { clsx } from 'clsx';
import { Paperclip } from 'lucide-react';
import type { Expense } from '../../../../shared/contracts/expenses';
import { formatMoney } from '../../../../shared/money';
import { ListEmpty, ListError, ListLoading, LoadMore } from '../../../components/ui/list-states';
import { formatDay } from '../../master-data';
import type { useExpenses } from '../api/expenses-api';

interface Money {
  currency: string;
  locale: string;
}

/** The supplier and the reference, as one line ("Fresh Farms · INV-204"); '' when neither. */
function supplierLine(expense: Expense): string {
  return [expense.supplierName, expense.reference ? `Ref. ${expense.reference}` : '']
    .filter(Boolean)
    .join(' · ');
}

/** The receipt, opened in a new tab (above the row's own button). */
function ReceiptLink({ expense }: { expense: Expense }) {
  if (!expense.receipt) return null;
  return (
    <a
      href={expense.receipt.url}
      target="_blank"
      rel="noreferrer"
      className="relative z-10 inline-flex size-10 items-center justify-center rounded-lg text-neutral-700 hover:bg-neutral-100 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
      title="Open the receipt"
    >
      <Paperclip aria-hidden="true" className="size-4" />
      <span className="sr-only">Receipt of {expense.description}</span>
    </a>
  );
}

function VoidedNote({ expense }: { expense: Expense }) {
  if (expense.status !== 'voided') return null;
  return (
    <span className="mt-0.5 block text-sm font-medium text-red-700">
      Voided{expense.voidReason ? `: ${expense.voidReason}` : ''}
    </span>
  );
}

/** The row's button: its description, stretched over the whole row or card so a tap anywhere opens it. */
function OpenButton({ expense, onOpen }: { expense: Expense; onOpen: (expense: Expense) => void }) {
  const voided = expense.status === 'voided';
  return (
    <button
      type="button"
      onClick={() => onOpen(expense)}
      className={clsx(
        'text-left font-medium text-neutral-950 after:absolute after:inset-0 after:content-[""] focus-visible:outline-none focus-visible:after:rounded-xl focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-neutral-950',
        voided && 'line-through decoration-1',
      )}
    >
      {expense.description}
    </button>
  );
}

/**
 * The filtered expenses, newest date first: a table on a wide screen, cards on a phone. A voided one
 * is struck through with its reason; a tap opens one (to change it, void it or see it).
 */
export function ExpenseList({
  query,
  money,
  filtered,
  onOpen,
  onRecord,
}: {
  query: ReturnType<typeof useExpenses>;
  money: Money;
  /** Whether filters narrow the list (the empty list says so). */
  filtered: boolean;
  onOpen: (expense: Expense) => void;
  onRecord: () => void;
}) {
  const expenses = query.expenses;
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  if (!expenses) return <ListLoading>Loading the expenses...</ListLoading>;
  if (expenses.length === 0) {
    return (
      <ListEmpty
        action={
          filtered ? undefined : (
            <button type="button" onClick={onRecord} className="font-medium text-neutral-950 underline">
              Record the first expense
            </button>
          )
        }
      >
        {filtered ? 'No expense matches these filters.' : 'No expenses recorded yet.'}
      </ListEmpty>
    );
  }
  const amount = (expense: Expense) => formatMoney(expense.amount, expense.currency, money.locale);
  const day = (expense: Expense) => formatDay(expense.date, money.locale);

  return (
    <div className="flex flex-col gap-4">
      {/* Phone: one card per expense. */}
      <ul className="flex flex-col gap-2 md:hidden" aria-label="Expenses">
        {expenses.map((expense) => {
          const voided = expense.status === 'voided';
          const supplier = supplierLine(expense);
          return (
            <li
              key={expense.id}
              className={clsx(
                'relative flex items-start justify-between gap-3 rounded-xl border bg-white p-4 shadow-sm',
                voided ? 'border-neutral-200 bg-neutral-50' : 'border-neutral-200 hover:border-neutral-300',
              )}
            >
              <div className="min-w-0 flex-1">
                <OpenButton expense={expense} onOpen={onOpen} />
                <span className="mt-0.5 block text-sm text-neutral-600">
                  {day(expense)} · {expense.categoryName}
                </span>
                {supplier && <span className="block truncate text-sm text-neutral-600">{supplier}</span>}
                <span className="block truncate text-sm text-neutral-600">From {expense.accountName}</span>
                <VoidedNote expense={expense} />
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <span
                  className={clsx(
                    'font-semibold text-neutral-950 tabular-nums',
                    voided && 'text-neutral-500 line-through decoration-1',
                  )}
                >
                  {amount(expense)}
                </span>
                <ReceiptLink expense={expense} />
              </div>
            </li>
          );
        })}
      </ul>
      {/* Wide screens: a table. */}
      <div className="hidden overflow-x-auto rounded-xl border border-neutral-200 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Expenses</caption>
          <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium whitespace-nowrap">
                Date
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Category
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Description
              </th>
              <th scope="col" className="px-4 py-3 font-medium whitespace-nowrap">
                Paid from
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Amount
              </th>
              <th scope="col" className="w-14 px-2 py-3 font-medium">
                <span className="sr-only">Receipt</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-100">
            {expenses.map((expense) => {
              const voided = expense.status === 'voided';
              const supplier = supplierLine(expense);
              return (
                <tr
                  key={expense.id}
                  className={clsx('relative align-top', voided ? 'bg-neutral-50' : 'hover:bg-neutral-50')}
                >
                  <td className="px-4 py-3 whitespace-nowrap text-neutral-700 tabular-nums">
                    {day(expense)}
                  </td>
                  <td className="px-4 py-3 text-neutral-700">{expense.categoryName}</td>
                  <td className="px-4 py-3">
                    <OpenButton expense={expense} onOpen={onOpen} />
                    {supplier && <span className="block text-neutral-600">{supplier}</span>}
                    <VoidedNote expense={expense} />
                  </td>
                  <td className="px-4 py-3 text-neutral-700">{expense.accountName}</td>
                  <td
                    className={clsx(
                      'px-4 py-3 text-right font-medium whitespace-nowrap tabular-nums',
                      voided ? 'text-neutral-500 line-through decoration-1' : 'text-neutral-950',
                    )}
                  >
                    {amount(expense)}
                  </td>
                  <td className="px-2 py-1.5">
                    <ReceiptLink expense={expense} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {query.hasNextPage && (
        <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
      )}
    </div>
  );
}
