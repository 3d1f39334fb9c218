import { clsx } from 'clsx';
import type { RecurringExpense } from '../../../../shared/contracts/expenses';
import { formatMoney } from '../../../../shared/money';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-states';
import { formatDay } from '../../master-data';
import type { useRecurringExpenses } from '../api/recurring-expenses-api';
import { describeRecurrence, ruleOf } from './recurrence-text';

interface Money {
  currency: string;
  locale: string;
}

/** The supplier and the reference, as one line ("Landlord Ltd · Ref. LEASE-4"); '' when neither. */
function supplierLine(template: RecurringExpense): string {
  return [template.supplierName, template.reference ? `Ref. ${template.reference}` : '']
    .filter(Boolean)
    .join(' · ');
}

/** Where it stands: its next day, "Off" (stopped) or "Ended" (nothing left before its end). */
function NextDay({ template, locale }: { template: RecurringExpense; locale: string }) {
  if (!template.active) {
    return (
      <span className="inline-flex rounded-full bg-neutral-200 px-2 py-0.5 text-xs font-medium text-neutral-800">
        Off
      </span>
    );
  }
  if (template.nextDue === null) {
    return (
      <span className="inline-flex rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-700">
        Ended
      </span>
    );
  }
  return <span className="text-neutral-900">Next: {formatDay(template.nextDue, locale)}</span>;
}

function lastRecorded(template: RecurringExpense, locale: string): string {
  return template.lastRecordedOn
    ? `Last recorded ${formatDay(template.lastRecordedOn, locale)}`
    : 'Nothing recorded yet';
}

/** The row's button: its description, stretched over the whole row or card so a tap anywhere opens it. */
function OpenButton({
  template,
  onOpen,
}: {
  template: RecurringExpense;
  onOpen: (template: RecurringExpense) => void;
}) {
  return (
    <button
      type="button"
      onClick={() => onOpen(template)}
      className="text-left font-medium text-neutral-950 after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:rounded-xl focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-neutral-950"
    >
      {template.description}
    </button>
  );
}

/**
 * The recurring expenses (active ones first, by their next day): a table on a wide screen, cards on a
 * phone. Each says what it is, how often, from which account, its next day (or Off / Ended) and the
 * last day it recorded; a tap opens it.
 */
export function RecurringExpenseList({
  query,
  money,
  onOpen,
  onCreate,
}: {
  query: ReturnType<typeof useRecurringExpenses>;
  money: Money;
  onOpen: (template: RecurringExpense) => void;
  onCreate: () => void;
}) {
  const templates = query.data;
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  if (!templates) return <ListLoading>Loading the recurring expenses...</ListLoading>;
  if (templates.length === 0) {
    return (
      <ListEmpty
        action={
          <button type="button" onClick={onCreate} className="font-medium text-neutral-950 underline">
            Set up the first one
          </button>
        }
      >
        No recurring expenses yet. Rent, wages or a subscription can be recorded by the app on their day.
      </ListEmpty>
    );
  }
  const amount = (template: RecurringExpense) => formatMoney(template.amount, money.currency, money.locale);

  return (
    <div className="flex flex-col gap-4">
      {/* Phone: one card per recurring expense. */}
      <ul className="flex flex-col gap-2 md:hidden" aria-label="Recurring expenses">
        {templates.map((template) => {
          const supplier = supplierLine(template);
          return (
            <li
              key={template.id}
              className={clsx(
                'relative flex flex-col gap-2 rounded-xl border p-4 shadow-sm',
                template.active
                  ? 'border-neutral-200 bg-white hover:border-neutral-300'
                  : 'border-neutral-200 bg-neutral-50',
              )}
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0 flex-1">
                  <OpenButton template={template} onOpen={onOpen} />
                  <span className="mt-0.5 block text-sm text-neutral-700">
                    {describeRecurrence(ruleOf(template))}
                  </span>
                </div>
                <span
                  className={clsx(
                    'shrink-0 font-semibold tabular-nums',
                    template.active ? 'text-neutral-950' : 'text-neutral-500',
                  )}
                >
                  {amount(template)}
                </span>
              </div>
              <div className="text-sm text-neutral-600">
                <span className="block truncate">{template.categoryName}</span>
                {supplier && <span className="block truncate">{supplier}</span>}
                <span className="block truncate">From {template.accountName}</span>
              </div>
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
                <NextDay template={template} locale={money.locale} />
                <span className="text-neutral-600">{lastRecorded(template, money.locale)}</span>
              </div>
            </li>
          );
        })}
      </ul>
      {/* Wide screens: a table. */}
      <div className="hidden overflow-x-auto rounded-xl border border-neutral-200 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Recurring expenses</caption>
          <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Description
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Category
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Repeats
              </th>
              <th scope="col" className="px-4 py-3 font-medium whitespace-nowrap">
                Paid from
              </th>
              <th scope="col" className="px-4 py-3 font-medium whitespace-nowrap">
                Status
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-100">
            {templates.map((template) => {
              const supplier = supplierLine(template);
              return (
                <tr
                  key={template.id}
                  className={clsx(
                    'relative align-top',
                    template.active ? 'hover:bg-neutral-50' : 'bg-neutral-50 text-neutral-500',
                  )}
                >
                  <td className="px-4 py-3">
                    <OpenButton template={template} onOpen={onOpen} />
                    {supplier && <span className="block text-neutral-600">{supplier}</span>}
                  </td>
                  <td className="px-4 py-3 text-neutral-700">{template.categoryName}</td>
                  <td className="px-4 py-3 text-neutral-700">{describeRecurrence(ruleOf(template))}</td>
                  <td className="px-4 py-3 text-neutral-700">{template.accountName}</td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <NextDay template={template} locale={money.locale} />
                    <span className="block text-neutral-600">{lastRecorded(template, money.locale)}</span>
                  </td>
                  <td
                    className={clsx(
                      'px-4 py-3 text-right font-medium whitespace-nowrap tabular-nums',
                      template.active ? 'text-neutral-950' : 'text-neutral-500',
                    )}
                  >
                    {amount(template)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
