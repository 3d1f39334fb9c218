import { clsx } from 'clsx';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Expense, ExpenseFilters, RecurringExpense } from '../../shared/contracts/expenses';
import { restaurantToday } from '../../shared/coupon-rules';
import { findPage } from '../../shared/pages';
import { Button } from '../components/ui/button';
import { DocumentTitle } from '../components/ui/document-title';
import { ListError, ListLoading } from '../components/ui/list-states';
import { useConfig } from '../features/config';
import {
  type ExpenseFilterName,
  ExpenseFiltersBar,
  ExpenseFormDialog,
  ExpenseList,
  ExpenseTotals,
  expenseExportUrl,
  expenseFiltersFrom,
  RecurringExpenseFormDialog,
  RecurringExpenseList,
  useExpenseChoices,
  useExpenses,
  useRecurringExpenses,
  VoidExpenseDialog,
} from '../features/expenses';
import { pageTitle } from '../lib/page-titles';
import { paths } from '../lib/paths';
import { useDebouncedValue } from '../lib/use-debounced-value';

/** The navigation's label ("Expense Management"), from the shared page table. */
const page = findPage(paths.expenses);
const TITLE = page ? pageTitle(page) : 'Expense Management';

type DialogState =
  | { kind: 'record' }
  | { kind: 'edit'; expense: Expense; receiptProblem?: string }
  | { kind: 'void'; expense: Expense }
  /** A new recurring expense (null) or one to change. */
  | { kind: 'recurring'; template: RecurringExpense | null };

/** The page's two views; the list of expenses is the default, `?view=recurring` the other. */
type View = 'expenses' | 'recurring';
const VIEWS: readonly { view: View; label: string }[] = [
  { view: 'expenses', label: 'Expenses' },
  { view: 'recurring', label: 'Recurring' },
];

/**
 * `/expenses` (admin; docs/PRODUCT-RULES.md, Expenses): money spent outside purchase orders, each paid
 * from a bank or cash account. The filters live in the URL (a reload or a shared link opens the same
 * list); the totals cover every expense they keep, by category, and export as CSV. Record one (with a
 * photo of its receipt), change it, or void it. The "Recurring" view (`?view=recurring`) lists the
 * recurring expenses (rent, wages, subscriptions) the app records by itself on their days.
 */
