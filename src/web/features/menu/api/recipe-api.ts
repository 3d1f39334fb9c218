import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { INVENTORY_API, type InventoryItemPage } from '../../../../shared/contracts/inventory';
import { RECIPE_API, type Recipe, type RecipeInput } from '../../../../shared/contracts/recipes';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/menu/items/{id}/recipe`: the recipe, costed at the ingredients' average cost now. */
export function recipeQueryOptions(menuItemId: string) {
  return queryOptions({
    queryKey: queryKeys.recipes.one(menuItemId),
    queryFn: ({ signal }) => apiRequest<Recipe>(RECIPE_API.recipe(menuItemId), { signal }),
  });
}

export function useRecipe(menuItemId: string | null) {
  return useQuery({ ...recipeQueryOptions(menuItemId ?? ''), enabled: menuItemId !== null });
}

/** `PUT /api/menu/items/{id}/recipe`: the recipe replaced; the answer becomes the cached recipe. */
export function useSaveRecipe(menuItemId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RecipeInput) =>
      apiRequest<Recipe>(RECIPE_API.recipe(menuItemId), { method: 'PUT', body: input }),
    onSuccess: (recipe) => client.setQueryData(queryKeys.recipes.one(menuItemId), recipe),
  });
}

/** Active inventory items whose name or SKU holds `search` (the first 8), to add to a recipe. */
export function useIngredientSearch(search: string) {
  const trimmed = search.trim();
  return useQuery({
    queryKey: queryKeys.recipes.ingredients(trimmed),
    queryFn: ({ signal }) =>
      apiRequest<InventoryItemPage>(
        `${INVENTORY_API.items}?active=true&limit=8&search=${encodeURIComponent(trimmed)}`,
        { signal },
      ),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
    select: (page) => page.items,
  });
}
