import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
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
import { bankAccounts, partners } from '../master-data/master-data.schema';
import { orders } from '../orders/orders.schema';

/**
 * Partner settlements (docs/PRODUCT-RULES.md, Partner settlements): what a partner owes for a period's
 * completed orders. The amounts are kept as they were worked out (the partner's commission percent of
 * the day), so a later change of the partner's terms does not change a settlement. Receiving the payout
 * is a ledger deposit naming the settlement (`source_kind = 'settlement'`).
 */
export const settlements = pgTable(
  'settlements',
  {
    id: idColumn(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    partnerName: text('partner_name').notNull(),
    /** The period's first and last day (the restaurant's calendar), both included. */
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    currency: currencyColumn().$defaultFn(settingsCurrency),
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    /** How many orders it holds (they never change once it is made). */
    orderCount: integer('order_count').notNull().default(0),
    /** Σ of its orders' totals, Σ of their commissions, Σ of the adjustments; net = gross − commission + adjustments. */
    grossTotal: money('gross_total').notNull().default(0),
    commissionTotal: money('commission_total').notNull().default(0),
    adjustmentsTotal: money('adjustments_total').notNull().default(0),
    /** Received: the day, the amount, the account it went into and who recorded it. */
    receivedOn: date('received_on', { mode: 'string' }),
    receivedAmount: money('received_amount'),
    accountId: uuid('account_id').references(() => bankAccounts.id, { onDelete: 'restrict' }),
    receivedBy: uuid('received_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: versionColumn(),
    ...timestampColumns(),
  },
  (table) => [
    index('settlements_partner_idx').on(table.partnerId, table.periodTo),
    index('settlements_created_idx').on(table.createdAt, table.id),
    index('settlements_account_idx').on(table.accountId),
    index('settlements_received_by_idx').on(table.receivedBy),
    index('settlements_created_by_idx').on(table.createdBy),
    check('settlements_status_check', sql`${table.status} in ('pending', 'received')`),
    check('settlements_period_check', sql`${table.periodFrom} <= ${table.periodTo}`),
    check(
      'settlements_received_check',
      sql`(${table.status} = 'received') = (${table.receivedOn} is not null and ${table.receivedAmount} is not null
        and ${table.accountId} is not null)`,
    ),
    check(
      'settlements_amounts_check',
      sql`${table.grossTotal} >= 0 and ${table.commissionTotal} >= 0 and (${table.receivedAmount} is null or ${table.receivedAmount} > 0)`,
    ),
  ],
);

/** The orders a settlement holds: each order in at most one settlement (the unique index says so). */
export const settlementOrders = pgTable(
  'settlement_orders',
  {
    settlementId: uuid('settlement_id')
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    orderNumber: bigint('order_number', { mode: 'number' }).notNull(),
    partnerReference: text('partner_reference').notNull(),
    completedAt: instantColumn('completed_at').notNull(),
    gross: money('gross').notNull(),
    commission: money('commission').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.settlementId, table.orderId] }),
    uniqueIndex('settlement_orders_order_unique').on(table.orderId),
    check('settlement_orders_amounts_check', sql`${table.gross} >= 0 and ${table.commission} >= 0`),
  ],
);

/** Money added to (or taken off) what the partner owes, each with its reason. */
export const settlementAdjustments = pgTable(
  'settlement_adjustments',
  {
    id: idColumn(),
    settlementId: uuid('settlement_id')
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('settlement_adjustments_settlement_idx').on(table.settlementId, table.createdAt),
    index('settlement_adjustments_created_by_idx').on(table.createdBy),
    check('settlement_adjustments_amount_check', sql`${table.amount} <> 0`),
  ],
);

/** One row of a payout report as read: minor units, null where the file had no such column. */
export interface PayoutRow {
  row: number;
  reference: string;
  gross: number | null;
  commission: number | null;
  payout: number;
}

/** The partner's payout report last imported for a settlement: its readable rows and its problems. */
export const settlementPayoutReports = pgTable(
  'settlement_payout_reports',
  {
    settlementId: uuid('settlement_id')
      .primaryKey()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    rows: jsonb('rows').$type<PayoutRow[]>().notNull(),
    problems: jsonb('problems').$type<{ row: number; problem: string }[]>().notNull(),
    /** The orders it leaves unpaid or pays differently, counted when imported (the orders never change). */
    disputed: integer('disputed').notNull(),
    importedBy: uuid('imported_by').references(() => users.id, { onDelete: 'set null' }),
    importedAt: instantColumn('imported_at').notNull().default(sql`clock_timestamp()`),
  },
  (table) => [index('settlement_payout_reports_imported_by_idx').on(table.importedBy)],
);
