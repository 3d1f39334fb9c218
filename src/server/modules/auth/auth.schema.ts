import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns } from '../../db/columns';

/**
 * better-auth's four tables (user, session, account, verification), written by hand because its
 * schema CLI needs Node 22. Staff and customers are one table, told apart by `role`
 * (docs/decisions/003-one-users-table.md).
 */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull().default('customer'),
    phoneNumber: text('phone_number').unique(),
    phoneNumberVerified: boolean('phone_number_verified').notNull().default(false),
    /** A disabled user cannot sign in and loses every session at once (User Management). */
    disabled: boolean('disabled').notNull().default(false),
    ...timestampColumns(),
  },
  (table) => [
    check('users_role_check', sql`${table.role} in ('customer', 'staff', 'manager', 'admin')`),
    index('users_role_created_idx').on(table.role, table.createdAt),
    // User Management lists newest first and searches name, e-mail and phone (ILIKE '%…%').
    index('users_created_idx').on(table.createdAt, table.id),
    index('users_search_trgm_idx').using(
      'gin',
      table.name.op('gin_trgm_ops'),
      table.email.op('gin_trgm_ops'),
      table.phoneNumber.op('gin_trgm_ops'),
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    token: text('token').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestampColumns(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestampColumns(),
  },
  (table) => [index('accounts_user_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: idColumn(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestampColumns(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);
