import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  type AccountBalance,
  type AccountLedger,
  type BankTransaction,
  type BankTransactionKind,
  LEDGER_API,
  type ManualTransactionInput,
  type Transfer,
  type TransferInput,
  type VoidResult,
} from '../../../../shared/contracts/ledger';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every server call of an account's page (admin). A change here refreshes every ledger view. */

const PAGE_SIZE = 50;

export interface LedgerFilter {
  /** Days, inclusive; '' leaves that end open. */
  from: string;
  to: string;
  kind: BankTransactionKind | '';
}

/** `GET /api/bank-accounts/{id}/transactions`: newest first, "Load more" through the cursor. */
export function useAccountLedger(accountId: string, filter: LedgerFilter) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.ledger.account(accountId, filter),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (filter.from) params.set('from', filter.from);
      if (filter.to) params.set('to', filter.to);
      if (filter.kind) params.set('kind', filter.kind);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<AccountLedger>(`${LEDGER_API.accountTransactions(accountId)}?${params}`, {
        signal,
        cache: 'no-cache',
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  return { ...query, rows, summary: query.data?.pages[0] };
}

/** `GET /api/bank-account-balances`: every account with its balance (the transfer's choices). */
export function useAccountBalances() {
  return useQuery({
    queryKey: queryKeys.ledger.balances,
    queryFn: ({ signal }) =>
      apiRequest<{ items: AccountBalance[] }>(LEDGER_API.balances, { signal, cache: 'no-cache' }),
    select: (data) => data.items,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.ledger.all });
}

/** `POST /api/bank-transactions`: a deposit, withdrawal or bank fee by hand. */
export function useRecordEntry() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: ManualTransactionInput) =>
      apiRequest<BankTransaction>(LEDGER_API.transactions, { method: 'POST', body: input }),
    onSettled: invalidate,
  });
}

/** `POST /api/bank-transfers`. */
export function useRecordTransfer() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: TransferInput) =>
      apiRequest<Transfer>(LEDGER_API.transfers, { method: 'POST', body: input }),
    onSettled: invalidate,
  });
}

/** `POST /api/bank-transactions/{id}/void`. */
export function useVoidTransaction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiRequest<VoidResult>(LEDGER_API.voidTransaction(id), { method: 'POST', body: { reason } }),
    onSettled: invalidate,
  });
}
