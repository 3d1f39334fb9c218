import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { EXPENSES_API, type ExpensePage } from '../../../../shared/contracts/expenses';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { ReportPeriod } from '../statement-period';

const PAGE_SIZE = 50;

/**
 * `GET /api/expenses?from&to&status=recorded[&categoryId]`: the expenses an operating expenses line
 * counts (dated in the period, not voided), newest date first, with the totals of them all.
 */
export function getLineExpenses(
  period: ReportPeriod,
  categoryId: string | undefined,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ExpensePage> {
  const params = new URLSearchParams({
    from: period.from,
    to: period.to,
    status: 'recorded',
    limit: String(PAGE_SIZE),
  });
  if (categoryId) params.set('categoryId', categoryId);
  if (cursor) params.set('cursor', cursor);
  return apiRequest<ExpensePage>(`${EXPENSES_API.expenses}?${params}`, { signal, cache: 'no-cache' });
}

export function lineExpensesQueryOptions(period: ReportPeriod, categoryId: string | undefined) {
  return infiniteQueryOptions({
    queryKey: queryKeys.reports.records('expenses', { ...period, categoryId: categoryId ?? null }),
    queryFn: ({ pageParam, signal }) => getLineExpenses(period, categoryId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The expenses behind a category's line (or every category's), page by page. */
export function useLineExpenses(period: ReportPeriod, categoryId: string | undefined) {
  const query = useInfiniteQuery(lineExpensesQueryOptions(period, categoryId));
  const expenses = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  return { ...query, expenses, totals: query.data?.pages[0]?.totals };
}
