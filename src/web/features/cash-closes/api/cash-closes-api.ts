import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  CASH_CLOSES_API,
  type CashClose,
  type CashCloseInput,
  type CashClosePage,
  type CashCloseReport,
} from '../../../../shared/contracts/cash-closes';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useLiveTopic } from '../../../lib/use-live-topic';

/**
 * Every server call of `/orders/close-day` (managers and admins). The closes refresh with the live
 * topic `cash-closes`; what a drawer should hold moves with every payment and refund, so the preview
 * also follows `orders` (a payment or a refund announces its order). Expenses and transfers have
 * admin-only topics a manager may not follow: the preview is read again when the page comes back
 * into view, and the server counts the drawer afresh at the close anyway.
 */

const TOPIC = 'cash-closes';
const LIVE_KEYS = [queryKeys.cashCloses.all];
const PAGE_SIZE = 20;

export interface CashDrawer {
  id: string;
  name: string;
}

/** `GET /api/cash-closes/drawers`: the active cash accounts, by name. */
export function useCashDrawers() {
  useLiveTopic(TOPIC, LIVE_KEYS);
  return useQuery({
    queryKey: queryKeys.cashCloses.drawers,
    queryFn: ({ signal }) =>
      apiRequest<{ items: CashDrawer[] }>(`${CASH_CLOSES_API.closes}/drawers`, {
        signal,
        cache: 'no-cache',
      }),
    select: (data) => data.items,
  });
}

/**
 * `GET /api/cash-closes/preview?accountId=`: what the drawer should hold now, with the day's end
 * report so far (since its last close). Never served from a stale cache.
 */
export function useCashClosePreview(accountId: string | null) {
  const queryKey = queryKeys.cashCloses.preview(accountId ?? '');
  useLiveTopic(TOPIC, LIVE_KEYS);
  useLiveTopic('orders', [queryKey]);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      apiRequest<CashCloseReport>(
        `${CASH_CLOSES_API.preview}?${new URLSearchParams({ accountId: accountId ?? '' })}`,
        { signal, cache: 'no-cache' },
      ),
    enabled: accountId !== null,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** `GET /api/cash-closes`: the closes, newest first (of one drawer, or every one), "Load more" by cursor. */
export function useCashCloses({
  accountId,
  limit = PAGE_SIZE,
  enabled = true,
}: {
  accountId?: string;
  limit?: number;
  enabled?: boolean;
} = {}) {
  useLiveTopic(TOPIC, LIVE_KEYS);
  const query = useInfiniteQuery({
    queryKey: queryKeys.cashCloses.list({ accountId: accountId ?? '', limit }),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(limit) });
      if (accountId) params.set('accountId', accountId);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<CashClosePage>(`${CASH_CLOSES_API.closes}?${params}`, { signal, cache: 'no-cache' });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
  const closes = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  return { ...query, closes };
}

/**
 * `POST /api/cash-closes`: counts the drawer and closes the day. Every view of the closes (and the
 * ledger's, whose balance the over or short moves) is refreshed after it.
 */
export function useCloseTheDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CashCloseInput) =>
      apiRequest<CashClose>(CASH_CLOSES_API.closes, { method: 'POST', body: input }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.cashCloses.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.ledger.all });
    },
  });
}
