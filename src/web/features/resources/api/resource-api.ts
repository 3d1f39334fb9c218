import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Page, RecordStatus } from '../../../../shared/contracts/fields';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Fetchers and hooks for every back-office resource built on the server's resource pattern
 * (`src/server/lib/resource.ts`): the same five calls for suppliers, units, menu items…
 */

export interface ResourceListParams {
  search?: string;
  status?: RecordStatus;
  sort?: 'newest' | 'position';
  /** Extra filters the resource knows (`categoryId`). */
  filters?: Record<string, string>;
  limit?: number;
}

const recordPath = (basePath: string, id: string) => `${basePath}/${encodeURIComponent(id)}`;

/** `GET {basePath}`: one page of records. */
export function listResource<Item>(
  basePath: string,
  params: ResourceListParams & { cursor?: string | null; signal?: AbortSignal },
): Promise<Page<Item>> {
  const query = new URLSearchParams({ limit: String(params.limit ?? 50) });
  if (params.search) query.set('search', params.search);
  if (params.status) query.set('status', params.status);
  if (params.sort) query.set('sort', params.sort);
  for (const [key, value] of Object.entries(params.filters ?? {})) if (value) query.set(key, value);
  if (params.cursor) query.set('cursor', params.cursor);
  return apiRequest<Page<Item>>(`${basePath}?${query}`, { signal: params.signal });
}

export function resourceListQueryOptions<Item>(basePath: string, params: ResourceListParams) {
  return infiniteQueryOptions({
    queryKey: queryKeys.resources.list(basePath, params),
    queryFn: ({ pageParam, signal }) =>
      listResource<Item>(basePath, { ...params, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Records page by page ("Load more"). */
export function useResourceList<Item>(basePath: string, params: ResourceListParams) {
  return useInfiniteQuery(resourceListQueryOptions<Item>(basePath, params));
}

/** Every active record (up to 500), for pickers such as a unit's base unit or an item's category. */
export function useResourceOptions<Item>(basePath: string, params: Omit<ResourceListParams, 'limit'> = {}) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.resources.options(basePath, params),
      queryFn: ({ signal }) => listResource<Item>(basePath, { ...params, limit: 500, signal }),
      select: (page) => page.items,
    }),
  );
}

/** `GET {basePath}/{id}`: one record, read whole (lists may mask fields). */
export function useResource<Item>(basePath: string, id: string | null) {
  return useQuery({
    queryKey: queryKeys.resources.one(basePath, id ?? ''),
    queryFn: ({ signal }) => apiRequest<Item>(recordPath(basePath, id ?? ''), { signal }),
    enabled: id !== null,
  });
}

/** Everything cached under `basePath` is stale after a write. */
export function useInvalidateResource(basePath: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.resources.all(basePath) });
}

/** `POST {basePath}`. */
export function useCreateResource<Item, Input>(basePath: string) {
  const invalidate = useInvalidateResource(basePath);
  return useMutation({
    mutationFn: (input: Input) => apiRequest<Item>(basePath, { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

/**
 * `PATCH {basePath}/{id}`: a change, an archive (`active: false`) or a restore, with the `version` it
 * is based on. Lists are read again after a refusal too: a stale version (409) means they are old.
 */
export function useUpdateResource<Item, Update>(basePath: string) {
  const invalidate = useInvalidateResource(basePath);
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Update }) =>
      apiRequest<Item>(recordPath(basePath, id), { method: 'PATCH', body: changes }),
    onSettled: invalidate,
  });
}

/** `DELETE {basePath}/{id}` (409 when the record is in use: archive it instead). */
export function useDeleteResource(basePath: string) {
  const invalidate = useInvalidateResource(basePath);
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(recordPath(basePath, id), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
