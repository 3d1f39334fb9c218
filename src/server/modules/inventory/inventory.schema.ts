import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  createdAtColumn,
  idColumn,
  instantColumn,
  money,
  timestampColumns,
  versionColumn,
} from '../../db/columns';
import { users } from '../auth/auth.schema';
import { suppliers, units } from '../master-data/master-data.schema';

/**
 * Inventory (docs/PRODUCT-RULES.md, Inventory; decision 012). Quantities are `numeric(14,3)` in the
 * item's stock unit, read and written as decimal text (never a float); money is bigint minor units.
 * `on_hand` and `stock_value` are kept totals of the item's movements, written in the transaction
 * of every movement with the item's row locked, so they always equal the sums.
 */
const quantity = (name: string) => numeric(name, { precision: 14, scale: 3 });

export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** Unique whatever its case when given (`inventory_items_sku_unique`). */
    sku: text('sku'),
    group: text('group').notNull(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    purchaseUnitId: uuid('purchase_unit_id').references(() => units.id, { onDelete: 'restrict' }),
    /** Stock units in one purchase unit (a case of 24). */
    purchaseFactor: quantity('purchase_factor'),
    reorderLevel: quantity('reorder_level'),
    parLevel: quantity('par_level'),
    preferredSupplierId: uuid('preferred_supplier_id').references(() => suppliers.id, {
      onDelete: 'restrict',
    }),
    active: boolean('active').notNull().default(true),
    /** Where it is kept (walk-in fridge, dry store) and its place on the counting walk: counts list by these. */
    storageArea: text('storage_area'),
    storageOrder: integer('storage_order'),
    onHand: quantity('on_hand').notNull().default('0'),
    stockValue: money('stock_value').notNull().default(0),
    /** Minor units per stock unit, a rate kept exact to 6 decimals; only receipts change it. */
    averageCost: numeric('average_cost', { precision: 18, scale: 6 }).notNull().default('0'),
    /** Admins were told the item is low; cleared once it is above its reorder level again. */
    lowStockNotified: boolean('low_stock_notified').notNull().default(false),
    version: versionColumn(),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('inventory_items_sku_unique').on(sql`lower(${table.sku})`),
    index('inventory_items_name_idx').on(sql`lower(${table.name})`, table.id),
    index('inventory_items_unit_idx').on(table.unitId),
    index('inventory_items_purchase_unit_idx').on(table.purchaseUnitId),
    index('inventory_items_supplier_idx').on(table.preferredSupplierId),
    index('inventory_items_search_trgm_idx').using(
      'gin',
      table.name.op('gin_trgm_ops'),
      table.sku.op('gin_trgm_ops'),
    ),
    check(
      'inventory_items_group_check',
      sql`${table.group} in ('ingredient', 'beverage', 'packaging', 'other')`,
    ),
    check(
      'inventory_items_purchase_check',
      sql`(${table.purchaseUnitId} is null) = (${table.purchaseFactor} is null) and coalesce(${table.purchaseFactor}, 1) > 0`,
    ),
    check(
      'inventory_items_levels_check',
      sql`coalesce(${table.reorderLevel}, 0) >= 0 and coalesce(${table.parLevel}, 0) >= 0`,
    ),
    check('inventory_items_average_cost_check', sql`${table.averageCost} >= 0`),
  ],
);

