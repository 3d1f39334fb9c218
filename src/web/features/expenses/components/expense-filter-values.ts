import {
  EXPENSE_STATUSES,
  type ExpenseFilters,
  type ExpenseStatus,
} from '../../../../shared/contracts/expenses';

/** The list's filters as the page's query string holds them (the API's own names), and periods. */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The names of the list's filters in the page's query string. */
export const EXPENSE_FILTER_NAMES = [
  'from',
  'to',
  'categoryId',
  'supplierId',
  'accountId',
  'status',
  'search',
] as const;
export type ExpenseFilterName = (typeof EXPENSE_FILTER_NAMES)[number];

export const EXPENSE_STATUS_LABELS: Record<ExpenseStatus, string> = {
  recorded: 'Recorded',
  voided: 'Voided',
};

/** The first and last day of the month of `day` (`YYYY-MM-DD`), `months` months later (or earlier). */
export function monthOf(day: string, months = 0): { from: string; to: string } {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 + months;
  const first = new Date(Date.UTC(year, month, 1));
  const last = new Date(Date.UTC(year, month + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

const isStatus = (value: string | null): value is ExpenseStatus =>
  EXPENSE_STATUSES.includes(value as ExpenseStatus);

/**
 * The filters a page's query string asks for. Without `from` and `to` the period is this month (the
 * restaurant's `today`); an empty `from=` or `to=` leaves that end open ("All dates"). Values that
 * cannot be right (a malformed day, an unknown status) are ignored.
 */
export function expenseFiltersFrom(search: URLSearchParams, today: string): ExpenseFilters {
  const month = monthOf(today);
  const day = (name: 'from' | 'to') => {
    if (!search.has('from') && !search.has('to')) return month[name];
    const value = search.get(name) ?? '';
    return DAY.test(value) ? value : undefined;
  };
  const text = (name: ExpenseFilterName) => search.get(name)?.trim() || undefined;
  const status = search.get('status');
  return {
    from: day('from'),
    to: day('to'),
    categoryId: text('categoryId'),
    supplierId: text('supplierId'),
    accountId: text('accountId'),
    status: isStatus(status) ? status : undefined,
    search: text('search'),
  };
}
