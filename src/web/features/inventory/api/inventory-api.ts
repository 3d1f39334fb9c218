import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  INVENTORY_API,
  type InventoryGroup,
  type InventoryImportResult,
  type InventoryItem,
  type InventoryItemInput,
  type InventoryItemPage,
  type InventoryItemUpdate,
  type InventorySummary,
  type StockMovementInput,
  type StockMovementPage,
  type StockMovementResult,
} from '../../../../shared/contracts/inventory';
import { INVENTORY_USAGE_PATH, type UsageReport } from '../../../../shared/contracts/inventory-usage';
import type { Supplier, Unit } from '../../../../shared/contracts/master-data';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useLiveTopic } from '../../../lib/use-live-topic';

/** Every server call of `/inventory` (admin); the views refresh with the live topic `inventory`. */

const TOPIC = 'inventory';
const LIVE_KEYS = [queryKeys.inventory.all];
const PAGE_SIZE = 100;

export interface InventoryFilter {
  group: InventoryGroup | null;
  supplierId: string | null;
  /** Only the items at or below their reorder level. */
  lowStock: boolean;
  /** true: the archived items instead of the active ones. */
  archived: boolean;
  search: string;
}

/** The list's query string; the CSV export takes the same one. */
export function filterParams(filter: InventoryFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.group) params.set('group', filter.group);
  if (filter.supplierId) params.set('supplierId', filter.supplierId);
  if (filter.lowStock) params.set('lowStock', 'true');
  params.set('active', filter.archived ? 'false' : 'true');
  if (filter.search.trim()) params.set('search', filter.search.trim());
  return params;
}

/** `GET /api/inventory/items`: by name, "Load more" through the cursor. */
export function useInventoryItems(filter: InventoryFilter) {
  useLiveTopic(TOPIC, LIVE_KEYS);
  const query = useInfiniteQuery({
    queryKey: queryKeys.inventory.list(filter),
    queryFn: ({ pageParam, signal }) => {
      const params = filterParams(filter);
      params.set('limit', String(PAGE_SIZE));
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<InventoryItemPage>(`${INVENTORY_API.items}?${params}`, { signal, cache: 'no-cache' });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  return { ...query, items };
}

/** `GET /api/inventory/summary`: what there is and what needs attention. */
export function useInventorySummary() {
  useLiveTopic(TOPIC, LIVE_KEYS);
  return useQuery({
    queryKey: queryKeys.inventory.summary,
    queryFn: ({ signal }) =>
      apiRequest<InventorySummary>(INVENTORY_API.summary, { signal, cache: 'no-cache' }),
  });
}

/** `GET /api/inventory/items/{id}`. */
export function useInventoryItem(id: string) {
  useLiveTopic(TOPIC, LIVE_KEYS);
  return useQuery({
    queryKey: queryKeys.inventory.item(id),
    queryFn: ({ signal }) => apiRequest<InventoryItem>(INVENTORY_API.item(id), { signal, cache: 'no-cache' }),
  });
}

/** `GET /api/inventory/items/{id}/movements`: newest first. */
export function useItemMovements(id: string) {
  useLiveTopic(TOPIC, LIVE_KEYS);
  const query = useInfiniteQuery({
    queryKey: queryKeys.inventory.movements(id),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: '50' });
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<StockMovementPage>(`${INVENTORY_API.itemMovements(id)}?${params}`, {
        signal,
        cache: 'no-cache',
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const movements = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  return { ...query, movements };
}

/** What an item may name: every unit (archived ones too, for an item that still uses one) and the active suppliers. */
export interface ItemChoices {
  units: Unit[];
  suppliers: Supplier[];
}

export function useItemChoices() {
  return useQuery({
    queryKey: queryKeys.inventory.choices,
    queryFn: async ({ signal }): Promise<ItemChoices> => {
      const [units, suppliers] = await Promise.all([
        apiRequest<{ items: Unit[] }>('/api/units?status=active,archived&limit=500', { signal }),
        apiRequest<{ items: Supplier[] }>('/api/suppliers?status=active&limit=500', { signal }),
      ]);
      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
      return { units: [...units.items].sort(byName), suppliers: [...suppliers.items].sort(byName) };
    },
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.inventory.all });
}

/** `POST /api/inventory/items`. */
export function useCreateInventoryItem() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: InventoryItemInput) =>
      apiRequest<InventoryItem>(INVENTORY_API.items, { method: 'POST', body: input }),
    onSettled: invalidate,
  });
}

/** `PATCH /api/inventory/items/{id}`: the changes and the version they are based on. */
export function useUpdateInventoryItem(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: Partial<InventoryItemUpdate>) =>
      apiRequest<InventoryItem>(INVENTORY_API.item(id), { method: 'PATCH', body: input }),
    onSuccess: (item) => queryClient.setQueryData(queryKeys.inventory.item(item.id), item),
    onSettled: invalidate,
  });
}

/** `POST /api/inventory/movements`: an adjustment or waste. */
export function useRecordMovement() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: StockMovementInput) =>
      apiRequest<StockMovementResult>(INVENTORY_API.movements, { method: 'POST', body: input }),
    onSuccess: (result) => queryClient.setQueryData(queryKeys.inventory.item(result.item.id), result.item),
    onSettled: invalidate,
  });
}

/** `POST /api/inventory/items/import`: the file's text; all rows or none. */
export function useImportItems() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (csv: string) =>
      apiRequest<InventoryImportResult>(INVENTORY_API.itemsImport, { method: 'POST', body: { csv } }),
    onSettled: invalidate,
  });
}

export interface UsageQuery {
  from: string;
  to: string;
  group: InventoryGroup | null;
}

/** The report's query string; its CSV link adds `format=csv`. */
export function usageParams(query: UsageQuery): URLSearchParams {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.group) params.set('group', query.group);
  return params;
}

/** `GET /api/inventory/usage`: where stock went between two days. */
export function useUsageReport(query: UsageQuery, enabled: boolean) {
  useLiveTopic(TOPIC, LIVE_KEYS);
  return useQuery({
    queryKey: queryKeys.inventory.usage(query),
    queryFn: ({ signal }) =>
      apiRequest<UsageReport>(`${INVENTORY_USAGE_PATH}?${usageParams(query)}`, { signal, cache: 'no-cache' }),
    enabled,
  });
}
