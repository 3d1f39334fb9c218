import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicMenu } from '../../../../shared/contracts/menu';
import { MENU_API } from '../../../../shared/menu-catalog';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useLiveTopic } from '../../../lib/use-live-topic';

/**
 * `GET /api/menu/public`: the restaurant's details and the items shown online, by category. The server
 * answers `no-cache` with an ETag and the browser revalidates its copy with `If-None-Match` every time,
 * so a refetch of an unchanged menu is a 304 that costs almost nothing.
 */
export function getPublicMenu({ signal }: { signal?: AbortSignal } = {}): Promise<PublicMenu> {
  return apiRequest<PublicMenu>(MENU_API.publicMenu, { signal, cache: 'no-cache' });
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

const PUBLIC_MENU_KEYS = [queryKeys.publicMenu];

/** The public menu for `/`, refreshed as soon as the menu changes (live topic `menu`). */
export function usePublicMenu() {
  useLiveTopic('menu', PUBLIC_MENU_KEYS);
  return useQuery(publicMenuQueryOptions());
}
