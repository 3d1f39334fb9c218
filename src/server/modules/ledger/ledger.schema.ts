import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
import { payments, refunds } from '../payments/payments.schema';

/**
 * The account ledger (docs/PRODUCT-RULES.md, Bank and cash ledger): every movement of money in a bank or cash
 * account. An account's balance is its opening balance plus the sum of `amount` over its rows:
 * positive for money in (a deposit), negative for money out (a withdrawal, a fee). Payments write a
 * deposit and refunds a withdrawal in the transaction that records them; expenses, purchase-order
 * payments, settlements and transfers (two linked rows) come with the finance issues.
 */
export const bankTransactions = pgTable(
  'bank_transactions',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    /** Signed minor units: money in is positive, money out negative. */
    amount: money('amount').notNull(),
    currency: currencyColumn().$defaultFn(settingsCurrency),
    description: text('description').notNull().default(''),
    /** What made it (null for one entered by hand). */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    /** When the money moved. */
    occurredAt: instantColumn('occurred_at').notNull().default(sql`clock_timestamp()`),
    reconciled: boolean('reconciled').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('bank_transactions_account_idx').on(table.accountId, table.occurredAt),
    index('bank_transactions_payment_idx').on(table.paymentId),
    index('bank_transactions_refund_idx').on(table.refundId),
    index('bank_transactions_created_by_idx').on(table.createdBy),
    check('bank_transactions_kind_check', sql`${table.kind} in ('deposit', 'withdrawal', 'transfer', 'fee')`),
    check(
      'bank_transactions_sign_check',
      sql`(${table.kind} = 'deposit' and ${table.amount} > 0)
        or (${table.kind} in ('withdrawal', 'fee') and ${table.amount} < 0)
        or (${table.kind} = 'transfer' and ${table.amount} <> 0)`,
    ),
  ],
);
