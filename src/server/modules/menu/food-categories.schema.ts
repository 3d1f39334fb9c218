import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndexes, lower, namedRecordColumns } from '../../db/record-columns';

/**
 * The menu's categories: what guests browse by, in `sort_order`. They belong to
 * the menu module (its items refer to them); the screen that edits them is a tab of /master-data.
 */
export const foodCategories = pgTable(
  'food_categories',
  {
    ...namedRecordColumns(),
    description: text('description').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    uniqueIndex('food_categories_name_unique').on(lower(table.name)),
    index('food_categories_sort_idx').on(table.sortOrder, table.id),
    ...listIndexes('food_categories', table, [table.name, table.description]),
  ],
);
