import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
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
import { diningTables, partners } from '../master-data/master-data.schema';
import { menuItems } from '../menu/menu.schema';

/**
 * Orders (docs/PRODUCT-RULES.md, Orders). An order keeps what was sold as it was sold: each line's name,
 * price and station, each chosen option's group, name and price difference, and every total, in the currency
 * of the day (db/money-records.ts). Menu edits and price changes never change an order.
 */

/** Order numbers: shown as `#1001`, made by the database, so two cashiers never get the same one. */
export const orderNumbers = pgSequence('order_number_seq', { startWith: 1001 });

const statusList = (values: string) => sql.raw(values);

export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    number: bigint('number', { mode: 'number' }).notNull().default(sql`nextval('order_number_seq')`),
    type: text('type').notNull(),
    source: text('source').notNull(),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    tableId: uuid('table_id').references(() => diningTables.id, { onDelete: 'restrict' }),
    /** The table's name when the order was taken. */
    tableName: text('table_name'),
    /** The customer's account (online orders, or a POS order for a known customer). */
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull().default(''),
    customerPhone: text('customer_phone').notNull().default(''),
    deliveryAddress: text('delivery_address').notNull().default(''),
    /** When the guest will collect a takeaway (null: as soon as possible). */
    pickupAt: instantColumn('pickup_at'),
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'restrict' }),
    /** The partner's name when the order was taken. */
    partnerName: text('partner_name'),
    partnerReference: text('partner_reference').notNull().default(''),
    note: text('note').notNull().default(''),
    currency: currencyColumn().$defaultFn(settingsCurrency),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull().default(0),
    discountReason: text('discount_reason').notNull().default(''),
    /** The coupon the discount came from, as the guest or cashier entered it (its code, upper case). */
    couponCode: text('coupon_code'),
    serviceCharge: money('service_charge').notNull().default(0),
    tax: money('tax').notNull().default(0),
    taxInclusive: boolean('tax_inclusive').notNull(),
    /** The tax rate the order was charged at, in percent (null: placed before orders kept their rate). */
    taxPercent: numeric('tax_percent', { precision: 5, scale: 2, mode: 'number' }),
    deliveryFee: money('delivery_fee').notNull().default(0),
    total: money('total').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    /** When each status was reached (null: not reached). `created_at` is when it was placed. */
    confirmedAt: instantColumn('confirmed_at'),
    preparingAt: instantColumn('preparing_at'),
    readyAt: instantColumn('ready_at'),
    outForDeliveryAt: instantColumn('out_for_delivery_at'),
    completedAt: instantColumn('completed_at'),
    rejectedAt: instantColumn('rejected_at'),
    cancelledAt: instantColumn('cancelled_at'),
    rejectReason: text('reject_reason'),
    cancelReason: text('cancel_reason'),
    /** When the restaurant said, on accepting the request, the order will be ready (null: not said). */
    promisedReadyAt: instantColumn('promised_ready_at'),
    /** A manual discount given as a percentage (null: an amount, a coupon's, or none): kept for repricing. */
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2, mode: 'number' }),
    /** The check this order was merged into (status `merged`); its lines and amounts went there. */
    mergedInto: uuid('merged_into').references((): AnyPgColumn => orders.id, { onDelete: 'restrict' }),
    /**
     * The order's secret link (`/payment/{id}?key=…`, the receipt's QR code): whoever holds it may see
     * the order's payment and feedback pages. 128 bits of randomness, made by the database.
     */
    accessKey: text('access_key')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    version: versionColumn(),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('orders_number_unique').on(table.number),
    index('orders_created_idx').on(table.createdAt, table.id),
    // The boards and the requests: open orders by status.
    index('orders_status_created_idx').on(table.status, table.createdAt),
    index('orders_customer_created_idx').on(table.customerId, table.createdAt),
    index('orders_table_idx').on(table.tableId),
    index('orders_partner_idx').on(table.partnerId),
    index('orders_created_by_idx').on(table.createdBy),
    index('orders_accepted_by_idx').on(table.acceptedBy),
    index('orders_merged_into_idx').on(table.mergedInto),
    // Sales count on the day an order was completed (the day's end report, settlements, reports).
    index('orders_completed_idx').on(table.completedAt).where(sql`${table.completedAt} is not null`),
    // The dashboard's pass over a period's completed orders (hours, preparation times, coupons, their
    // lines) reads this index alone.
    index('orders_completed_reports_idx')
      .on(
        table.completedAt,
        table.total,
        table.discount,
        table.couponCode,
        table.confirmedAt,
        table.readyAt,
        table.id,
      )
      .where(sql`${table.status} = 'completed'`),
    index('orders_search_trgm_idx').using(
      'gin',
      table.customerName.op('gin_trgm_ops'),
      table.customerPhone.op('gin_trgm_ops'),
    ),
    check('orders_type_check', sql`${table.type} in ${statusList("('dine-in', 'takeaway', 'delivery')")}`),
    check('orders_source_check', sql`${table.source} in ${statusList("('pos', 'online', 'partner')")}`),
    check(
      'orders_status_check',
      sql`${table.status} in ${statusList(
        "('pending', 'confirmed', 'preparing', 'ready', 'out-for-delivery', 'completed', 'rejected', 'cancelled', 'merged')",
      )}`,
    ),
    check(
      'orders_payment_status_check',
      sql`${table.paymentStatus} in ${statusList(
        "('unpaid', 'partially-paid', 'paid', 'partially-refunded', 'refunded')",
      )}`,
    ),
    check('orders_merged_check', sql`(${table.status} = 'merged') = (${table.mergedInto} is not null)`),
    check(
      'orders_amounts_check',
      sql`${table.subtotal} >= 0 and ${table.discount} >= 0 and ${table.discount} <= ${table.subtotal}
        and ${table.serviceCharge} >= 0 and ${table.tax} >= 0 and ${table.deliveryFee} >= 0 and ${table.total} >= 0`,
    ),
  ],
);

