import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Page } from '../../../../shared/contracts/fields';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Optimistic changes to cached records of one resource. The resource hooks cache three shapes under
 * `queryKeys.resources.all(basePath)`: a page (`{ items }`), pages of an infinite list
 * (`{ pages: [{ items }] }`) and one record; a change is applied to every copy, so the list, the
 * counts and an open record agree at once, and can be taken back if the server refuses it.
 */
type Cached<T> = Page<T> | InfiniteData<Page<T>> | T;

function isPage<T>(data: unknown): data is Page<T> {
  return typeof data === 'object' && data !== null && Array.isArray((data as Page<T>).items);
}

function isInfinite<T>(data: unknown): data is InfiniteData<Page<T>> {
  return typeof data === 'object' && data !== null && Array.isArray((data as InfiniteData<T>).pages);
}

function mapCached<T extends { id: string }>(data: unknown, change: (record: T) => T): unknown {
  if (isInfinite<T>(data)) {
    return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(change) })) };
  }
  if (isPage<T>(data)) return { ...data, items: data.items.map(change) };
  if (typeof data === 'object' && data !== null && 'id' in data) return change(data as T);
  return data;
}

export interface CacheSnapshot {
  entries: [QueryKey, unknown][];
}

/**
 * Stops running reads of `basePath` (they would overwrite the change), applies `change` to every
 * cached record and returns what was there before, for `restoreCache`.
 */
export async function changeCachedRecords<T extends { id: string }>(
  queryClient: QueryClient,
  basePath: string,
  change: (record: T) => T,
): Promise<CacheSnapshot> {
  const queryKey = queryKeys.resources.all(basePath);
  await queryClient.cancelQueries({ queryKey });
  const entries = queryClient.getQueriesData<Cached<T>>({ queryKey });
  queryClient.setQueriesData<Cached<T>>({ queryKey }, (data) => mapCached(data, change) as Cached<T>);
  return { entries };
}

/** Puts back what `changeCachedRecords` replaced. */
export function restoreCache(queryClient: QueryClient, snapshot: CacheSnapshot | undefined): void {
  for (const [key, data] of snapshot?.entries ?? []) queryClient.setQueryData(key, data);
}
