import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  createdAtColumn,
  currencyColumn,
  idColumn,
  instantColumn,
  money,
  settingsCurrency,
} from '../../db/columns';
import { users } from '../auth/auth.schema';
import { bankAccounts } from '../master-data/master-data.schema';
import { orders } from '../orders/orders.schema';

/**
 * Payments and refunds (docs/PRODUCT-RULES.md, Payments and refunds). Several payments may cover one order;
 * their sum less what was refunded never exceeds the order's total (checked with the order row locked).
 * `refunded` is kept on the payment, counted up with the payment row locked, so a refund never takes back
 * more than the payment left. A payment lands in the account the settings map its method to.
 */
export const payments = pgTable(
  'payments',
  {
    id: idColumn(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    method: text('method').notNull(),
    amount: money('amount').notNull(),
    /** Cash handed over (cash only) and the change given back: tendered - amount. */
    tendered: money('tendered'),
    change: money('change').notNull().default(0),
    reference: text('reference').notNull().default(''),
    /** The bank or cash account the money landed in (the settings' method → account mapping). */
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'restrict' }),
    currency: currencyColumn().$defaultFn(settingsCurrency),
    /** How much of it was refunded so far. */
    refunded: money('refunded').notNull().default(0),
    /** An online payment: the provider ('stripe') and its payment's id (a PaymentIntent), unique. */
    provider: text('provider'),
    providerPaymentId: text('provider_payment_id'),
    /** The staff member who took it (null for an online payment). */
    takenBy: uuid('taken_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('payments_order_idx').on(table.orderId, table.createdAt),
    index('payments_account_idx').on(table.accountId),
    index('payments_taken_by_idx').on(table.takenBy),
    index('payments_created_idx').on(table.createdAt, table.id),
    uniqueIndex('payments_provider_payment_unique').on(table.provider, table.providerPaymentId),
    check(
      'payments_method_check',
      sql`${table.method} in ('cash', 'card', 'qr', 'bank-transfer', 'online', 'partner')`,
    ),
    check(
      'payments_amounts_check',
      sql`${table.amount} > 0 and ${table.refunded} >= 0 and ${table.refunded} <= ${table.amount}
        and ${table.change} >= 0 and (${table.tendered} is null or ${table.tendered} = ${table.amount} + ${table.change})`,
    ),
  ],
);

/** A refund against one payment, with its reason (a manager's decision, audited). */
export const refunds = pgTable(
  'refunds',
  {
    id: idColumn(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    currency: currencyColumn().$defaultFn(settingsCurrency),
    /** The provider's refund id for an online payment's refund. */
    providerRefundId: text('provider_refund_id'),
    refundedBy: uuid('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('refunds_payment_idx').on(table.paymentId, table.createdAt),
    index('refunds_refunded_by_idx').on(table.refundedBy),
    check('refunds_amount_check', sql`${table.amount} > 0`),
  ],
);

/**
 * The hosted checkouts started from `/payment/[orderId]`: what was asked for, so the provider's
 * answer (the webhook or the guest's return) is recorded only for that amount and currency.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** The provider's session id (`cs_…`). */
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    currency: currencyColumn(),
    status: text('status').notNull().default('open'),
    /** The payment recorded for it, once paid. */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    completedAt: instantColumn('completed_at'),
  },
  (table) => [
    index('checkout_sessions_order_idx').on(table.orderId, table.createdAt),
    index('checkout_sessions_payment_idx').on(table.paymentId),
    check('checkout_sessions_status_check', sql`${table.status} in ('open', 'complete', 'expired')`),
    check('checkout_sessions_amount_check', sql`${table.amount} > 0`),
  ],
);

/** Provider events already handled (webhooks are delivered at least once): the event id, once. */
export const paymentProviderEvents = pgTable('payment_provider_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  createdAt: createdAtColumn(),
});
