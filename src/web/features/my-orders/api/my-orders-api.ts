import {
  type QueryKey,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Order, OrderPage } from '../../../../shared/contracts/orders';
import type { CustomerOrderWithPayments } from '../../../../shared/contracts/payments';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useLiveTopic } from '../../../lib/use-live-topic';

/**
 * The signed-in customer's own orders (`/account/orders`): `GET /api/orders` answers a
 * customer only their own orders, newest first; `GET /api/orders/{id}` only their own order (404 for
 * anyone else's). They refresh by themselves through the live topics `my-orders:<userId>` (any of the
 * customer's orders changed) and `order:<id>` (that order changed).
 *
 * Only types come from `contracts/orders.ts` (which loads zod): the status watcher that every page of a
 * signed-in customer loads imports this module, and stays small.
 */

/** `ORDERS_API.orders` of `contracts/orders.ts`, written here so this module loads no zod. */
const ORDERS_URL = '/api/orders';

/** How many orders a page of My orders shows before "Load more". */
export const MY_ORDERS_PAGE_SIZE = 20;

/** `/api/orders/{id}` and its sub-paths. */
export function myOrderApiPath(id: string, ...rest: string[]): string {
  return [`${ORDERS_URL}/${encodeURIComponent(id)}`, ...rest].join('/');
}

/** The live topic of every change of `userId`'s orders (only that user may follow it). */
export function myOrdersTopic(userId: string): string {
  return `my-orders:${userId}`;
}

/** The live topic of one order (its customer and staff may follow it). */
export function orderTopic(orderId: string): string {
  return `order:${orderId}`;
}

function listUrl(limit: number, cursor?: string): string {
  const search = new URLSearchParams({ limit: String(limit) });
  if (cursor) search.set('cursor', cursor);
  return `${ORDERS_URL}?${search.toString()}`;
}

/** Every view of the customer's orders lives under `queryKeys.orders.all`, so one invalidation reaches all. */
const MY_ORDERS_LIVE_KEYS: readonly QueryKey[] = [queryKeys.orders.all];

/** Keeps every view of `userId`'s orders fresh while any of them changes on the server. */
export function useFollowMyOrders(userId: string): void {
  useLiveTopic(myOrdersTopic(userId), MY_ORDERS_LIVE_KEYS);
}

/** `/account/orders`: the customer's orders newest first, "load more" through the cursor, live. */
export function useMyOrders(userId: string) {
  useFollowMyOrders(userId);
  const query = useInfiniteQuery({
    queryKey: queryKeys.orders.list({ mine: true, limit: MY_ORDERS_PAGE_SIZE }),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<OrderPage>(listUrl(MY_ORDERS_PAGE_SIZE, pageParam), { signal, cache: 'no-cache' }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const orders = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  return { ...query, orders };
}

/**
 * The customer's newest orders (one page), which the status watcher compares from one change to the
 * next. A customer rarely has more than a few orders under way; 20 leaves plenty of room.
 */
export function recentOrdersQueryOptions() {
  const params = { mine: true, recent: true, limit: MY_ORDERS_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.orders.list(params),
    queryFn: ({ signal }) =>
      apiRequest<OrderPage>(listUrl(MY_ORDERS_PAGE_SIZE), { signal, cache: 'no-cache' }),
    select: (page: OrderPage) => page.items,
  });
}

/**
 * `GET /api/orders/{id}`: one of the customer's orders (a 404 for anyone else's or a missing one), each
 * payment as its customer sees it (method, amount, refunded, date).
 */
export function useMyOrder(id: string) {
  return useQuery({
    queryKey: queryKeys.orders.one(id),
    queryFn: ({ signal }) =>
      apiRequest<CustomerOrderWithPayments>(myOrderApiPath(id), { signal, cache: 'no-cache' }),
  });
}

/** Follows `order:<id>` (call it only once the order is known to be the caller's: a refusal would stop the stream). */
export function useFollowOrder(id: string): void {
  useLiveTopic(orderTopic(id), MY_ORDERS_LIVE_KEYS);
}

/**
 * `POST /api/orders/{id}/status` `{ status: 'cancelled', version }`: a customer cancels their order
 * while it is still pending. On success the order's cache takes the answer; on a refusal (staff
 * accepted it meanwhile: 409) every view of the orders is read again, so the page shows what is true.
 */
export function useCancelMyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Pick<Order, 'id' | 'version'>) =>
      apiRequest<Order>(myOrderApiPath(order.id, 'status'), {
        method: 'POST',
        body: { status: 'cancelled', version: order.version },
      }),
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.orders.one(order.id), order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