/**
 * What moved in or out of stock, append-only: a trigger of migration 0018 refuses every update and
 * delete; a correction is a new movement. `quantity` is signed, in the item's stock unit; `value` is
 * the money it moved into (positive) or out of (negative) stock; `unit_cost` is the average cost at
 * that moment, rounded (informational). A `revaluation` moves value without quantity (stock sold
 * short, revalued at the cost of the receipt that covers it).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: idColumn(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    quantity: quantity('quantity').notNull(),
    value: money('value').notNull(),
    unitCost: money('unit_cost').notNull(),
    referenceType: text('reference_type'),
    referenceId: uuid('reference_id'),
    reason: text('reason').notNull(),
    note: text('note'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('stock_movements_item_idx').on(table.itemId, table.createdAt, table.id),
    index('stock_movements_actor_idx').on(table.actorId),
    index('stock_movements_reference_idx').on(table.referenceType, table.referenceId),
    check(
      'stock_movements_type_check',
      sql`${table.type} in ('purchase-receipt', 'sale', 'adjustment', 'waste', 'count', 'revaluation')`,
    ),
    // A revaluation moves value only; every other movement moves a quantity.
    check('stock_movements_quantity_check', sql`(${table.type} = 'revaluation') = (${table.quantity} = 0)`),
    check(
      'stock_movements_reference_check',
      sql`(${table.referenceType} is null) = (${table.referenceId} is null)`,
    ),
  ],
);

/**
 * A stock count (docs/PRODUCT-RULES.md, Inventory, Stock counts): all active items or one group,
 * with the stock the books expected when it was opened. `open` takes counted lines; `finished` wrote
 * its count movements and is read-only; `cancelled` wrote nothing. `value_difference` is the money
 * the finished count moved (the sum of its movements' values).
 */
export const stockCounts = pgTable(
  'stock_counts',
  {
    id: idColumn(),
    status: text('status').notNull().default('open'),
    /** The group counted; null: every active item. */
    group: text('group'),
    note: text('note'),
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: instantColumn('closed_at'),
    valueDifference: money('value_difference'),
    version: versionColumn(),
    ...timestampColumns(),
  },
  (table) => [
    index('stock_counts_created_idx').on(table.createdAt, table.id),
    index('stock_counts_opened_by_idx').on(table.openedBy),
    index('stock_counts_closed_by_idx').on(table.closedBy),
    index('stock_counts_open_idx').on(table.status).where(sql`${table.status} = 'open'`),
    check('stock_counts_status_check', sql`${table.status} in ('open', 'finished', 'cancelled')`),
    check(
      'stock_counts_group_check',
      sql`${table.group} is null or ${table.group} in ('ingredient', 'beverage', 'packaging', 'other')`,
    ),
    check('stock_counts_closed_check', sql`(${table.status} = 'open') = (${table.closedAt} is null)`),
  ],
);

/**
 * One item of a count. `expected` is the item's stock when the count was opened; `counted` what was
 * found (null: not counted yet), with `on_hand_at_count`, the stock the books said at that moment, so
 * finishing adjusts by `counted - on_hand_at_count` and a sale during the count is not counted twice.
 * `difference` and `value_difference` are set when the count is finished.
 */
export const stockCountLines = pgTable(
  'stock_count_lines',
  {
    countId: uuid('count_id')
      .notNull()
      .references(() => stockCounts.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'restrict' }),
    expected: quantity('expected').notNull(),
    counted: quantity('counted'),
    onHandAtCount: quantity('on_hand_at_count'),
    countedAt: instantColumn('counted_at'),
    countedBy: uuid('counted_by').references(() => users.id, { onDelete: 'set null' }),
    difference: quantity('difference'),
    valueDifference: money('value_difference'),
  },
  (table) => [
    primaryKey({ columns: [table.countId, table.itemId] }),
    index('stock_count_lines_item_idx').on(table.itemId),
    index('stock_count_lines_counted_by_idx').on(table.countedBy),
    check('stock_count_lines_counted_check', sql`${table.counted} is null or ${table.counted} >= 0`),
    check(
      'stock_count_lines_stamp_check',
      sql`(${table.counted} is null) = (${table.countedAt} is null) and (${table.counted} is null) = (${table.onHandAtCount} is null)`,
    ),
  ],
);

/**
 * The stock movements' value per day of the restaurant (its time zone): the change of stock value, and
 * the part of it that deliveries brought in. Stock value on a day is the sum of the days before it.
 * Kept by the database with every movement written (migration 0031), rebuilt when the time zone
 * changes and after a restore; derived, so not in a backup.
 */
export const stockDayTotals = pgTable('stock_day_totals', {
  day: date('day', { mode: 'string' }).primaryKey(),
  valueChange: money('value_change').notNull(),
  /** The value of the day's purchase receipts. */
  received: money('received').notNull(),
});
