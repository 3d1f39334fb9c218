import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import toast from 'react-hot-toast';
import {
  COUPONS_API,
  type Coupon,
  type CouponInput,
  type CouponPage,
  type CouponStatus,
  type CouponUpdate,
} from '../../../../shared/contracts/coupons';
import { ApiError, apiRequest, errorMessage, isApiError } from '../../../lib/api-client';
import { couponApiPath } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';
import { isStaleWrite, staleActionMessage } from '../../../lib/stale-write';
import { useLiveTopic } from '../../../lib/use-live-topic';

/** Every server call of `/coupons` (admin); the lists refresh with the live topic `coupons`. */

export interface CouponListFilter {
  search: string;
  /** null: every status. */
  status: CouponStatus | null;
}

const PAGE_SIZE = 50;
const COUPON_LIVE_KEYS = [queryKeys.coupons.all];

function listUrl(filter: CouponListFilter, cursor: string | null): string {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (filter.search) query.set('search', filter.search);
  if (filter.status) query.set('status', filter.status);
  if (cursor) query.set('cursor', cursor);
  return `${COUPONS_API.coupons}?${query}`;
}

/** `GET /api/coupons`: newest first, "Load more" through the cursor. */
export function useCoupons(filter: CouponListFilter) {
  useLiveTopic('coupons', COUPON_LIVE_KEYS);
  const query = useInfiniteQuery({
    queryKey: queryKeys.coupons.list(filter),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<CouponPage>(listUrl(filter, pageParam), { signal, cache: 'no-cache' }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const coupons = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  return { ...query, coupons };
}

/** `GET /api/coupons/{id}`: the coupon as saved now (the form reloads it after a stale write). */
export function getCoupon(id: string): Promise<Coupon> {
  return apiRequest<Coupon>(couponApiPath(id));
}

/**
 * A refusal that names its field in `details.path` alone ("There is already a coupon SAVE10.", 409):
 * given as a field issue, so the form shows it on that field.
 */
function withFieldIssue(error: unknown): unknown {
  if (!isApiError(error)) return error;
  const details = error.details as { path?: unknown; issues?: unknown } | undefined;
  if (typeof details?.path !== 'string' || details.issues !== undefined) return error;
  return new ApiError(error.status, error.code, error.message, {
    ...details,
    issues: [{ path: details.path, message: error.message }],
  });
}

/** `POST /api/coupons`, or `PATCH /api/coupons/{id}` with the changes and the version they are based on. */
export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fields }: { id: string | null; fields: CouponInput | CouponUpdate }) => {
      try {
        return id === null
          ? await apiRequest<Coupon>(COUPONS_API.coupons, { method: 'POST', body: fields })
          : await apiRequest<Coupon>(couponApiPath(id), { method: 'PATCH', body: fields });
      } catch (error) {
        throw withFieldIssue(error);
      }
    },
    onSuccess: (coupon, { id }) => {
      toast.success(id === null ? `Coupon ${coupon.code} created` : `Coupon ${coupon.code} updated`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.coupons.all }),
  });
}

/** Activate or deactivate in one tap. */
export function useSetCouponActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ coupon, active }: { coupon: Coupon; active: boolean }) =>
      apiRequest<Coupon>(couponApiPath(coupon.id), {
        method: 'PATCH',
        body: { active, version: coupon.version } satisfies CouponUpdate,
      }),
    onSuccess: (coupon) => {
      toast.success(coupon.active ? `Coupon ${coupon.code} is active` : `Coupon ${coupon.code} is inactive`);
    },
    onError: (error) => {
      toast.error(isStaleWrite(error) ? staleActionMessage('this coupon') : errorMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.coupons.all }),
  });
}

/** `DELETE /api/coupons/{id}`; a coupon used on orders is refused (409: make it inactive instead). */
export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (coupon: Coupon) => apiRequest<void>(couponApiPath(coupon.id), { method: 'DELETE' }),
    onSuccess: (_result, coupon) => {
      toast.success(`Coupon ${coupon.code} deleted`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.coupons.all }),
  });
}
