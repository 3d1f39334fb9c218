import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  type FoodCategory,
  type FoodCategoryInput,
  MASTER_DATA_API,
} from '../../../../shared/contracts/master-data';
import {
  MENU_API,
  type MenuItem,
  type MenuItemInput,
  type MenuItemUpdate,
} from '../../../../shared/contracts/menu';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { menuItemApiPath } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';
import { isStaleWrite, staleActionMessage } from '../../../lib/stale-write';
import { changeCachedRecords, restoreCache } from './menu-cache';

/** Every cached view of the menu items (lists, counts, one item) is read again. */
function invalidateItems(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.resources.all(MENU_API.items) });
}

function invalidateCategories(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.resources.all(MASTER_DATA_API.foodCategories) });
}

/** `POST /api/menu/items`. */
export function createMenuItem(input: MenuItemInput): Promise<MenuItem> {
  return apiRequest<MenuItem>(MENU_API.items, { method: 'POST', body: input });
}

/** `GET /api/menu/items/{id}`: the item as saved now (a form reloads it after a stale write). */
export function getMenuItem(id: string): Promise<MenuItem> {
  return apiRequest<MenuItem>(menuItemApiPath(id));
}

/** `PATCH /api/menu/items/{id}`: only the fields that changed, and the `version` they are based on. */
export function updateMenuItem(id: string, changes: MenuItemUpdate): Promise<MenuItem> {
  return apiRequest<MenuItem>(menuItemApiPath(id), { method: 'PATCH', body: changes });
}

/** `POST /api/menu/items/{id}/photo` (multipart field `photo`): resolves with the item. */
export function uploadMenuItemPhoto(id: string, file: File): Promise<MenuItem> {
  const form = new FormData();
  form.append('photo', file);
  return apiRequest<MenuItem>(menuItemApiPath(id, 'photo'), { method: 'POST', form });
}

/** `DELETE /api/menu/items/{id}/photo`: resolves with the item. */
export function removeMenuItemPhoto(id: string): Promise<MenuItem> {
  return apiRequest<MenuItem>(menuItemApiPath(id, 'photo'), { method: 'DELETE' });
}

/** `POST /api/menu/items/{id}/duplicate`: the copy, hidden online. */
export function duplicateMenuItem(id: string): Promise<MenuItem> {
  return apiRequest<MenuItem>(menuItemApiPath(id, 'duplicate'), { method: 'POST' });
}

/** What the item form changes: the fields (create or patch) and the photo, one after the other. */
export interface SaveMenuItem {
  id: string | null;
  /** The whole item for a new one; only the changed fields for an existing one (may be empty). */
  fields: MenuItemInput | MenuItemUpdate;
  photo: { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'remove' };
}

/**
 * Saves the item form: `POST` or `PATCH`, then the photo (it needs the item's id, so a new item's photo
 * goes up once the item exists). A refused photo leaves the saved fields saved and says so.
 */
export function useSaveMenuItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fields, photo }: SaveMenuItem) => {
      let item: MenuItem | null = null;
      if (id === null) item = await createMenuItem(fields as MenuItemInput);
      else if (Object.keys(fields).length > 0) item = await updateMenuItem(id, fields as MenuItemUpdate);
      const itemId = item?.id ?? id;
      if (itemId === null) throw new Error('The menu item could not be saved.');
      let photoError: unknown = null;
      try {
        if (photo.kind === 'replace') item = await uploadMenuItemPhoto(itemId, photo.file);
        if (photo.kind === 'remove') item = await removeMenuItemPhoto(itemId);
      } catch (error) {
        // The fields are saved; a new item must not be created twice by a second try.
        if (item === null) throw error;
        photoError = error;
      }
      return { item, created: id === null, photoError };
    },
    onSuccess: ({ created, photoError }) => {
      toast.success(created ? 'Menu item created' : 'Menu item updated');
      if (photoError) toast.error(`The photo was not saved: ${errorMessage(photoError)}`);
    },
    onSettled: () => invalidateItems(queryClient),
  });
}

