import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  createdAtColumn,
  currencyColumn,
  idColumn,
  instantColumn,
  money,
  settingsCurrency,
  timestampColumns,
  versionColumn,
} from '../../db/columns';
import { users } from '../auth/auth.schema';
import { inventoryItems, stockMovements } from '../inventory/inventory.schema';
import { bankAccounts, suppliers, units } from '../master-data/master-data.schema';

/**
 * Purchase orders (docs/PRODUCT-RULES.md, Purchase orders). Quantities are `numeric(14,3)` in the
 * line's unit, read and written as decimal text; money is bigint minor units in the order's currency.
 * A line's `received_quantity` is kept with its receipts in the receiving transaction, with the order
 * row locked, and the database refuses more received than ordered.
 */
const quantity = (name: string) => numeric(name, { precision: 14, scale: 3 });

/** Purchase order numbers (`PO-0001`), made by the database so two admins never get the same one. */
export const purchaseOrderNumbers = pgSequence('purchase_order_number_seq', { startWith: 1 });

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: idColumn(),
    number: bigint('number', { mode: 'number' }).notNull().default(sql`nextval('purchase_order_number_seq')`),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('draft'),
    expectedDate: date('expected_date', { mode: 'string' }),
    note: text('note').notNull().default(''),
    currency: currencyColumn(),
    /** The lines' totals (quantity × unit cost, each rounded), in minor units. */
    total: money('total').notNull().default(0),
    /** What the receipts brought into stock, in minor units. */
    receivedTotal: money('received_total').notNull().default(0),
    /** What was paid the supplier for it (payments not voided), kept with each payment. */
    paidTotal: money('paid_total').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    orderedAt: instantColumn('ordered_at'),
    orderedBy: uuid('ordered_by').references(() => users.id, { onDelete: 'set null' }),
    version: versionColumn(),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('purchase_orders_number_unique').on(table.number),
    index('purchase_orders_created_idx').on(table.createdAt, table.id),
    index('purchase_orders_supplier_idx').on(table.supplierId),
    index('purchase_orders_created_by_idx').on(table.createdBy),
    index('purchase_orders_ordered_by_idx').on(table.orderedBy),
    check(
      'purchase_orders_status_check',
      sql`${table.status} in ('draft', 'ordered', 'partially-received', 'received', 'cancelled')`,
    ),
    check(
      'purchase_orders_total_check',
      sql`${table.total} >= 0 and ${table.receivedTotal} >= 0 and ${table.paidTotal} >= 0`,
    ),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: idColumn(),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'restrict' }),
    /** The unit the quantity is in: the item's stock unit or its purchase unit. */
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    /** Stock units in one unit of the line, copied when the line is written (1 for the stock unit). */
    factor: quantity('factor').notNull(),
    quantity: quantity('quantity').notNull(),
    /** Minor units per unit of the line. */
    unitCost: money('unit_cost').notNull(),
    receivedQuantity: quantity('received_quantity').notNull().default('0'),
    ...timestampColumns(),
  },
  (table) => [
    index('purchase_order_lines_order_idx').on(table.purchaseOrderId, table.position),
    index('purchase_order_lines_item_idx').on(table.itemId),
    index('purchase_order_lines_unit_idx').on(table.unitId),
    check('purchase_order_lines_quantity_check', sql`${table.quantity} > 0 and ${table.factor} > 0`),
    check('purchase_order_lines_cost_check', sql`${table.unitCost} >= 0`),
    // Never more received than ordered: the receiving transaction checks it first, this is the floor.
    check(
      'purchase_order_lines_received_check',
      sql`${table.receivedQuantity} >= 0 and ${table.receivedQuantity} <= ${table.quantity}`,
    ),
  ],
);

/** What arrived, one row per line of a delivery; never changed. */
export const purchaseOrderReceipts = pgTable(
  'purchase_order_receipts',
  {
    id: idColumn(),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'restrict' }),
    lineId: uuid('line_id')
      .notNull()
      .references(() => purchaseOrderLines.id, { onDelete: 'restrict' }),
    /** The receipts of one delivery share it. */
    deliveryId: uuid('delivery_id').notNull(),
    /** In the line's unit. */
    quantity: quantity('quantity').notNull(),
    /** Minor units per unit of the line, as delivered. */
    unitCost: money('unit_cost').notNull(),
    /** What it brought into stock: quantity × unit cost, rounded. */
    value: money('value').notNull(),
    movementId: uuid('movement_id')
      .notNull()
      .references(() => stockMovements.id, { onDelete: 'restrict' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('purchase_order_receipts_order_idx').on(table.purchaseOrderId, table.createdAt),
    index('purchase_order_receipts_line_idx').on(table.lineId),
    index('purchase_order_receipts_movement_idx').on(table.movementId),
    index('purchase_order_receipts_actor_idx').on(table.actorId),
    check('purchase_order_receipts_quantity_check', sql`${table.quantity} > 0 and ${table.unitCost} >= 0`),
  ],
);

/**
 * A payment to the supplier for a purchase order, from a bank or cash account: its withdrawal is the
 * ledger row that names it (`source_kind = 'supplier-payment'`), written in the same transaction.
 * Never deleted: a mistake is voided, which reverses the row.
 */
export const purchaseOrderPayments = pgTable(
  'purchase_order_payments',
  {
    id: idColumn(),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    currency: currencyColumn().$defaultFn(settingsCurrency),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull().default(''),
    voidedAt: instantColumn('voided_at'),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('purchase_order_payments_order_idx').on(table.purchaseOrderId, table.paidOn),
    index('purchase_order_payments_account_idx').on(table.accountId),
    index('purchase_order_payments_created_by_idx').on(table.createdBy),
    index('purchase_order_payments_voided_by_idx').on(table.voidedBy),
    check('purchase_order_payments_amount_check', sql`${table.amount} > 0`),
    check(
      'purchase_order_payments_void_check',
      sql`(${table.voidedAt} is null) = (${table.voidReason} is null)`,
    ),
  ],
);
