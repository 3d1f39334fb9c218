import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BUDGETS_API,
  type BudgetAllocationsInput,
  type BudgetCopyInput,
  type BudgetMonth,
} from '../../../../shared/contracts/expenses';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useLiveTopic } from '../../../lib/use-live-topic';

/**
 * Every server call of `/budget-allocations` (admin). The server publishes the topic `expenses` on
 * every budget or expense change, so the month shown refreshes by itself.
 */

const LIVE_KEYS = [queryKeys.budgets.all];

/** `GET /api/budget-allocations?month=YYYY-MM`: the month's lines, totals and the six months to it. */
export function useBudgetMonth(month: string) {
  useLiveTopic('expenses', LIVE_KEYS);
  return useQuery({
    queryKey: queryKeys.budgets.month(month),
    queryFn: ({ signal }) =>
      apiRequest<BudgetMonth>(`${BUDGETS_API.allocations}?${new URLSearchParams({ month })}`, {
        signal,
        cache: 'no-cache',
      }),
    // Another month keeps the last one on screen (dimmed) until it has arrived.
    placeholderData: keepPreviousData,
  });
}

/** The month the server answered, put in place; every other month's history may have changed too. */
function useSettle() {
  const queryClient = useQueryClient();
  return {
    onSuccess: (budget: BudgetMonth) => {
      queryClient.setQueryData(queryKeys.budgets.month(budget.month), budget);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.budgets.all }),
  };
}

/** `PUT /api/budget-allocations`: the lines named (0 removes one); the others keep theirs. */
export function useSaveBudget() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (input: BudgetAllocationsInput) =>
      apiRequest<BudgetMonth>(BUDGETS_API.allocations, { method: 'PUT', body: input }),
    ...settle,
  });
}

/** `POST /api/budget-allocations/copy`: into `to`'s categories that have none (409 `nothing-to-copy`). */
export function useCopyBudget() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (input: BudgetCopyInput) =>
      apiRequest<BudgetMonth>(BUDGETS_API.copy, { method: 'POST', body: input }),
    ...settle,
  });
}