/** One line of an order: the item as sold (name, price and station are snapshots). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: idColumn(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The menu item sold; an item that orders refer to is archived, not deleted (restrict). */
    menuItemId: uuid('menu_item_id').references(() => menuItems.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** The item's own price when sold, without its options. */
    unitPrice: money('unit_price').notNull(),
    station: text('station').notNull(),
    quantity: integer('quantity').notNull(),
    note: text('note').notNull().default(''),
    lineTotal: money('line_total').notNull(),
    /** The round it was sent to the kitchen in: 1 with the order, then one more for each round added. */
    round: integer('round').notNull().default(1),
    /**
     * `void` (not made, not charged) or `comp` (made, given free), by a manager with a reason; null
     * while the line counts. A voided or comped line stays on the order and no longer counts in its totals.
     */
    voidKind: text('void_kind'),
    voidReason: text('void_reason'),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidedAt: instantColumn('voided_at'),
    /** When the line was sent to the kitchen: with its round (a line split off a check keeps its time). */
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId, table.position),
    index('order_lines_menu_item_idx').on(table.menuItemId),
    index('order_lines_voided_by_idx').on(table.voidedBy),
    index('order_lines_voided_at_idx').on(table.voidedAt).where(sql`${table.voidedAt} is not null`),
    check('order_lines_quantity_check', sql`${table.quantity} between 1 and 999`),
    check('order_lines_round_check', sql`${table.round} >= 1`),
    check(
      'order_lines_void_check',
      sql`(${table.voidKind} is null and ${table.voidReason} is null and ${table.voidedAt} is null)
        or (${table.voidKind} in ('void', 'comp') and ${table.voidReason} is not null and ${table.voidedAt} is not null)`,
    ),
  ],
);

/**
 * A chosen option of a line, as sold. `option_id` names the option chosen but is not a foreign key:
 * an item's options are replaced as a whole when the item is edited, and the order keeps its snapshot.
 */
export const orderLineOptions = pgTable(
  'order_line_options',
  {
    id: idColumn(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    optionId: uuid('option_id'),
    groupName: text('group_name').notNull(),
    name: text('name').notNull(),
    priceDelta: money('price_delta').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [index('order_line_options_line_idx').on(table.lineId, table.position)],
);

/**
 * The order's history: every status it reached (`kind` status), and what happened to its check
 * (a round added, a line voided or comped, a move to another table, a merge, a split, a recall of a
 * status move), each with who, when, the status the order was left in, and why (`reason`) or what
 * (`detail`).
 */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: idColumn(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    kind: text('kind').notNull().default('status'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    detail: text('detail'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    check(
      'order_status_changes_kind_check',
      sql`${table.kind} in ${statusList("('status', 'round', 'void', 'comp', 'move', 'merge', 'split', 'recall')")}`,
    ),
    index('order_status_changes_order_idx').on(table.orderId, table.createdAt),
    index('order_status_changes_actor_idx').on(table.actorId),
  ],
);

/**
 * `Idempotency-Key`s of `POST /api/orders`, per caller: a retry with the same key answers the order
 * the first attempt made. Kept at least 24 hours (pruned after that).
 */
export const orderIdempotencyKeys = pgTable(
  'order_idempotency_keys',
  {
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.actorId, table.key] }),
    index('order_idempotency_keys_order_idx').on(table.orderId),
    index('order_idempotency_keys_created_idx').on(table.createdAt),
  ],
);

/**
 * The completed orders' sums per day of the restaurant (its time zone, on the day each was completed),
 * order type and source: what the statement and the dashboard read instead of a year of orders.
 * Kept by the database in the transaction of every change to an order (`brigade_order_day_change`,
 * migration 0031), rebuilt from the orders when the time zone changes and after a restore
 * (`brigade_rebuild_day_totals()`); derived, so not in a backup.
 */
export const orderDayTotals = pgTable(
  'order_day_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type').notNull(),
    source: text('source').notNull(),
    orders: integer('orders').notNull(),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull(),
    /** The part of `discount` that coupons gave (the rest was given by hand). */
    couponDiscount: money('coupon_discount').notNull(),
    serviceCharge: money('service_charge').notNull(),
    tax: money('tax').notNull(),
    /** The part of `tax` contained in prices (tax-inclusive orders): not income. */
    taxInPrices: money('tax_in_prices').notNull(),
    deliveryFee: money('delivery_fee').notNull(),
    total: money('total').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.type, table.source] })],
);