/** The "86" switch in one tap: shows at once, and goes back with a message if the server refuses. */
export function useSetAvailableToday() {
  const queryClient = useQueryClient();
  return useMutation({
    // Taps go out one after another, each with the version the one before it makes (shown at once).
    scope: { id: 'menu-item-available-today' },
    mutationFn: ({ id, availableToday, version }: { id: string; availableToday: boolean; version: number }) =>
      updateMenuItem(id, { availableToday, version }),
    onMutate: ({ id, availableToday }) =>
      changeCachedRecords<MenuItem>(queryClient, MENU_API.items, (item) =>
        item.id === id ? { ...item, availableToday, version: item.version + 1 } : item,
      ),
    onError: (error, _input, snapshot) => {
      restoreCache(queryClient, snapshot);
      toast.error(isStaleWrite(error) ? staleActionMessage('this menu item') : errorMessage(error));
    },
    onSettled: () => invalidateItems(queryClient),
  });
}

/** Positions 0, 1, 2… for `ids` in every cached copy, so lists sorted by position show the new order. */
function positionsOf(ids: string[]) {
  const position = new Map(ids.map((id, index) => [id, index]));
  return <T extends { id: string; sortOrder: number }>(record: T): T => {
    const next = position.get(record.id);
    return next === undefined ? record : { ...record, sortOrder: next };
  };
}

/**
 * `POST /api/menu/items/reorder` with a category's whole new order. Moves run one after another
 * (one scope), so quick taps on the arrows reach the server in the order they were made.
 */
export function useReorderMenuItems() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'menu-items-reorder' },
    mutationFn: (ids: string[]) => apiRequest<void>(MENU_API.reorderItems, { method: 'POST', body: { ids } }),
    onMutate: (ids) => changeCachedRecords<MenuItem>(queryClient, MENU_API.items, positionsOf(ids)),
    onError: (error, _ids, snapshot) => {
      restoreCache(queryClient, snapshot);
      toast.error(errorMessage(error));
    },
    onSettled: () => invalidateItems(queryClient),
  });
}

/** `POST /api/food-categories/reorder` with the whole new order of the categories. */
export function useReorderFoodCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'food-categories-reorder' },
    mutationFn: (ids: string[]) =>
      apiRequest<void>(MENU_API.reorderCategories, { method: 'POST', body: { ids } }),
    onMutate: (ids) =>
      changeCachedRecords<FoodCategory>(queryClient, MASTER_DATA_API.foodCategories, positionsOf(ids)),
    onError: (error, _ids, snapshot) => {
      restoreCache(queryClient, snapshot);
      toast.error(errorMessage(error));
    },
    onSettled: () => invalidateCategories(queryClient),
  });
}

/** `POST /api/food-categories`: a category made from the menu screen without leaving it. */
export function useCreateFoodCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FoodCategoryInput) =>
      apiRequest<FoodCategory>(MASTER_DATA_API.foodCategories, { method: 'POST', body: input }),
    onSuccess: (category) => {
      toast.success(`Category “${category.name}” created`);
      return invalidateCategories(queryClient);
    },
  });
}

/** Duplicate: the copy lands right after the original, hidden online until edited. */
export function useDuplicateMenuItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: MenuItem) => duplicateMenuItem(item.id),
    onSuccess: (copy) => {
      toast.success(`Copied as “${copy.name}” — hidden online until you edit it`);
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
    onSettled: () => invalidateItems(queryClient),
  });
}

/** Archive (`active: false`: off the menu, kept on old orders) or restore. */
export function useSetMenuItemActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, active }: { item: MenuItem; active: boolean }) =>
      updateMenuItem(item.id, { active, version: item.version }),
    onSuccess: (item) => {
      toast.success(item.active ? `“${item.name}” is back on the menu` : `“${item.name}” archived`);
    },
    onError: (error) => {
      toast.error(isStaleWrite(error) ? staleActionMessage('this menu item') : errorMessage(error));
    },
    onSettled: () => invalidateItems(queryClient),
  });
}

/** `DELETE /api/menu/items/{id}`; an item on orders is refused (409) and the message says to archive. */
export function useDeleteMenuItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: MenuItem) => apiRequest<void>(menuItemApiPath(item.id), { method: 'DELETE' }),
    onSuccess: (_result, item) => {
      toast.success(`“${item.name}” deleted`);
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
    onSettled: () => invalidateItems(queryClient),
  });
}
