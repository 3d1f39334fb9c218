import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicMenu } from '../../../../shared/contracts/menu';
import { MENU_API } from '../../../../shared/menu-catalog';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /api/menu/public`: the restaurant's details and the items shown online, by category. The server
 * answers `no-cache` with an ETag, so the browser revalidates and a 304 costs almost nothing.
 */
export function getPublicMenu({ signal }: { signal?: AbortSignal } = {}): Promise<PublicMenu> {
  return apiRequest<PublicMenu>(MENU_API.publicMenu, { signal });
}

/** Query options of the public menu: a "sold out" switch in the kitchen shows on the next focus. */
export function publicMenuQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.publicMenu,
    queryFn: getPublicMenu,
    staleTime: 60 * 1000,
    refetchOnWindowFocus: true,
  });
}

/** The public menu for `/`. */
export function usePublicMenu() {
  return useQuery(publicMenuQueryOptions());
}