export function ExpensesPage() {
  const config = useConfig();
  const choices = useExpenseChoices();
  const [searchParams, setSearchParams] = useSearchParams();
  const [searchInput, setSearchInput] = useState(searchParams.get('search') ?? '');
  const search = useDebouncedValue(searchInput.trim(), 300);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const view: View = searchParams.get('view') === 'recurring' ? 'recurring' : 'expenses';
  const tabsId = useId();

  const today = config.data ? restaurantToday(config.data.timeZone) : null;
  const money = config.data ? { currency: config.data.currency, locale: config.data.locale } : null;
  const filters: ExpenseFilters | null = today
    ? { ...expenseFiltersFrom(searchParams, today), search: search || undefined }
    : null;
  // ISO days compare as text; a backwards period is not sent (the server would refuse it).
  const rangeError =
    filters?.from && filters.to && filters.from > filters.to ? 'Must not be before “From”.' : null;
  const query = useExpenses(filters ?? {}, {
    enabled: view === 'expenses' && filters !== null && rangeError === null,
  });
  const recurring = useRecurringExpenses({ enabled: view === 'recurring' });
  const filtered = Boolean(
    filters &&
      (filters.categoryId || filters.supplierId || filters.accountId || filters.status || filters.search),
  );

  function update(change: (params: URLSearchParams) => void) {
    const params = new URLSearchParams(searchParams);
    change(params);
    setSearchParams(params, { replace: true });
  }
  const setFilter = (name: ExpenseFilterName, value: string | null) =>
    update((params) => {
      if (value) params.set(name, value);
      else params.delete(name);
    });
  // Both ends are kept, an empty one too (`from=`: open), so the default month does not come back.
  const setPeriod = (from: string, to: string) =>
    update((params) => {
      params.set('from', from);
      params.set('to', to);
    });

  // The filters stay in the address while the other view is open, for the way back.
  const selectView = (next: View) =>
    update((params) => {
      if (next === 'recurring') params.set('view', next);
      else params.delete('view');
    });

  const ready = Boolean(choices.data && money && today);
  return (
    <div className="w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10 lg:px-10">
      <DocumentTitle title={TITLE} />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">{TITLE}</h1>
          <p className="mt-1 text-neutral-600">
            Money spent outside purchase orders, each paid from a bank or cash account.
          </p>
        </div>
        <Button
          onClick={() =>
            setDialog(view === 'recurring' ? { kind: 'recurring', template: null } : { kind: 'record' })
          }
          disabled={!ready}
          className="self-start sm:self-auto"
        >
          <Plus aria-hidden="true" className="size-4" />
          {view === 'recurring' ? 'New recurring expense' : 'Record expense'}
        </Button>
      </div>

      <div
        role="tablist"
        aria-label="Expense views"
        className="mt-8 inline-flex rounded-lg bg-neutral-100 p-1"
      >
        {VIEWS.map((item) => (
          <button
            key={item.view}
            id={`${tabsId}-${item.view}`}
            type="button"
            role="tab"
            aria-selected={view === item.view}
            aria-controls={`${tabsId}-panel`}
            onClick={() => selectView(item.view)}
            className={clsx(
              'h-9 rounded-md px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
              view === item.view
                ? 'bg-white text-neutral-950 shadow-sm'
                : 'text-neutral-600 hover:text-neutral-950',
            )}
          >
            {item.label}
          </button>
        ))}
      </div>

      <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${view}`}>
        {!filters || !money || !today ? (
          <ListLoading>Loading...</ListLoading>
        ) : view === 'recurring' ? (
          <section aria-label="Recurring expenses list" className="mt-6">
            <p className="mb-4 text-sm text-neutral-600">
              Rent, wages and subscriptions: the app records each one, with its withdrawal, on its days.
            </p>
            {choices.error !== null && (
              <div className="mb-4">
                <ListError error={choices.error} onRetry={choices.refetch} />
              </div>
            )}
            <RecurringExpenseList
              query={recurring}
              money={money}
              onOpen={(template) => setDialog({ kind: 'recurring', template })}
              onCreate={() => setDialog({ kind: 'recurring', template: null })}
            />
          </section>
        ) : (
          <>
            <section aria-label="Filters" className="mt-6">
              <ExpenseFiltersBar
                filters={filters}
                searchInput={searchInput}
                onSearchInput={(text) => {
                  setSearchInput(text);
                  setFilter('search', text.trim() || null);
                }}
                onChange={setFilter}
                onPeriod={setPeriod}
                choices={choices.data}
                today={today}
                rangeError={rangeError}
              />
              {choices.error !== null && (
                <div className="mt-3">
                  <ListError error={choices.error} onRetry={choices.refetch} />
                </div>
              )}
            </section>
            {rangeError === null && (
              <>
                <section aria-label="Totals" className="mt-6">
                  <ExpenseTotals totals={query.totals} money={money} exportUrl={expenseExportUrl(filters)} />
                </section>
                <section aria-label="Expenses list" className="mt-6">
                  <ExpenseList
                    query={query}
                    money={money}
                    filtered={filtered}
                    onOpen={(expense) => setDialog({ kind: 'edit', expense })}
                    onRecord={() => setDialog({ kind: 'record' })}
                  />
                </section>
              </>
            )}
          </>
        )}
      </div>

      {(dialog?.kind === 'record' || dialog?.kind === 'edit') && choices.data && money && today && (
        <ExpenseFormDialog
          key={dialog.kind === 'edit' ? dialog.expense.id : 'new'}
          expense={dialog.kind === 'edit' ? dialog.expense : null}
          receiptProblem={dialog.kind === 'edit' ? dialog.receiptProblem : null}
          choices={choices.data}
          money={money}
          today={today}
          onClose={() => setDialog(null)}
          onRecordedWithoutReceipt={(expense, problem) =>
            setDialog({ kind: 'edit', expense, receiptProblem: problem })
          }
          onVoid={(expense) => setDialog({ kind: 'void', expense })}
        />
      )}
      {dialog?.kind === 'recurring' && choices.data && money && today && (
        <RecurringExpenseFormDialog
          key={dialog.template?.id ?? 'new'}
          template={dialog.template}
          choices={choices.data}
          money={money}
          today={today}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'void' && money && (
        <VoidExpenseDialog expense={dialog.expense} locale={money.locale} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
