import type { Recipe, RecipeInputParsed } from '../../shared/contracts/recipes';
import type { Database } from '../db/client';
import { type Queryable, withTransaction } from '../db/transaction';
import type { Actor } from '../lib/context';
import { notFound } from '../lib/errors';
import { presentRecipe, type RecipeMenuItem, saveRecipe } from '../modules/inventory';
import { menuItemsForSale } from '../modules/menu';
import { authorize } from '../policies';

/**
 * A menu item's recipe (`GET`/`PUT /api/menu/items/{id}/recipe`): the inventory module keeps the
 * recipe, the menu module the item's price and options it is costed against and checked with.
 */

async function recipeMenuItem(db: Queryable, id: string): Promise<RecipeMenuItem & { name: string }> {
  const item = (await menuItemsForSale(db, [id])).get(id);
  if (!item) throw notFound('There is no menu item with this id.');
  return {
    id: item.id,
    name: item.name,
    price: item.price,
    options: item.modifierGroups.flatMap((group) =>
      group.options.map((option) => ({
        id: option.id,
        groupName: group.name,
        name: option.name,
        priceDelta: option.priceDelta,
      })),
    ),
  };
}

/** The recipe of a menu item (an item without one answers no lines), costed now. */
export async function getMenuItemRecipe(db: Database, actor: Actor, id: string): Promise<Recipe> {
  authorize(actor, 'inventory.recipe.read');
  return withTransaction(db, async (tx) => presentRecipe(tx, await recipeMenuItem(tx, id)), {
    isolation: 'repeatable read',
  });
}

/** Replaces a menu item's recipe, in one transaction, and answers it costed. */
export async function putMenuItemRecipe(
  db: Database,
  actor: Actor,
  id: string,
  input: RecipeInputParsed,
): Promise<Recipe> {
  authorize(actor, 'inventory.recipe.update');
  return withTransaction(db, async (tx) => {
    const menu = await recipeMenuItem(tx, id);
    await saveRecipe(tx, actor, menu, input);
    return presentRecipe(tx, menu);
  });
}
