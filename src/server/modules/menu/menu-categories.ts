import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/transaction';
import { foodCategories } from './food-categories.schema';
import { menuItems } from './menu.schema';

/** The food category of each of the menu items `ids` that exist (archived ones too), by item id. */
export async function menuItemCategories(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, { categoryId: string; categoryName: string }>> {
  const unique = [...new Set(ids)];
  const found = new Map<string, { categoryId: string; categoryName: string }>();
  if (unique.length === 0) return found;
  const rows = await db
    .select({ id: menuItems.id, categoryId: foodCategories.id, categoryName: foodCategories.name })
    .from(menuItems)
    .innerJoin(foodCategories, eq(foodCategories.id, menuItems.categoryId))
    .where(inArray(menuItems.id, unique));
  for (const row of rows) found.set(row.id, { categoryId: row.categoryId, categoryName: row.categoryName });
  return found;
}
