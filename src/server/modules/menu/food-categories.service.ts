import { sql } from 'drizzle-orm';
import {
  type FoodCategory,
  type FoodCategoryInput,
  FoodCategoryInputSchema,
  FoodCategorySchema,
  FoodCategoryUpdateSchema,
  MASTER_DATA_API,
} from '../../../shared/contracts/master-data';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/context';
import { reorderRecords } from '../../lib/reorder';
import { defineResource, pickDefined, referencedBy } from '../../lib/resource';
import type { WriteEffects } from '../../lib/write-effects';
import { recordAudit } from '../audit';
import { publishChange } from '../events';
import { foodCategories } from './food-categories.schema';
import { menuItems } from './menu.schema';

/** A write's audit entry and live topics (lib/resource takes them from the module). */
const effects: WriteEffects = { audit: recordAudit, publish: publishChange };

/**
 * The menu's categories, edited on a tab of /master-data (`/api/food-categories`, OpenAPI tag
 * "Master data") but owned by the menu: its items refer to them and the public menu shows them.
 */
export const foodCategoryResource = defineResource<
  FoodCategory,
  FoodCategoryInput,
  Partial<FoodCategoryInput>
>({
  table: foodCategories,
  path: MASTER_DATA_API.foodCategories,
  tag: 'Master data',
  noun: 'food category',
  topics: ['menu'],
  nounPlural: 'food categories',
  auditArea: 'menu',
  effects,
  access: { read: 'staff', write: 'admin' },
  inputSchema: FoodCategoryInputSchema,
  updateSchema: FoodCategoryUpdateSchema,
  itemSchema: FoodCategorySchema,
  toValues: (input) => pickDefined(input),
  check: async (db, values, existing) => {
    // A new category without a position goes last.
    if (!existing && values.sortOrder === undefined) {
      const [row] = await db
        .select({ next: sql<number>`coalesce(max(${foodCategories.sortOrder}) + 1, 0)::int` })
        .from(foodCategories);
      values.sortOrder = row?.next ?? 0;
    }
  },
  present: async (_db, rows) =>
    (rows as (typeof foodCategories.$inferSelect)[]).map((row) => ({
      id: row.id,
      active: row.active,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      name: row.name,
      description: row.description,
      sortOrder: row.sortOrder,
    })),
  position: { column: foodCategories.sortOrder, key: 'sortOrder' },
  searchColumns: [foodCategories.name, foodCategories.description],
  uniqueMessages: {
    food_categories_name_unique: {
      field: 'name',
      message: (values) => `A food category named “${String(values.name)}” already exists.`,
    },
  },
  inUse: referencedBy(
    menuItems,
    menuItems.categoryId,
    (count) => `has ${count} menu item${count === 1 ? '' : 's'}`,
  ),
});

/** Puts the food categories in the order guests see them (every id must be a category). */
export async function reorderFoodCategories(db: Database, actor: Actor | null, ids: string[]): Promise<void> {
  await reorderRecords(
    db,
    actor,
    {
      table: foodCategories,
      noun: 'food category',
      nounPlural: 'food categories',
      auditArea: 'menu',
      topics: ['menu'],
      ids,
    },
    effects,
  );
}
