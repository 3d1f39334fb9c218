import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DEFAULT_OPENING_HOURS,
  type OpeningHours,
  PAYMENT_METHODS,
} from '../../../shared/contracts/settings';
import { idColumn, timestampColumns, versionColumn } from '../../db/columns';
import { bankAccounts } from '../master-data/master-data.schema';

/**
 * The restaurant's settings: exactly one row (enforced by the `singleton` unique column), edited on the
 * settings tab of /master-data (the fields: docs/PRODUCT-RULES.md, Master data and settings).
 */
export const restaurantSettings = pgTable(
  'restaurant_settings',
  {
    id: idColumn(),
    singleton: boolean('singleton').notNull().default(true).unique(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    locale: text('locale').notNull(),
    timeZone: text('time_zone').notNull(),
    /** Contact details shown on /contact and in e-mails. */
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    /** Legal page texts (plain text with blank-line paragraphs); empty = the built-in default. */
    termsText: text('terms_text').notNull().default(''),
    privacyText: text('privacy_text').notNull().default(''),
    refundText: text('refund_text').notNull().default(''),
    deliveryText: text('delivery_text').notNull().default(''),
    /** Logo: a stored picture (`/api/images/<id>`). */
    logoImageId: uuid('logo_image_id'),
    openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull().default(DEFAULT_OPENING_HOURS),
    taxPercent: numeric('tax_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    taxInclusive: boolean('tax_inclusive').notNull().default(true),
    /** The books are closed up to and including this day: no money dated on or before it moves. */
    booksLockedUntil: date('books_locked_until', { mode: 'string' }),
    serviceChargePercent: numeric('service_charge_percent', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    /** Minor units. */
    deliveryFee: integer('delivery_fee').notNull().default(0),
    deliveryMinimum: integer('delivery_minimum').notNull().default(0),
    onlineOrdering: boolean('online_ordering').notNull().default(true),
    orderAgeAmberMinutes: integer('order_age_amber_minutes').notNull().default(10),
    orderAgeRedMinutes: integer('order_age_red_minutes').notNull().default(20),
    passwordMinLength: integer('password_min_length').notNull().default(6),
    passwordMaxLength: integer('password_max_length'),
    passwordRequireLowercase: boolean('password_require_lowercase').notNull().default(false),
    passwordRequireUppercase: boolean('password_require_uppercase').notNull().default(false),
    passwordRequireDigit: boolean('password_require_digit').notNull().default(false),
    passwordRequireSymbol: boolean('password_require_symbol').notNull().default(false),
    version: versionColumn(),
    ...timestampColumns(),
  },
  (table) => [
    check('restaurant_settings_singleton_check', sql`${table.singleton}`),
    check('restaurant_settings_password_min_check', sql`${table.passwordMinLength} between 6 and 128`),
    check('restaurant_settings_tax_check', sql`${table.taxPercent} between 0 and 100`),
    check('restaurant_settings_service_check', sql`${table.serviceChargePercent} between 0 and 100`),
    check(
      'restaurant_settings_order_age_check',
      sql`${table.orderAgeAmberMinutes} > 0 and ${table.orderAgeRedMinutes} > ${table.orderAgeAmberMinutes}`,
    ),
    check(
      'restaurant_settings_password_max_check',
      sql`${table.passwordMaxLength} is null or ${table.passwordMaxLength} >= ${table.passwordMinLength}`,
    ),
  ],
);

/**
 * Payment method → the bank or cash account its money lands in, one row per method that has one; a
 * method without a row has none. Part of the settings (read and changed through them, counted in their
 * version), kept as rows so the database holds the reference: an account a method sends money into
 * cannot be deleted (foreign key, `restrict`).
 */
export const paymentMethodAccounts = pgTable(
  'payment_method_accounts',
  {
    method: text('method').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'restrict' }),
    ...timestampColumns(),
  },
  (table) => [
    index('payment_method_accounts_account_idx').on(table.accountId),
    check(
      'payment_method_accounts_method_check',
      sql.raw(`method in (${PAYMENT_METHODS.map((method) => `'${method}'`).join(', ')})`),
    ),
  ],
);
