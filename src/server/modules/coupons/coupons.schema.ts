import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
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
import { orders } from '../orders/orders.schema';

/**
 * Coupons (docs/PRODUCT-RULES.md, Coupons). A coupon's amounts are in the restaurant's currency of
 * the day, like menu prices; what an order got is recorded on the order (its discount and
 * `coupon_code`) and in its redemption here.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: idColumn(),
    /** Kept in one form, trimmed and upper case (`normalizeCouponCode`); unique (`coupons_code_unique`). */
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').notNull(),
    /** A percentage with two decimals (kind `percent`). */
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }),
    /** An amount in minor units (kind `amount`). */
    amount: money('amount'),
    minOrder: money('min_order'),
    maxDiscount: money('max_discount'),
    /** Calendar days in the restaurant's time zone, both included; null: open. */
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    /** `pos`, `online` or both. */
    channels: text('channels').array().notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: versionColumn(),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('coupons_code_unique').on(sql`upper(${table.code})`),
    index('coupons_created_idx').on(table.createdAt, table.id),
    index('coupons_created_by_idx').on(table.createdBy),
    check('coupons_kind_check', sql`${table.kind} in ('percent', 'amount')`),
    check(
      'coupons_value_check',
      sql`(${table.kind} = 'percent' and ${table.percent} > 0 and ${table.percent} <= 100 and ${table.amount} is null)
        or (${table.kind} = 'amount' and ${table.amount} > 0 and ${table.percent} is null and ${table.maxDiscount} is null)`,
    ),
    check(
      'coupons_dates_check',
      sql`${table.validFrom} is null or ${table.validUntil} is null or ${table.validFrom} <= ${table.validUntil}`,
    ),
    check(
      'coupons_limits_check',
      sql`coalesce(${table.usageLimit}, 1) >= 1 and coalesce(${table.perCustomerLimit}, 1) >= 1`,
    ),
    check(
      'coupons_channels_check',
      sql`cardinality(${table.channels}) >= 1 and ${table.channels} <@ array['pos', 'online']::text[]`,
    ),
  ],
);

/**
 * One use of a coupon by one order. `customer_key` says who used it, for the per-customer limit: the
 * customer's account (`user:<id>`) or, at the point of sale, the phone number's digits
 * (`phone:<digits>`); null when the order names neither. A cancelled or rejected order's use is given
 * back (`released_at`); only uses not released count.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: idColumn(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerKey: text('customer_key'),
    /** The discount the order got, in the order's currency (minor units). */
    discount: money('discount').notNull(),
    releasedAt: instantColumn('released_at'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('coupon_redemptions_order_unique').on(table.orderId),
    index('coupon_redemptions_coupon_idx').on(table.couponId, table.customerKey),
    check('coupon_redemptions_discount_check', sql`${table.discount} >= 0`),
  ],
);
