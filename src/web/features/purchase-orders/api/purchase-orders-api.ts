import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import toast from 'react-hot-toast';
import type { InventoryItem, InventoryItemPage } from '../../../../shared/contracts/inventory';
import type { Supplier, Unit } from '../../../../shared/contracts/master-data';
import {
  PURCHASE_ORDERS_API,
  type PurchaseOrder,
  type PurchaseOrderEmailResult,
  type PurchaseOrderInput,
  type PurchaseOrderPage,
  type PurchaseOrderPaymentInput,
  type PurchaseOrderReceiptInput,
  type PurchaseOrderStatus,
  type PurchaseOrderStatusInput,
  type PurchaseOrderUpdate,
  type SupplierBalance,
} from '../../../../shared/contracts/purchase-orders';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useLiveTopic } from '../../../lib/use-live-topic';

/** Every server call of `/purchase-orders` (admin); the views refresh with the live topic `purchase-orders`. */

export interface PurchaseOrderListFilter {
  /** null: every status. */
  status: PurchaseOrderStatus | null;
}

const PAGE_SIZE = 50;
const LIVE_KEYS = [queryKeys.purchaseOrders.all];

function listUrl(filter: PurchaseOrderListFilter, cursor: string | null): string {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (filter.status) query.set('status', filter.status);
  if (cursor) query.set('cursor', cursor);
  return `${PURCHASE_ORDERS_API.orders}?${query}`;
}

/** `GET /api/purchase-orders`: newest first, "Load more" through the cursor. */
export function usePurchaseOrders(filter: PurchaseOrderListFilter) {
  useLiveTopic('purchase-orders', LIVE_KEYS);
  const query = useInfiniteQuery({
    queryKey: queryKeys.purchaseOrders.list(filter),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<PurchaseOrderPage>(listUrl(filter, pageParam), { signal, cache: 'no-cache' }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const orders = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  return { ...query, orders };
}

/** `GET /api/purchase-orders/{id}`. */
export function usePurchaseOrder(id: string) {
  useLiveTopic('purchase-orders', LIVE_KEYS);
  return useQuery({
    queryKey: queryKeys.purchaseOrders.detail(id),
    queryFn: ({ signal }) => apiRequest<PurchaseOrder>(PURCHASE_ORDERS_API.order(id), { signal }),
  });
}

/** What the lines may name: active items, active suppliers, and every unit (for purchase units' symbols). */
export interface OrderChoices {
  items: InventoryItem[];
  suppliers: Supplier[];
  units: Map<string, Unit>;
}

async function fetchChoices(signal: AbortSignal): Promise<OrderChoices> {
  const [items, suppliers, units] = await Promise.all([
    apiRequest<InventoryItemPage>('/api/inventory/items?active=true&limit=500', { signal }),
    apiRequest<{ items: Supplier[] }>('/api/suppliers?status=active&limit=500', { signal }),
    apiRequest<{ items: Unit[] }>('/api/units?status=active,archived&limit=500', { signal }),
  ]);
  return {
    items: items.items,
    suppliers: [...suppliers.items].sort((a, b) => a.name.localeCompare(b.name)),
    units: new Map(units.items.map((unit) => [unit.id, unit])),
  };
}

export function useOrderChoices() {
  useLiveTopic('inventory', [queryKeys.purchaseOrders.choices]);
  return useQuery({
    queryKey: queryKeys.purchaseOrders.choices,
    queryFn: ({ signal }) => fetchChoices(signal),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.purchaseOrders.all });
}

/** `POST /api/purchase-orders`: a new draft. */
export function useCreatePurchaseOrder() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: PurchaseOrderInput) =>
      apiRequest<PurchaseOrder>(PURCHASE_ORDERS_API.orders, { method: 'POST', body: input }),
    onSuccess: (order) => toast.success(`Draft ${order.number} written`),
    onSettled: invalidate,
  });
}

/** `POST /api/purchase-orders/suggest`: a draft of the supplier's low items. */
export function useSuggestPurchaseOrder() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (supplierId: string) =>
      apiRequest<PurchaseOrder>(PURCHASE_ORDERS_API.suggest, { method: 'POST', body: { supplierId } }),
    onSuccess: (order) => toast.success(`Draft ${order.number} suggested with ${order.lines.length} lines`),
    onSettled: invalidate,
  });
}

/** `PATCH /api/purchase-orders/{id}`: a draft's changes and the version they are based on. */
export function useUpdatePurchaseOrder(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: PurchaseOrderUpdate) =>
      apiRequest<PurchaseOrder>(PURCHASE_ORDERS_API.order(id), { method: 'PATCH', body: input }),
    onSuccess: (order) => toast.success(`${order.number} saved`),
    onSettled: invalidate,
  });
}

/** `POST /api/purchase-orders/{id}/status`: send or cancel. */
export function useChangePurchaseOrderStatus(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: PurchaseOrderStatusInput) =>
      apiRequest<PurchaseOrder>(PURCHASE_ORDERS_API.status(id), { method: 'POST', body: input }),
    onSettled: invalidate,
  });
}

/** `POST /api/purchase-orders/{id}/receipts`: one delivery. */
export function useReceiveDelivery(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: PurchaseOrderReceiptInput) =>
      apiRequest<PurchaseOrder>(PURCHASE_ORDERS_API.receipts(id), { method: 'POST', body: input }),
    onSuccess: (order) =>
      toast.success(order.status === 'received' ? `${order.number} fully received` : 'Delivery received'),
    onSettled: invalidate,
  });
}

/** `POST /api/purchase-orders/{id}/email`: to the supplier's address. */
export function useEmailPurchaseOrder(id: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<PurchaseOrderEmailResult>(PURCHASE_ORDERS_API.email(id), { method: 'POST', body: {} }),
    onSuccess: (result) => toast.success(`E-mailed to ${result.to}`),
  });
}

/** `GET /api/suppliers/{id}/balance`: what the supplier is owed over its orders, those still owing oldest first. */
export function useSupplierBalance(supplierId: string) {
  useLiveTopic('purchase-orders', LIVE_KEYS);
  return useQuery({
    queryKey: queryKeys.purchaseOrders.supplierBalance(supplierId),
    queryFn: ({ signal }) =>
      apiRequest<SupplierBalance>(PURCHASE_ORDERS_API.supplierBalance(supplierId), {
        signal,
        cache: 'no-cache',
      }),
  });
}

/** A payment moves money out of an account: the orders and the ledger's views both refresh. */
function useInvalidateWithLedger() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.purchaseOrders.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.ledger.all }),
    ]);
}

/** `POST /api/purchase-orders/{id}/payments`: the supplier paid from an account; resolves with the order. */
export function usePaySupplier(id: string) {
  const invalidate = useInvalidateWithLedger();
  return useMutation({
    mutationFn: (input: PurchaseOrderPaymentInput) =>
      apiRequest<PurchaseOrder>(PURCHASE_ORDERS_API.payments(id), { method: 'POST', body: input }),
    onSettled: invalidate,
  });
}

/** `POST /api/purchase-orders/{id}/payments/{paymentId}/void`: its withdrawal reversed, the order owing it again. */
export function useVoidSupplierPayment(id: string) {
  const invalidate = useInvalidateWithLedger();
  return useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: string; reason: string }) =>
      apiRequest<PurchaseOrder>(PURCHASE_ORDERS_API.voidPayment(id, paymentId), {
        method: 'POST',
        body: { reason },
      }),
    onSettled: invalidate,
  });
}
