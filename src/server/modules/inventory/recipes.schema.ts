import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumns, versionColumn } from '../../db/columns';
import { units } from '../master-data/master-data.schema';
import { menuItems } from '../menu/menu.schema';
import { orders } from '../orders/orders.schema';
import { inventoryItems } from './inventory.schema';

/**
 * Recipes (docs/PRODUCT-RULES.md, Inventory): what a menu item takes out of stock when an order
 * with it is completed. A menu item has at most one recipe; its `created_at` is when the item got
 * it, and an order line sent to the kitchen before that takes nothing (the sale was rung up on
 * another rule). Deleting the menu item deletes its recipe.
 */
export const recipes = pgTable('recipes', {
  menuItemId: uuid('menu_item_id')
    .primaryKey()
    .references(() => menuItems.id, { onDelete: 'cascade' }),
  version: versionColumn(),
  ...timestampColumns(),
});

/**
 * A line of a recipe: an inventory item and its quantity in `unit_id` (a unit of the same base as
 * the item's stock unit, converted when stock is taken). A line without an option is the dish's own;
 * a line with an option (its group's and its own name, trimmed and in lower case: the menu replaces
 * an item's options as a whole on every edit, so an option is known by its names, which survive an
 * edit that keeps the option) is taken when that option is chosen, and `replaces_item_id` names the
 * dish's own line it takes the place of (oat milk instead of whole milk).
 */
export const recipeLines = pgTable(
  'recipe_lines',
  {
    id: idColumn(),
    menuItemId: uuid('menu_item_id')
      .notNull()
      .references(() => recipes.menuItemId, { onDelete: 'cascade' }),
    optionGroup: text('option_group'),
    optionName: text('option_name'),
    position: integer('position').notNull(),
    inventoryItemId: uuid('inventory_item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'restrict' }),
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    replacesItemId: uuid('replaces_item_id').references(() => inventoryItems.id, { onDelete: 'restrict' }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('recipe_lines_menu_item_idx').on(table.menuItemId, table.position),
    index('recipe_lines_inventory_item_idx').on(table.inventoryItemId),
    index('recipe_lines_unit_idx').on(table.unitId),
    index('recipe_lines_replaces_idx').on(table.replacesItemId),
    check('recipe_lines_quantity_check', sql`${table.quantity} > 0`),
    check('recipe_lines_option_check', sql`(${table.optionGroup} is null) = (${table.optionName} is null)`),
    // Only an option's line replaces one of the dish's own.
    check(
      'recipe_lines_replaces_check',
      sql`${table.replacesItemId} is null or ${table.optionGroup} is not null`,
    ),
  ],
);

/**
 * Orders whose stock was taken on completion, one row each: the primary key makes a second
 * completion (two devices at once) take nothing. `lines_not_taken` are the lines sent to the kitchen
 * before their item had a recipe. A recall from completed gives the stock back and deletes the row.
 */
export const orderStockDeductions = pgTable('order_stock_deductions', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  linesNotTaken: uuid('lines_not_taken').array().notNull().default(sql`'{}'::uuid[]`),
  createdAt: createdAtColumn(),
});
