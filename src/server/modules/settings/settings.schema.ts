import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns } from '../../db/columns';

/**
 * The restaurant's settings: exactly one row (enforced by the `singleton` unique column). This issue
 * holds the identity and the password policy; the master-data issue adds the remaining fields of
 * PRODUCT.md section 12.
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
    passwordMinLength: integer('password_min_length').notNull().default(6),
    passwordMaxLength: integer('password_max_length'),
    passwordRequireLowercase: boolean('password_require_lowercase').notNull().default(false),
    passwordRequireUppercase: boolean('password_require_uppercase').notNull().default(false),
    passwordRequireDigit: boolean('password_require_digit').notNull().default(false),
    passwordRequireSymbol: boolean('password_require_symbol').notNull().default(false),
    ...timestampColumns(),
  },
  (table) => [
    check('restaurant_settings_singleton_check', sql`${table.singleton}`),
    check('restaurant_settings_password_min_check', sql`${table.passwordMinLength} between 6 and 128`),
    check(
      'restaurant_settings_password_max_check',
      sql`${table.passwordMaxLength} is null or ${table.passwordMaxLength} >= ${table.passwordMinLength}`,
    ),
  ],
);
