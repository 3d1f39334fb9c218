import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ORDERS_API, type OrderPage } from '../../../../shared/contracts/orders';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { ReportPeriod } from '../statement-period';

const PAGE_SIZE = 50;

export interface LineOrdersFilter {
  type?: string;
  source?: string;
}

/**
 * `GET /api/orders?status=completed&dateOf=completed&from&to[&type][&source]`: the orders a sales line
 * counts (completed on the period's days), newest first; the first page carries the summary of them all.
 */
export function getLineOrders(
  period: ReportPeriod,
  filter: LineOrdersFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<OrderPage> {
  const params = new URLSearchParams({
    status: 'completed',
    dateOf: 'completed',
    from: period.from,
    to: period.to,
    limit: String(PAGE_SIZE),
  });
  if (filter.type) params.set('type', filter.type);
  if (filter.source) params.set('source', filter.source);
  if (cursor) params.set('cursor', cursor);
  else params.set('summary', 'true');
  return apiRequest<OrderPage>(`${ORDERS_API.orders}?${params}`, { signal, cache: 'no-cache' });
}

export function lineOrdersQueryOptions(period: ReportPeriod, filter: LineOrdersFilter) {
  return infiniteQueryOptions({
    queryKey: queryKeys.reports.records('orders', { ...period, ...filter }),
    queryFn: ({ pageParam, signal }) => getLineOrders(period, filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The completed orders behind a sales line, page by page ("Load more"). */
export function useLineOrders(period: ReportPeriod, filter: LineOrdersFilter) {
  const query = useInfiniteQuery(lineOrdersQueryOptions(period, filter));
  const orders = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  return { ...query, orders, summary: query.data?.pages[0]?.summary };
}
