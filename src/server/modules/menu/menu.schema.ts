import { type AnyColumn, sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../db/columns';
import { storedImages } from '../images/images.schema';
import { foodCategories } from './food-categories.schema';

const lower = (column: AnyColumn) => sql`lower(${column})`;

/** A menu item (docs/PRODUCT-RULES.md, Menu). Archived (`active = false`) once orders refer to it. */
export const menuItems = pgTable(
  'menu_items',
  {
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => foodCategories.id, { onDelete: 'restrict' }),
    /** Minor units of the restaurant currency. */
    price: integer('price').notNull(),
    photoId: uuid('photo_id').references(() => storedImages.id, { onDelete: 'set null' }),
    /** The "86" switch: off when the kitchen has run out today. */
    availableToday: boolean('available_today').notNull().default(true),
    shownOnline: boolean('shown_online').notNull().default(true),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    allergens: text('allergens').array().notNull().default(sql`'{}'::text[]`),
    station: text('station').notNull().default('kitchen'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    version: versionColumn(),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('menu_items_name_unique').on(lower(table.name)),
    index('menu_items_category_sort_idx').on(table.categoryId, table.sortOrder, table.id),
    // The whole list by position (the menu screen), newest first, search, and the photo's foreign key.
    index('menu_items_sort_idx').on(table.sortOrder, table.id),
    index('menu_items_created_idx').on(table.createdAt, table.id),
    index('menu_items_search_trgm_idx').using(
      'gin',
      table.name.op('gin_trgm_ops'),
      table.description.op('gin_trgm_ops'),
    ),
    index('menu_items_photo_idx').on(table.photoId),
    check('menu_items_price_check', sql`${table.price} >= 0`),
    check('menu_items_station_check', sql`${table.station} in ('kitchen', 'bar')`),
  ],
);

export const modifierGroups = pgTable(
  'modifier_groups',
  {
    id: idColumn(),
    menuItemId: uuid('menu_item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    minChoices: integer('min_choices').notNull().default(0),
    maxChoices: integer('max_choices').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestampColumns(),
  },
  (table) => [
    index('modifier_groups_item_idx').on(table.menuItemId, table.sortOrder),
    check(
      'modifier_groups_choices_check',
      sql`${table.minChoices} >= 0 and ${table.minChoices} <= ${table.maxChoices}`,
    ),
  ],
);

export const modifierOptions = pgTable(
  'modifier_options',
  {
    id: idColumn(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => modifierGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Minor units added to (or taken from) the item's price. */
    priceDelta: integer('price_delta').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestampColumns(),
  },
  (table) => [index('modifier_options_group_idx').on(table.groupId, table.sortOrder)],
);
