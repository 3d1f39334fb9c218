import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  EXPENSES_API,
  type Expense,
  type ExpenseFilters,
  type ExpenseInput,
  type ExpensePage,
  type ExpenseUpdate,
} from '../../../../shared/contracts/expenses';
import {
  type BankAccount,
  type ExpenseCategory,
  MASTER_DATA_API,
  type Supplier,
} from '../../../../shared/contracts/master-data';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useLiveTopic } from '../../../lib/use-live-topic';
import { useResourceOptions } from '../../resources';

/**
 * Every server call of `/expenses` (admin); the views refresh with the live topic `expenses`. A write
 * also moves an account's balance, so the ledger's views are refreshed with it.
 */

const TOPIC = 'expenses';
const LIVE_KEYS = [queryKeys.expenses.all];
const PAGE_SIZE = 50;

/** The filters as the list, the totals and the CSV export take them (empty ones left out). */
export function expenseFilterParams(filters: ExpenseFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['from', 'to', 'categoryId', 'supplierId', 'accountId', 'status', 'search'] as const) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  return params;
}

/** `GET /api/expenses/export?…`: the CSV file of the same filters. */
export function expenseExportUrl(filters: ExpenseFilters): string {
  const params = expenseFilterParams(filters).toString();
  return params ? `${EXPENSES_API.export}?${params}` : EXPENSES_API.export;
}

/** `GET /api/expenses`: newest date first, "Load more" through the cursor; the totals cover every page. */
export function useExpenses(filters: ExpenseFilters, { enabled = true } = {}) {
  useLiveTopic(TOPIC, LIVE_KEYS);
  const query = useInfiniteQuery({
    queryKey: queryKeys.expenses.list(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = expenseFilterParams(filters);
      params.set('limit', String(PAGE_SIZE));
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<ExpensePage>(`${EXPENSES_API.expenses}?${params}`, { signal, cache: 'no-cache' });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
  const expenses = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  return { ...query, expenses, totals: query.data?.pages[0]?.totals };
}

/** `GET /api/expenses/{id}`: the expense as saved now (a form reloads it after a stale write). */
export function getExpense(id: string): Promise<Expense> {
  return apiRequest<Expense>(EXPENSES_API.expense(id), { cache: 'no-cache' });
}

/** One record a choice names: its id, its name and whether it is archived. */
export interface ExpenseChoice {
  id: string;
  name: string;
  active: boolean;
}

/** What an expense may name, each by name; archived ones are kept for the filters and old expenses. */
export interface ExpenseChoices {
  categories: ExpenseChoice[];
  suppliers: ExpenseChoice[];
  accounts: ExpenseChoice[];
}

/** Archived records too (the resources' lists take `status=active,archived`). */
const ALL_RECORDS = { filters: { status: 'active,archived' } };

const byName = (a: ExpenseChoice, b: ExpenseChoice) => a.name.localeCompare(b.name);
const choicesOf = (items: readonly ExpenseChoice[]) =>
  items.map(({ id, name, active }) => ({ id, name, active })).sort(byName);

/**
 * Expense categories, suppliers and bank or cash accounts (Master Data's lists, which its screens
 * refresh when they change them); null until all three have answered.
 */
export function useExpenseChoices() {
  const categories = useResourceOptions<ExpenseCategory>(MASTER_DATA_API.expenseCategories, ALL_RECORDS);
  const suppliers = useResourceOptions<Supplier>(MASTER_DATA_API.suppliers, ALL_RECORDS);
  const accounts = useResourceOptions<BankAccount>(MASTER_DATA_API.bankAccounts, ALL_RECORDS);
  const data = useMemo<ExpenseChoices | null>(
    () =>
      categories.data && suppliers.data && accounts.data
        ? {
            categories: choicesOf(categories.data),
            suppliers: choicesOf(suppliers.data),
            accounts: choicesOf(accounts.data),
          }
        : null,
    [categories.data, suppliers.data, accounts.data],
  );
  const failed = [categories, suppliers, accounts].find((query) => query.isError);
  return {
    data,
    error: failed?.error ?? null,
    refetch: () => {
      for (const query of [categories, suppliers, accounts]) if (query.isError) void query.refetch();
    },
  };
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.expenses.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.ledger.all }),
    ]);
}

/** `POST /api/expenses/{id}/receipt` (multipart field `file`): resolves with the expense. */
export function uploadReceipt(id: string, file: File): Promise<Expense> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<Expense>(EXPENSES_API.receipt(id), { method: 'POST', form });
}

/** `DELETE /api/expenses/{id}/receipt`: resolves with the expense. */
export function removeReceipt(id: string): Promise<Expense> {
  return apiRequest<Expense>(EXPENSES_API.receipt(id), { method: 'DELETE' });
}

/** What the form changes of the receipt: nothing, a new file, or none any more. */
export type ReceiptChange = { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'remove' };

export interface SaveExpense {
  /** null records a new expense. */
  id: string | null;
  /** The whole expense (new), or only what changed with its version (null: nothing changed). */
  fields: ExpenseInput | ExpenseUpdate | null;
  receipt: ReceiptChange;
}

export interface SavedExpense {
  /** The expense as saved (null: nothing was sent). */
  expense: Expense | null;
  created: boolean;
  /** The receipt's refusal (the expense itself is saved, or was not changed). */
  receiptError: unknown;
}

/**
 * Saves the expense form: `POST` or `PATCH`, then the receipt (it needs the expense's id, so a new
 * expense's receipt goes up once the expense exists). A refused receipt leaves the expense saved: the
 * answer says so, and the receipt can be attached again.
 */
export function useSaveExpense() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, fields, receipt }: SaveExpense): Promise<SavedExpense> => {
      let expense: Expense | null = null;
      if (id === null) {
        expense = await apiRequest<Expense>(EXPENSES_API.expenses, { method: 'POST', body: fields });
      } else if (fields !== null) {
        expense = await apiRequest<Expense>(EXPENSES_API.expense(id), { method: 'PATCH', body: fields });
      }
      const expenseId = expense?.id ?? id;
      if (expenseId === null) throw new Error('The expense could not be saved.');
      let receiptError: unknown = null;
      try {
        if (receipt.kind === 'replace') expense = await uploadReceipt(expenseId, receipt.file);
        if (receipt.kind === 'remove') expense = await removeReceipt(expenseId);
      } catch (error) {
        // The expense is saved (a new one must not be recorded twice by a second try): the answer
        // says what happened to the receipt, next to it.
        receiptError = error;
      }
      return { expense, created: id === null, receiptError };
    },
    onSettled: invalidate,
  });
}

/** `POST /api/expenses/{id}/void`: the account's withdrawal is reversed; the expense stays, voided. */
export function useVoidExpense() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, version, reason }: { id: string; version: number; reason: string }) =>
      apiRequest<Expense>(EXPENSES_API.voidExpense(id), { method: 'POST', body: { version, reason } }),
    onSettled: invalidate,
  });
}
