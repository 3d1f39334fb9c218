import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
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
import { bankAccounts, expenseCategories, suppliers } from '../master-data/master-data.schema';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Expenses (docs/PRODUCT-RULES.md, Expenses): money paid out of a bank or cash account for something
 * other than a purchase order. The money itself is the ledger's withdrawal row that names the expense
 * (`source_kind = 'expense'`), written in the same transaction; this row holds what the owner wants to
 * know about it. Never deleted: a mistake is voided (status, reason), which reverses the ledger row.
 */
export const expenses = pgTable(
  'expenses',
  {
    id: idColumn(),
    /** The restaurant's day it was paid; the ledger books the withdrawal on it. */
    date: date('date', { mode: 'string' }).notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => expenseCategories.id, { onDelete: 'restrict' }),
    /** Positive minor units. */
    amount: money('amount').notNull(),
    currency: currencyColumn().$defaultFn(settingsCurrency),
    description: text('description').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'restrict' }),
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    reference: text('reference').notNull().default(''),
    status: text('status').notNull().default('recorded'),
    voidReason: text('void_reason'),
    voidedAt: instantColumn('voided_at'),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The recurring expense that recorded it, and for which of its days (once per day). */
    recurringId: uuid('recurring_id').references((): AnyPgColumn => recurringExpenses.id, {
      onDelete: 'restrict',
    }),
    recurringOn: date('recurring_on', { mode: 'string' }),
    version: versionColumn(),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('expenses_recurring_unique').on(table.recurringId, table.recurringOn),
    index('expenses_date_idx').on(table.date, table.createdAt, table.id),
    index('expenses_category_idx').on(table.categoryId, table.date),
    index('expenses_account_idx').on(table.accountId),
    index('expenses_supplier_idx').on(table.supplierId),
    index('expenses_created_by_idx').on(table.createdBy),
    index('expenses_voided_by_idx').on(table.voidedBy),
    index('expenses_search_trgm_idx').using(
      'gin',
      table.description.op('gin_trgm_ops'),
      table.reference.op('gin_trgm_ops'),
    ),
    check('expenses_amount_check', sql`${table.amount} > 0`),
    check('expenses_status_check', sql`${table.status} in ('recorded', 'voided')`),
    check(
      'expenses_void_check',
      sql`(${table.status} = 'voided') = (${table.voidReason} is not null and ${table.voidedAt} is not null)`,
    ),
  ],
);

/**
 * An expense's receipt, one at most: a photo reduced like every picture, or a PDF as sent. Kept in the
 * database so backups carry it; read only by admins, through the expense.
 */
export const expenseReceipts = pgTable(
  'expense_receipts',
  {
    expenseId: uuid('expense_id')
      .primaryKey()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    size: integer('size').notNull(),
    fileName: text('file_name').notNull(),
    /** Strong validator: SHA-256 of the content, hex. */
    etag: text('etag').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('expense_receipts_uploaded_by_idx').on(table.uploadedBy),
    check(
      'expense_receipts_type_check',
      sql`${table.contentType} in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')`,
    ),
  ],
);

/**
 * A recurring expense (rent, wages, a subscription): a template that records an expense on each of its
 * days, monthly (`day_of_month`; the month's last day when shorter) or weekly (`weekday`, 1 = Monday),
 * from `starts_on` until `ends_on`. `next_on` is the next day it records; null once it has ended.
 */
export const recurringExpenses = pgTable(
  'recurring_expenses',
  {
    id: idColumn(),
    description: text('description').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => expenseCategories.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'restrict' }),
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    reference: text('reference').notNull().default(''),
    frequency: text('frequency').notNull(),
    dayOfMonth: integer('day_of_month'),
    weekday: integer('weekday'),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    nextDue: date('next_on', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: versionColumn(),
    ...timestampColumns(),
  },
  (table) => [
    index('recurring_expenses_due_idx').on(table.nextDue),
    index('recurring_expenses_category_idx').on(table.categoryId),
    index('recurring_expenses_account_idx').on(table.accountId),
    index('recurring_expenses_supplier_idx').on(table.supplierId),
    index('recurring_expenses_created_by_idx').on(table.createdBy),
    check('recurring_expenses_amount_check', sql`${table.amount} > 0`),
    check(
      'recurring_expenses_rule_check',
      sql`(${table.frequency} = 'monthly' and ${table.dayOfMonth} between 1 and 31 and ${table.weekday} is null)
        or (${table.frequency} = 'weekly' and ${table.weekday} between 1 and 7 and ${table.dayOfMonth} is null)`,
    ),
    check(
      'recurring_expenses_period_check',
      sql`${table.endsOn} is null or ${table.endsOn} >= ${table.startsOn}`,
    ),
  ],
);

/** What an expense category may spend in a month (`month`: its first day), one row per both. */
export const budgetAllocations = pgTable(
  'budget_allocations',
  {
    id: idColumn(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => expenseCategories.id, { onDelete: 'restrict' }),
    month: date('month', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('budget_allocations_category_month_unique').on(table.categoryId, table.month),
    index('budget_allocations_month_idx').on(table.month),
    index('budget_allocations_updated_by_idx').on(table.updatedBy),
    check('budget_allocations_amount_check', sql`${table.amount} > 0`),
    check('budget_allocations_month_check', sql`extract(day from ${table.month}) = 1`),
  ],
);

/**
 * The admins were told that a category passed a threshold (80, 100) of its month's allocation: once
 * each (the primary key), also when two expenses pass it at once.
 */
export const budgetNotices = pgTable(
  'budget_notices',
  {
    categoryId: uuid('category_id')
      .notNull()
      .references(() => expenseCategories.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    threshold: integer('threshold').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.month, table.threshold] })],
);
