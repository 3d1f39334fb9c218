import { useQuery } from '@tanstack/react-query';
import type { PublicTable } from '../../../../shared/contracts/orders';
import { ORDERS_API } from '../../../../shared/order-limits';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { TableCheck } from '../checkout-model';

/** `GET /api/tables/by-name/{name}` (public): the active table a QR link names; 404 unknown, 409 archived. */
export function getTableByName(
  name: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PublicTable> {
  return apiRequest<PublicTable>(`${ORDERS_API.tableByName}/${encodeURIComponent(name)}`, { signal });
}

/**
 * The table of the guest's QR link, checked against the restaurant's tables before a dine-in order
 * names it: a table that is not ours (404) or no longer in use (409) is said, never silently accepted.
 */
export function useTableCheck(name: string | null): TableCheck & { retry: () => void } {
  const query = useQuery({
    queryKey: queryKeys.tableByName(name ?? ''),
    queryFn: ({ signal }) => getTableByName(name ?? '', { signal }),
    enabled: name !== null,
    // An unknown or archived table stays so; only a lost connection is worth another try.
    retry: (count, error) => count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    staleTime: 5 * 60 * 1000,
  });
  const retry = () => void query.refetch();
  if (query.data) return { status: 'ok', name: query.data.name, retry };
  if (query.error) {
    if (isApiError(query.error) && query.error.status === 404) return { status: 'unknown', retry };
    if (isApiError(query.error) && query.error.status === 409) return { status: 'archived', retry };
    return { status: 'failed', message: query.error.message, retry };
  }
  return { status: 'checking', retry };
}
