import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { InventoryGroup } from '../../../../shared/contracts/inventory';
import {
  STOCK_COUNTS_API,
  STOCK_COUNTS_TOPIC,
  type StockCount,
  type StockCountInput,
  type StockCountLinesInput,
  type StockCountPage,
} from '../../../../shared/contracts/stock-counts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useLiveTopic } from '../../../lib/use-live-topic';

/** Every server call of the stock counts screens; they refresh with the live topic `inventory-counts`. */

const LIVE_KEYS = [queryKeys.stockCounts.all];
const PAGE_SIZE = 50;
/** Line saves share this key, so the screen knows when one is still on its way. */
export const SAVE_LINES_KEY = ['stock-counts', 'save-lines'] as const;

/** `GET /api/inventory/counts`: newest first, "Load more" through the cursor. */
export function useStockCounts() {
  useLiveTopic(STOCK_COUNTS_TOPIC, LIVE_KEYS);
  const query = useInfiniteQuery({
    queryKey: queryKeys.stockCounts.list,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<StockCountPage>(`${STOCK_COUNTS_API.counts}?${params}`, {
        signal,
        cache: 'no-cache',
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const counts = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  return { ...query, counts };
}

/** `GET /api/inventory/counts/{id}`, refetched whenever anyone counts a line. */
export function useStockCount(id: string) {
  useLiveTopic(STOCK_COUNTS_TOPIC, LIVE_KEYS);
  return useQuery({
    queryKey: queryKeys.stockCounts.one(id),
    queryFn: ({ signal }) =>
      apiRequest<StockCount>(STOCK_COUNTS_API.count(id), { signal, cache: 'no-cache' }),
  });
}

/** `POST /api/inventory/counts`: every active item, or one group's. */
export function useOpenStockCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { group: InventoryGroup | null; note: string }) =>
      apiRequest<StockCount>(STOCK_COUNTS_API.counts, {
        method: 'POST',
        body: {
          ...(input.group ? { group: input.group } : {}),
          ...(input.note.trim() ? { note: input.note.trim() } : {}),
        } satisfies StockCountInput,
      }),
    onSuccess: (count) => queryClient.setQueryData(queryKeys.stockCounts.one(count.id), count),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.stockCounts.list }),
  });
}

/** `PATCH /api/inventory/counts/{id}/lines`: one line as it was typed (null clears it). */
export function useSaveCountLine(countId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SAVE_LINES_KEY,
    mutationFn: (line: { itemId: string; counted: string | null }) =>
      apiRequest<StockCount>(STOCK_COUNTS_API.lines(countId), {
        method: 'PATCH',
        body: { lines: [line] } satisfies StockCountLinesInput,
      }),
    onSuccess: (count) => queryClient.setQueryData(queryKeys.stockCounts.one(count.id), count),
  });
}

/** `POST /api/inventory/counts/{id}/finish` or `/cancel`, based on the version on screen. */
export function useCloseStockCount(countId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, version }: { action: 'finish' | 'cancel'; version: number }) =>
      apiRequest<StockCount>(
        action === 'finish' ? STOCK_COUNTS_API.finish(countId) : STOCK_COUNTS_API.cancel(countId),
        { method: 'POST', body: { version } },
      ),
    onSuccess: (count) => queryClient.setQueryData(queryKeys.stockCounts.one(count.id), count),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.stockCounts.all }),
  });
}
