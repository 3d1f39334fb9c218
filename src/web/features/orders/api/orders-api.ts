import {
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import type {
  LineVoidInput,
  LineVoidRequestInput,
  Order,
  OrderInput,
  OrderListSummary,
  OrderMergeInput,
  OrderPage,
  OrderRoundInput,
  OrderSplitInput,
  OrderStatusChangeInput,
  OrderSummary,
  OrderTableMoveInput,
  PointOfSale,
} from '../../../../shared/contracts/orders';
import type { OrderWithPayments } from '../../../../shared/contracts/payments';
import { ORDERS_API } from '../../../../shared/order-limits';
import type { OrderStatus } from '../../../../shared/order-status';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useLiveTopic } from '../../../lib/use-live-topic';

/**
 * Every server call of the orders screens. Reads revalidate with ETags (an idle
 * refresh is a 304) and refresh by themselves through the live topics: `orders` (any order changed),
 * `order-requests` (the pending requests changed), `order:<id>` (one order changed).
 */

const ORDER_LIVE_KEYS: readonly QueryKey[] = [queryKeys.orders.all];

/** `/api/orders/{id}` and its sub-paths. */
export function orderApiPath(id: string, ...rest: string[]): string {
  return [`${ORDERS_API.orders}/${encodeURIComponent(id)}`, ...rest].join('/');
}

export interface OrderListParams {
  /** Comma-separated statuses (`pending`, `confirmed,preparing,ready`). */
  status?: string;
  type?: string;
  source?: string;
  paymentStatus?: string;
  /** Dates `YYYY-MM-DD` in the restaurant's time zone, both included. */
  from?: string;
  to?: string;
  search?: string;
  limit?: number;
  /** `true`: the first page carries the summary of the whole filtered list. */
  summary?: 'true';
}

function listUrl(params: OrderListParams, cursor?: string): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  if (cursor) search.set('cursor', cursor);
  const query = search.toString();
  return query ? `${ORDERS_API.orders}?${query}` : ORDERS_API.orders;
}

/**
 * `GET /api/orders` with filters, newest first, "load more" through the cursor. The first page also
 * asks for the summary of the whole filtered list (`summary`: count and totals of every page).
 */
