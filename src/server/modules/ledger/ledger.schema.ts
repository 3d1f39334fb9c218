import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CashCloseReport } from '../../../shared/contracts/cash-closes';
import { LEDGER_SOURCES } from '../../../shared/contracts/ledger';
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

// What a ledger row can come from (shared/contracts/ledger.ts). A new source adds its name there and
// its table to the database's check at commit (`brigade_ledger_row_checked`, in a migration).
const LEDGER_SOURCE_SQL = `(${LEDGER_SOURCES.map((source) => `'${source}'`).join(', ')})`;

/**
 * The account ledger (docs/PRODUCT-RULES.md, Bank and cash ledger): every movement of money in a bank or cash
 * account. An account's balance is its opening balance plus the sum of `amount` over its rows:
 * positive for money in (a deposit), negative for money out (a withdrawal, a fee). Payments write a
 * deposit and refunds a withdrawal in the transaction that records them; entries by hand and
 * transfers (two rows) come from the ledger's own routes. Rows are never changed (a trigger refuses
 * all but the reconciled mark): a reversal row takes one back.
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
    /**
     * What made it: a record of another module (`payment`, `refund`; its id in `source_id`, checked by
     * the database when the transaction commits), or the ledger itself (`manual`, `transfer`: no id).
     */
    sourceKind: text('source_kind').notNull(),
    sourceId: uuid('source_id'),
    /** The two rows of one transfer share it; they sum to zero, in two different accounts. */
    transferId: uuid('transfer_id'),
    /** A reversal's row: the row it takes back (same account, the opposite amount), once only. */
    reversesId: uuid('reverses_id').references((): AnyPgColumn => bankTransactions.id, {
      onDelete: 'restrict',
    }),
    /** When the money moved. */
    occurredAt: instantColumn('occurred_at').notNull().default(sql`clock_timestamp()`),
    /**
     * The restaurant's day it counts on (its time zone): the day it was recorded, or the date an entry
     * by hand names. A locked period's rows are those booked on or before the lock date.
     */
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    reconciled: boolean('reconciled').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    // An account's rows in the order its page lists them, with the amount, so that a period's sums,
    // the balance before it and a page's running balances are read from the index alone.
    index('bank_transactions_account_idx').on(
      table.accountId,
      table.bookedOn,
      table.occurredAt,
      table.id,
      table.amount,
    ),
    // An account's rows by the moment they were written: a cash drawer's movements since its last close.
    index('bank_transactions_account_occurred_idx').on(table.accountId, table.occurredAt, table.amount),
    index('bank_transactions_source_idx').on(table.sourceKind, table.sourceId),
    index('bank_transactions_transfer_idx').on(table.transferId),
    uniqueIndex('bank_transactions_reverses_unique').on(table.reversesId),
    index('bank_transactions_created_by_idx').on(table.createdBy),
    check(
      'bank_transactions_kind_check',
      sql`${table.kind} in ('deposit', 'withdrawal', 'transfer', 'fee', 'reversal')`,
    ),
    check(
      'bank_transactions_sign_check',
      sql`(${table.kind} = 'deposit' and ${table.amount} > 0)
        or (${table.kind} in ('withdrawal', 'fee') and ${table.amount} < 0)
        or (${table.kind} in ('transfer', 'reversal') and ${table.amount} <> 0)`,
    ),
    check('bank_transactions_source_kind_check', sql`${table.sourceKind} in ${sql.raw(LEDGER_SOURCE_SQL)}`),
    check(
      'bank_transactions_source_check',
      sql`(${table.sourceKind} in ('manual', 'transfer')) = (${table.sourceId} is null)`,
    ),
    check(
      'bank_transactions_transfer_check',
      sql`(${table.sourceKind} = 'transfer') = (${table.transferId} is not null)`,
    ),
    check(
      'bank_transactions_reversal_check',
      sql`(${table.kind} = 'reversal') = (${table.reversesId} is not null)`,
    ),
  ],
);

/**
 * A bank statement the account was ticked off against: its day and closing balance, which the
 * account's reconciled rows (with the opening balance) added up to exactly when it was closed. Kept;
 * never changed.
 */
export const bankReconciliations = pgTable(
  'bank_reconciliations',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'restrict' }),
    statementDate: date('statement_date', { mode: 'string' }).notNull(),
    /** Signed minor units. */
    statementBalance: money('statement_balance').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('bank_reconciliations_account_idx').on(table.accountId, table.statementDate),
    index('bank_reconciliations_created_by_idx').on(table.createdBy),
  ],
);

/** The rows one reconciliation ticked off: each row in one reconciliation at most. */
export const bankReconciliationRows = pgTable(
  'bank_reconciliation_rows',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => bankTransactions.id, { onDelete: 'restrict' }),
    reconciliationId: uuid('reconciliation_id')
      .notNull()
      .references(() => bankReconciliations.id, { onDelete: 'cascade' }),
  },
  (table) => [index('bank_reconciliation_rows_reconciliation_idx').on(table.reconciliationId)],
);

/**
 * A count of a cash drawer (docs/PRODUCT-RULES.md, Closing the day): what the cash account's ledger said
 * should be there, what was counted, and the difference, which is booked in the account as an over or
 * short row naming the close (`source_kind = 'cash-close'`), so the ledger then says what the drawer
 * holds. The day's end report is kept as it was printed. Never changed.
 */
export const cashCloses = pgTable(
  'cash_closes',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'restrict' }),
    currency: currencyColumn().$defaultFn(settingsCurrency),
    /** The close before (or the start of the restaurant's day, for the first) and this one. */
    periodStart: instantColumn('period_start').notNull(),
    closedAt: instantColumn('closed_at').notNull().default(sql`clock_timestamp()`),
    /** The drawer at the period's start, what the ledger says it holds now, what was counted. */
    openingCash: money('opening_cash').notNull(),
    expected: money('expected').notNull(),
    counted: money('counted').notNull(),
    difference: money('difference').notNull(),
    reason: text('reason').notNull().default(''),
    report: jsonb('report').$type<CashCloseReport>().notNull(),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('cash_closes_account_idx').on(table.accountId, table.closedAt),
    index('cash_closes_closed_at_idx').on(table.closedAt, table.id),
    index('cash_closes_closed_by_idx').on(table.closedBy),
    check('cash_closes_counted_check', sql`${table.counted} >= 0`),
    check('cash_closes_difference_check', sql`${table.difference} = ${table.counted} - ${table.expected}`),
    check('cash_closes_reason_check', sql`${table.difference} = 0 or ${table.reason} <> ''`),
  ],
);

/**
 * Each account's money in and out per booking day, kept by the database with every ledger row written
 * (migration 0031). A day's sums are spread over a few rows (`stripe`, from the writer's connection)
 * so that payments committing at once do not queue for one row; a reader adds them up. Derived from
 * `bank_transactions`, so not in a backup, and rebuilt after a restore.
 */
export const ledgerDayTotals = pgTable(
  'ledger_day_totals',
  {
    accountId: uuid('account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    stripe: smallint('stripe').notNull(),
    moneyIn: money('money_in').notNull(),
    moneyOut: money('money_out').notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.day, table.stripe] })],
);
