import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type AccountLedger, LEDGER_API } from '../../../../shared/contracts/ledger';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { ReportPeriod } from '../statement-period';

const PAGE_SIZE = 50;

/**
 * `GET /api/bank-accounts/{id}/transactions?from&to`: an account's rows booked on the period's days,
 * newest first, with the balance before and after and the money in and out.
 */
export function getLineLedger(
  accountId: string,
  period: ReportPeriod,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AccountLedger> {
  const params = new URLSearchParams({ from: period.from, to: period.to, limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest<AccountLedger>(`${LEDGER_API.accountTransactions(accountId)}?${params}`, {
    signal,
    cache: 'no-cache',
  });
}

export function lineLedgerQueryOptions(accountId: string, period: ReportPeriod) {
  return infiniteQueryOptions({
    queryKey: queryKeys.reports.records('ledger', { ...period, accountId }),
    queryFn: ({ pageParam, signal }) => getLineLedger(accountId, period, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** An account's rows in the period, page by page. */
export function useLineLedger(accountId: string, period: ReportPeriod) {
  const query = useInfiniteQuery(lineLedgerQueryOptions(accountId, period));
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  return { ...query, rows, summary: query.data?.pages[0] };
}
