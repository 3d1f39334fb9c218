import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RecordStatus } from '../../../../shared/contracts/fields';
import { type FoodCategory, MASTER_DATA_API } from '../../../../shared/contracts/master-data';
import { MENU_API, type MenuItem } from '../../../../shared/contracts/menu';
import { queryKeys } from '../../../lib/query-keys';
import { useLiveTopic } from '../../../lib/use-live-topic';
import { type ResourceListParams, resourceListQueryOptions, useResourceOptions } from '../../resources';

/** The largest page the server gives: a category's items arrive in one request. */
const WHOLE_LIST = 500;

/** One parameter object for the categories, so every reader and the reorder share a cache entry. */
export const CATEGORY_LIST_PARAMS: Omit<ResourceListParams, 'limit'> = { sort: 'position' };
const ITEM_COUNT_PARAMS: Omit<ResourceListParams, 'limit'> = { sort: 'position' };

/** Records in position order, as the server sorts them (position, then id). */
export function byPosition<T extends { id: string; sortOrder: number }>(a: T, b: T): number {
  return a.sortOrder - b.sortOrder || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The active food categories in the owner's order (`GET /api/food-categories?sort=position`). */
export function useFoodCategories() {
  const query = useResourceOptions<FoodCategory>(MASTER_DATA_API.foodCategories, CATEGORY_LIST_PARAMS);
  const categories = useMemo(() => (query.data ? [...query.data].sort(byPosition) : undefined), [query.data]);
  return { ...query, categories };
}

/** How many active items each category has (and all together), from one list of the active items. */
export function useMenuItemCounts() {
  const query = useResourceOptions<MenuItem>(MENU_API.items, ITEM_COUNT_PARAMS);
  return useMemo(() => {
    const byCategory = new Map<string, number>();
    for (const item of query.data ?? []) {
      byCategory.set(item.categoryId, (byCategory.get(item.categoryId) ?? 0) + 1);
    }
    return { byCategory, total: query.data?.length ?? null };
  }, [query.data]);
}

export interface MenuItemsFilter {
  /** null: every category ("All items"). */
  categoryId: string | null;
  status: RecordStatus;
  search: string;
}

/**
 * What refreshes with the live topic `menu`: the lists of items and categories, not the record an open
 * form was loaded from (a save based on it meets the stale-write check, which says what changed).
 */
const MENU_LIVE_KEYS = [
  [...queryKeys.resources.all(MENU_API.items), 'list'],
  [...queryKeys.resources.all(MENU_API.items), 'options'],
  queryKeys.resources.all(MASTER_DATA_API.foodCategories),
];

/**
 * `GET /api/menu/items?sort=position&limit=500`: one category's items (or all of them) in the order
 * guests see, with "Load more" should a list ever pass 500.
 */
export function useMenuItems({ categoryId, status, search }: MenuItemsFilter) {
  // A change made elsewhere (another screen, another process) shows without a reload.
  useLiveTopic('menu', MENU_LIVE_KEYS);
  const params: ResourceListParams = {
    sort: 'position',
    status,
    limit: WHOLE_LIST,
    ...(search ? { search } : {}),
    ...(categoryId ? { filters: { categoryId } } : {}),
  };
  const query = useInfiniteQuery(resourceListQueryOptions<MenuItem>(MENU_API.items, params));
  const items = useMemo(
    () => (query.data ? query.data.pages.flatMap((page) => page.items).sort(byPosition) : undefined),
    [query.data],
  );
  return { ...query, items };
}
