import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instantColumn, timestampColumns } from '../../db/columns';
import { sessions, users } from '../auth/auth.schema';
import { orders } from '../orders/orders.schema';

/**
 * In-app notifications (docs/PRODUCT-RULES.md, Notifications): one row per person told, newest first on
 * the bell. `kind` names what happened (shared/notification-kinds.ts); `title` and `body` are the
 * words as they were when it happened; `link` is the page that opens it (a path of this site).
 * `pushPending` marks a row whose person had a push device when it was made, until the push worker
 * has claimed it (the outbox of Web Push). `occurrences` counts what a folded row stands for.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    link: text('link'),
    readAt: instantColumn('read_at'),
    pushPending: boolean('push_pending').notNull().default(false),
    // How many happenings the row stands for: a burst of one kind is folded into one row (notify's fold).
    occurrences: integer('occurrences').notNull().default(1),
    ...timestampColumns(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('notifications_user_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
    index('notifications_order_idx').on(table.orderId),
    // Pruning finds old rows by age alone (pruneNotifications).
    index('notifications_created_idx').on(table.createdAt),
    index('notifications_push_pending_idx').on(table.createdAt).where(sql`${table.pushPending}`),
  ],
);

/**
 * A browser's Web Push subscription (`PushSubscription`): where to send (the push service's
 * `endpoint`) and the keys to encrypt for it. One per endpoint; a user may have several devices.
 * It belongs to the session that saved it, so signing out (the session row deleted) removes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key (65 bytes), base64url. */
    p256dh: text('p256dh').notNull(),
    /** The browser's authentication secret (16 bytes), base64url. */
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    /** Sends the push service refused in a row (not 404/410, which delete at once). */
    failures: smallint('failures').notNull().default(0),
    ...timestampColumns(),
  },
  (table) => [
    index('push_subscriptions_user_idx').on(table.userId),
    index('push_subscriptions_session_idx').on(table.sessionId),
  ],
);

/**
 * The server's VAPID key pair (RFC 8292), made on first start and kept here so that every process
 * signs with the same key and browsers' subscriptions stay valid across restarts. One row.
 */
export const webPushKeys = pgTable(
  'web_push_keys',
  {
    id: smallint('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    ...timestampColumns(),
  },
  (table) => [check('web_push_keys_one_row_check', sql`${table.id} = 1`)],
);
