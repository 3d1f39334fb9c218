import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LEDGER_API,
  type Reconciliation,
  type ReconciliationDraft,
  type ReconciliationInput,
  type ReconciliationList,
  type StatementMatch,
  type StatementMatchInput,
} from '../../../../shared/contracts/ledger';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Reconciling an account against a bank statement (admin; docs/PRODUCT-RULES.md, Bank and cash ledger). */

/**
 * `GET /api/bank-accounts/{id}/reconciliation?statementDate=`: the balance reconciled so far and the
 * rows a statement of that day can show. Read afresh each time the view opens; while another day is
 * read the previous day's rows stay on the screen.
 */
export function useReconciliationDraft(accountId: string, statementDate: string | null) {
  return useQuery({
    queryKey: queryKeys.ledger.reconciliationDraft(accountId, statementDate ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<ReconciliationDraft>(
        `${LEDGER_API.reconciliationDraft(accountId)}?${new URLSearchParams({ statementDate: statementDate ?? '' })}`,
        { signal, cache: 'no-cache' },
      ),
    enabled: statementDate !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/bank-accounts/{id}/reconciliations`: the statements the account was reconciled to. */
export function useReconciliations(accountId: string) {
  return useQuery({
    queryKey: queryKeys.ledger.reconciliations(accountId),
    queryFn: ({ signal }) =>
      apiRequest<ReconciliationList>(LEDGER_API.reconciliations(accountId), { signal, cache: 'no-cache' }),
    select: (data) => data.items,
  });
}

/**
 * `POST /api/bank-accounts/{id}/reconciliations`. Every ledger view is refreshed without waiting, so
 * the view closes on the answer rather than showing its rows vanish first.
 */
export function useCloseReconciliation(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReconciliationInput) =>
      apiRequest<Reconciliation>(LEDGER_API.reconciliations(accountId), { method: 'POST', body: input }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.ledger.all });
    },
  });
}

/** `POST /api/bank-accounts/{id}/reconciliations/match`: the bank's CSV lines and the rows they match. */
export function useMatchStatement(accountId: string) {
  return useMutation({
    mutationFn: (input: StatementMatchInput) =>
      apiRequest<StatementMatch>(LEDGER_API.statementMatch(accountId), { method: 'POST', body: input }),
  });
}
