import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import type { OrderPage } from '../../../../shared/contracts/orders';
import { type Dashboard, REPORT_TOPICS, REPORTS_API } from '../../../../shared/contracts/reports';
import { ORDERS_API } from '../../../../shared/order-limits';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useLiveTopic } from '../../../lib/use-live-topic';
import type { AnalyticsPeriod } from '../analytics-period';
import type { OrdersDrill } from '../dashboard-model';

/**
 * Every server call of `/admin/dashboard` (admin): the dashboard of a period and the completed orders
 * behind its bars and cells, refetched whenever a record they read changes (the ETag makes a refetch
 * of an unchanged dashboard a 304).
 */

const LIVE_KEYS = [queryKeys.analytics.all];

/** One hook per topic the reports read (`REPORT_TOPICS`), always the same nine, in the same order. */
function useAnalyticsTopics(): void {
  useLiveTopic(REPORT_TOPICS[0], LIVE_KEYS);
  useLiveTopic(REPORT_TOPICS[1], LIVE_KEYS);
  useLiveTopic(REPORT_TOPICS[2], LIVE_KEYS);
  useLiveTopic(REPORT_TOPICS[3], LIVE_KEYS);
  useLiveTopic(REPORT_TOPICS[4], LIVE_KEYS);
  useLiveTopic(REPORT_TOPICS[5], LIVE_KEYS);
  useLiveTopic(REPORT_TOPICS[6], LIVE_KEYS);
  useLiveTopic(REPORT_TOPICS[7], LIVE_KEYS);
  useLiveTopic(REPORT_TOPICS[8], LIVE_KEYS);
}

/** `GET /api/reports/dashboard?from&to`, revalidated with its ETag (`no-cache`). */
export function getDashboard(period: AnalyticsPeriod, signal?: AbortSignal): Promise<Dashboard> {
  const params = new URLSearchParams({ from: period.from, to: period.to });
  return apiRequest<Dashboard>(`${REPORTS_API.dashboard}?${params}`, { signal, cache: 'no-cache' });
}

export function dashboardQueryOptions(period: AnalyticsPeriod) {
  return queryOptions({
    queryKey: queryKeys.analytics.dashboard({ from: period.from, to: period.to }),
    queryFn: ({ signal }) => getDashboard(period, signal),
    // Another period keeps the last one on screen (dimmed) until it has arrived.
    placeholderData: keepPreviousData,
  });
}

/** The period's dashboard, refreshed whenever a record it reads changes. */
export function useDashboard(period: AnalyticsPeriod) {
  useAnalyticsTopics();
  return useQuery(dashboardQueryOptions(period));
}

const PAGE_SIZE = 100;

/**
 * `GET /api/orders?status=completed&dateOf=completed&from&to[&type][&source]&limit=100`: the completed
 * orders of a drill's period, type and source, newest first, page by page.
 */
export function getDrillOrders(drill: OrdersDrill, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({
    status: 'completed',
    dateOf: 'completed',
    from: drill.period.from,
    to: drill.period.to,
    limit: String(PAGE_SIZE),
  });
  if (drill.type) params.set('type', drill.type);
  if (drill.source) params.set('source', drill.source);
  if (cursor) params.set('cursor', cursor);
  return apiRequest<OrderPage>(`${ORDERS_API.orders}?${params}`, { signal, cache: 'no-cache' });
}

export function drillOrdersQueryOptions(drill: OrdersDrill) {
  return infiniteQueryOptions({
    queryKey: queryKeys.analytics.orders({ ...drill.period, type: drill.type, source: drill.source }),
    queryFn: ({ pageParam, signal }) => getDrillOrders(drill, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The completed orders behind a bar or a cell (before the weekday and hour filter), page by page. */
export function useDrillOrders(drill: OrdersDrill) {
  const query = useInfiniteQuery(drillOrdersQueryOptions(drill));
  const orders = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  return { ...query, orders };
}
