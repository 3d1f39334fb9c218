import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EXPENSES_API,
  type RecurringExpense,
  type RecurringExpenseInput,
  type RecurringExpenseList,
  type RecurringExpenseUpdate,
} from '../../../../shared/contracts/expenses';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useLiveTopic } from '../../../lib/use-live-topic';

/**
 * Recurring expenses (rent, wages, a subscription) on `/expenses?view=recurring` (admin). The server
 * publishes the live topic `expenses` when a template changes and when the scheduler records one of
 * its days, so the list (under `queryKeys.expenses.all`) follows it like the expenses do.
 */

const TOPIC = 'expenses';
const LIVE_KEYS = [queryKeys.expenses.all];

function readRecurringExpenses(signal?: AbortSignal): Promise<RecurringExpenseList> {
  return apiRequest<RecurringExpenseList>(EXPENSES_API.recurring, { signal, cache: 'no-cache' });
}

/** `GET /api/recurring-expenses`: active ones first, by the next day they record on. */
export function useRecurringExpenses({ enabled = true } = {}) {
  useLiveTopic(TOPIC, LIVE_KEYS);
  return useQuery({
    queryKey: queryKeys.expenses.recurring,
    queryFn: ({ signal }) => readRecurringExpenses(signal),
    select: (list) => list.items,
    enabled,
  });
}

/**
 * One recurring expense as saved now (a form reloads it after a stale write). The API has no route
 * for one, so it is read from the list.
 */
export async function getRecurringExpense(id: string): Promise<RecurringExpense> {
  const { items } = await readRecurringExpenses();
  const found = items.find((item) => item.id === id);
  if (!found) throw new ApiError(404, 'not-found', 'This recurring expense no longer exists.');
  return found;
}

export type SaveRecurringExpense =
  | { id: null; fields: RecurringExpenseInput }
  | { id: string; fields: RecurringExpenseUpdate };

/** `POST /api/recurring-expenses` (new) or `PATCH /api/recurring-expenses/{id}` (only what changed). */
export function useSaveRecurringExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: SaveRecurringExpense) =>
      id === null
        ? apiRequest<RecurringExpense>(EXPENSES_API.recurring, { method: 'POST', body: fields })
        : apiRequest<RecurringExpense>(EXPENSES_API.recurringOne(id), { method: 'PATCH', body: fields }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.expenses.all }),
  });
}
