import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { currencyColumn, money, settingsCurrency } from '../../db/columns';
import { listIndexes, lower, namedRecordColumns } from '../../db/record-columns';

/**
 * Master data (docs/PRODUCT-RULES.md, Master data and settings). Records are archived (`active = false`)
 * rather than deleted once something refers to them; names are unique whatever their case, archived records
 * included, so that an archived "Dairy Co" cannot be confused with a new one.
 */

const contactColumns = () => ({
  contactName: text('contact_name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  address: text('address').notNull().default(''),
  notes: text('notes').notNull().default(''),
});

export const suppliers = pgTable('suppliers', { ...namedRecordColumns(), ...contactColumns() }, (table) => [
  uniqueIndex('suppliers_name_unique').on(lower(table.name)),
  ...listIndexes('suppliers', table, [table.name, table.contactName, table.phone, table.email]),
]);

export const partners = pgTable(
  'partners',
  {
    ...namedRecordColumns(),
    kind: text('kind').notNull().default('delivery'),
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    ...contactColumns(),
  },
  (table) => [
    uniqueIndex('partners_name_unique').on(lower(table.name)),
    ...listIndexes('partners', table, [table.name, table.contactName, table.phone, table.email]),
    check('partners_commission_check', sql`${table.commissionPercent} between 0 and 100`),
    check('partners_kind_check', sql`${table.kind} in ('delivery', 'marketplace')`),
  ],
);

export const expenseCategories = pgTable(
  'expense_categories',
  { ...namedRecordColumns(), description: text('description').notNull().default('') },
  (table) => [
    uniqueIndex('expense_categories_name_unique').on(lower(table.name)),
    ...listIndexes('expense_categories', table, [table.name, table.description]),
  ],
);

export const units = pgTable(
  'units',
  {
    ...namedRecordColumns(),
    symbol: text('symbol').notNull(),
    /** Null for a base unit; otherwise 1 of this unit = `factor` of the base unit (g = 0.001 kg). */
    baseUnitId: uuid('base_unit_id').references((): AnyPgColumn => units.id, { onDelete: 'restrict' }),
    factor: numeric('factor', { precision: 18, scale: 6, mode: 'number' }).notNull().default(1),
  },
  (table) => [
    uniqueIndex('units_name_unique').on(lower(table.name)),
    uniqueIndex('units_symbol_unique').on(table.symbol),
    ...listIndexes('units', table, [table.name, table.symbol]),
    index('units_base_unit_idx').on(table.baseUnitId),
    check('units_factor_check', sql`${table.factor} > 0`),
    check('units_base_check', sql`${table.baseUnitId} is distinct from ${table.id}`),
  ],
);

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    ...namedRecordColumns(),
    type: text('type').notNull(),
    bankName: text('bank_name').notNull().default(''),
    accountNumber: text('account_number').notNull().default(''),
    openingBalance: money('opening_balance').notNull().default(0),
    /** The currency of the opening balance: the settings' when it was set (db/money-records.ts). */
    currency: currencyColumn().$defaultFn(settingsCurrency),
    openingDate: date('opening_date', { mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bank_accounts_name_unique').on(lower(table.name)),
    ...listIndexes('bank_accounts', table, [table.name, table.bankName]),
    check('bank_accounts_type_check', sql`${table.type} in ('cash', 'bank', 'e-wallet')`),
  ],
);

export const diningTables = pgTable(
  'dining_tables',
  {
    ...namedRecordColumns(),
    seats: integer('seats').notNull(),
    area: text('area').notNull().default(''),
  },
  (table) => [
    uniqueIndex('dining_tables_name_unique').on(lower(table.name)),
    ...listIndexes('dining_tables', table, [table.name, table.area]),
    check('dining_tables_seats_check', sql`${table.seats} between 1 and 100`),
  ],
);
