import { type AnyColumn, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../db/columns';

/**
 * Master data (PRODUCT.md section 12). Records are archived (`active = false`) rather than deleted
 * once something refers to them; names are unique whatever their case, archived records included,
 * so that an archived "Dairy Co" cannot be confused with a new one.
 */

const lower = (column: AnyColumn) => sql`lower(${column})`;

const masterDataColumns = () => ({
  id: idColumn(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  version: versionColumn(),
  ...timestampColumns(),
});

/**
 * The indexes every master-data list needs: newest first (`created_at desc, id desc`, the list's sort
 * key, read backwards from an ascending index: a `desc` index would sort nulls last and not match) and a trigram index over the columns `search` looks in (`ILIKE '%…%'`; one multicolumn GIN
 * index serves a condition on any of its columns).
 */
const listIndexes = (
  name: string,
  table: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn },
  search: [ExtraConfigColumn, ...ExtraConfigColumn[]],
) => {
  const [first, ...rest] = search;
  return [
    index(`${name}_created_idx`).on(table.createdAt, table.id),
    index(`${name}_search_trgm_idx`).using(
      'gin',
      first.op('gin_trgm_ops'),
      ...rest.map((column) => column.op('gin_trgm_ops')),
    ),
  ];
};

const contactColumns = () => ({
  contactName: text('contact_name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  address: text('address').notNull().default(''),
  notes: text('notes').notNull().default(''),
});

export const suppliers = pgTable('suppliers', { ...masterDataColumns(), ...contactColumns() }, (table) => [
  uniqueIndex('suppliers_name_unique').on(lower(table.name)),
  ...listIndexes('suppliers', table, [table.name, table.contactName, table.phone, table.email]),
]);

export const partners = pgTable(
  'partners',
  {
    ...masterDataColumns(),
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
  { ...masterDataColumns(), description: text('description').notNull().default('') },
  (table) => [
    uniqueIndex('expense_categories_name_unique').on(lower(table.name)),
    ...listIndexes('expense_categories', table, [table.name, table.description]),
  ],
);

export const units = pgTable(
  'units',
  {
    ...masterDataColumns(),
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

export const foodCategories = pgTable(
  'food_categories',
  {
    ...masterDataColumns(),
    description: text('description').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    uniqueIndex('food_categories_name_unique').on(lower(table.name)),
    index('food_categories_sort_idx').on(table.sortOrder, table.id),
    ...listIndexes('food_categories', table, [table.name, table.description]),
  ],
);

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    ...masterDataColumns(),
    type: text('type').notNull(),
    bankName: text('bank_name').notNull().default(''),
    accountNumber: text('account_number').notNull().default(''),
    openingBalance: bigint('opening_balance', { mode: 'number' }).notNull().default(0),
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
    ...masterDataColumns(),
    seats: integer('seats').notNull(),
    area: text('area').notNull().default(''),
  },
  (table) => [
    uniqueIndex('dining_tables_name_unique').on(lower(table.name)),
    ...listIndexes('dining_tables', table, [table.name, table.area]),
    check('dining_tables_seats_check', sql`${table.seats} between 1 and 100`),
  ],
);