export function useOrders(params: OrderListParams) {
  useLiveTopic('orders', ORDER_LIVE_KEYS);
  const query = useInfiniteQuery({
    queryKey: queryKeys.orders.list({ ...params, summary: true }),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<OrderPage>(listUrl(pageParam ? params : { ...params, summary: 'true' }, pageParam), {
        signal,
        cache: 'no-cache',
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const orders = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  const summary: OrderListSummary | undefined = query.data?.pages[0]?.summary;
  return { ...query, orders, summary };
}

/** The query of one page of up to 500 orders in `status` (comma-separated), shared by every reader. */
export function openOrdersQueryOptions(status: string) {
  const params = { status, limit: 500 };
  return {
    queryKey: queryKeys.orders.list(params),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest<OrderPage>(listUrl(params), { signal, cache: 'no-cache' }),
  };
}

/**
 * The open orders of the kitchen board and the request list: one page of up to 500, which a shift
 * never fills. `status` as for `useOrders`.
 */
export function useOpenOrders(status: string) {
  useLiveTopic('orders', ORDER_LIVE_KEYS);
  return useQuery({ ...openOrdersQueryOptions(status), select: (page: OrderPage) => page.items });
}

/** The open checks at tables: dine-in orders that are confirmed, preparing or ready. */
export const OPEN_CHECKS_PARAMS = { status: 'confirmed,preparing,ready', type: 'dine-in', limit: 500 };

/**
 * The tables' open checks for the point of sale, which offers to add a round to one: one page of up to
 * 500 (a floor never holds more), read again with the live topic `orders`. The list has no table
 * filter: the point of sale picks a table's checks from it.
 */
export function useOpenChecks(options: { enabled?: boolean } = {}) {
  useLiveTopic('orders', ORDER_LIVE_KEYS);
  return useQuery({
    queryKey: queryKeys.orders.list(OPEN_CHECKS_PARAMS),
    queryFn: ({ signal }) =>
      apiRequest<OrderPage>(listUrl(OPEN_CHECKS_PARAMS), { signal, cache: 'no-cache' }),
    select: (page: OrderPage) => page.items,
    enabled: options.enabled ?? true,
  });
}

/**
 * The cancelled orders placed since `fromDay` (`YYYY-MM-DD`, the restaurant's day), one page of up to
 * 500: the kitchen board shows the ones cancelled a moment ago. Read again with the live topic
 * `orders`, like the open orders beside it.
 */
export function useCancelledOrders(fromDay: string) {
  useLiveTopic('orders', ORDER_LIVE_KEYS);
  const params = { status: 'cancelled', from: fromDay, limit: 500 };
  return useQuery({
    queryKey: queryKeys.orders.list(params),
    queryFn: ({ signal }) => apiRequest<OrderPage>(listUrl(params), { signal, cache: 'no-cache' }),
    select: (page: OrderPage) => page.items,
  });
}

/**
 * One order in the cache: `GET /api/orders/{id}` answers it with its money (payments, amount due, the
 * payment link); the answers of placing or moving an order, put in the cache meanwhile, may not carry
 * it until the order is read again.
 */
export type CachedOrder = Order | OrderWithPayments;

/**
 * `GET /api/orders/{id}` for the staff screens: one order, refreshed with the live topic `orders`
 * (which every order's change announces; `order:<id>` is announced only for a customer's order, for
 * the customer's own page).
 */
export function useOrder(id: string, options: { enabled?: boolean } = {}) {
  useLiveTopic('orders', ORDER_LIVE_KEYS);
  return useQuery({
    queryKey: queryKeys.orders.one(id),
    queryFn: ({ signal }): Promise<CachedOrder> => readOrder(id, signal),
    enabled: options.enabled ?? true,
  });
}

/** `GET /api/orders/{id}`: one order as the server holds it now, with its money. */
export function readOrder(id: string, signal?: AbortSignal): Promise<OrderWithPayments> {
  return apiRequest<OrderWithPayments>(orderApiPath(id), { signal, cache: 'no-cache' });
}

/**
 * `POST /api/orders/{id}/lines`: a round added to an open check, based on the version shown (an older
 * one is a 409 `stale`; a check that is no longer confirmed, preparing or ready a 409 `not-open`).
 */
export function addRound(id: string, input: OrderRoundInput): Promise<Order> {
  return apiRequest<Order>(orderApiPath(id, 'lines'), { method: 'POST', body: input });
}

/** `GET /api/orders/summary`: the pending requests (the navigation badge) and tables with open orders. */
export function useOrderSummary(options: { enabled?: boolean } = {}) {
  useLiveTopic('orders', ORDER_LIVE_KEYS);
  return useQuery({
    queryKey: queryKeys.orders.summary,
    queryFn: ({ signal }) => apiRequest<OrderSummary>(ORDERS_API.summary, { signal, cache: 'no-cache' }),
    enabled: options.enabled ?? true,
  });
}

/** `GET /api/orders/point-of-sale`: the menu by category, tables, partners and the pricing settings. */
export function usePointOfSale() {
  useLiveTopic('menu', [queryKeys.orders.pointOfSale]);
  useLiveTopic('settings', [queryKeys.orders.pointOfSale]);
  return useQuery({
    queryKey: queryKeys.orders.pointOfSale,
    queryFn: ({ signal }) => apiRequest<PointOfSale>(ORDERS_API.pointOfSale, { signal, cache: 'no-cache' }),
  });
}

/**
 * `POST /api/orders` with an `Idempotency-Key`: the caller makes one key per attempt (a new cart) and
 * sends the same key again on a retry, so a double tap or a lost answer never makes two orders.
 */
export function placeOrder(input: OrderInput, idempotencyKey: string): Promise<Order> {
  return apiRequest<Order>(ORDERS_API.orders, {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: OrderInput; idempotencyKey: string }) =>
      placeOrder(input, idempotencyKey),
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.orders.one(order.id), order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}

/** `POST /api/orders/{id}/status`: a move of the status table, based on the version shown. */
export function changeOrderStatus(id: string, change: OrderStatusChangeInput): Promise<Order> {
  return apiRequest<Order>(orderApiPath(id, 'status'), { method: 'POST', body: change });
}

/**
 * A status move. On success the order's cache takes the answer; on any refusal (a stale version, a
 * move no longer allowed) every view of the orders is read again, so the screen shows what is true.
 */
export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: OrderStatusChangeInput }) =>
      changeOrderStatus(id, change),
    onSuccess: (order) => {
      // The move's answer may not carry the order's money: what the page showed of it stays until the
      // order is read again (at once: a cancel may have refunded its payments).
      queryClient.setQueryData<CachedOrder>(queryKeys.orders.one(order.id), (shown) =>
        shown && 'payments' in shown && !('payments' in order) ? { ...shown, ...order } : order,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}

/**
/**
 * The open-check calls of the order page and the board: void or comp a line, move the check to
 * another table, merge other checks into it, split some of its lines off, take back the board's last
 * step. Each is based on the version shown; on success the order's cache takes the answer (keeping
 * the money the page showed until the order is read again), and whatever the answer (a refusal: a
 * stale version, a check no longer open, a recall too late) every view of the orders is read again,
 * so the page shows what is true.
 */
function useCheckMutation<Input>(send: (input: Input) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (order) => {
      queryClient.setQueryData<CachedOrder>(queryKeys.orders.one(order.id), (shown) =>
        shown && 'payments' in shown && !('payments' in order) ? { ...shown, ...order } : order,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}

/** A recall: the order's last step on the board taken back, to `to` (the status it came from). */
export function useRecallOrder() {
  return useCheckMutation(({ id, to, version }: { id: string; to: OrderStatus; version: number }) =>
    changeOrderStatus(id, { status: to, version, recall: true }),
  );
}

/** `POST /api/orders/{id}/lines/{lineId}/void`: a manager (or staff with a manager's approval) voids or comps a line. */
export function useVoidLine() {
  return useCheckMutation(({ id, lineId, input }: { id: string; lineId: string; input: LineVoidInput }) =>
    apiRequest<Order>(orderApiPath(id, 'lines', encodeURIComponent(lineId), 'void'), {
      method: 'POST',
      body: input,
    }),
  );
}

/**
 * `POST /api/orders/{id}/lines/{lineId}/void-request`: staff ask the managers to void or comp a line
 * (they are told, and do it from their own device); nothing on the order changes.
 */
export function useRequestVoid() {
  return useMutation({
    mutationFn: ({ id, lineId, input }: { id: string; lineId: string; input: LineVoidRequestInput }) =>
      apiRequest<void>(orderApiPath(id, 'lines', encodeURIComponent(lineId), 'void-request'), {
        method: 'POST',
        body: input,
      }),
  });
}

/** `POST /api/orders/{id}/move`: an open dine-in check to another table. */
export function useMoveCheck() {
  return useCheckMutation(({ id, input }: { id: string; input: OrderTableMoveInput }) =>
    apiRequest<Order>(orderApiPath(id, 'move'), { method: 'POST', body: input }),
  );
}

/** `POST /api/orders/{id}/merge`: other open checks join this one. */
export function useMergeChecks() {
  return useCheckMutation(({ id, input }: { id: string; input: OrderMergeInput }) =>
    apiRequest<Order>(orderApiPath(id, 'merge'), { method: 'POST', body: input }),
  );
}

/** `POST /api/orders/{id}/split` → 201 with the new check (the first one is read again). */
export function useSplitCheck() {
  return useCheckMutation(({ id, input }: { id: string; input: OrderSplitInput }) =>
    apiRequest<Order>(orderApiPath(id, 'split'), { method: 'POST', body: input }),
  );
}
