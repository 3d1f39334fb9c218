import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instantColumn, timestampColumns } from '../../db/columns';
import { users } from '../auth/auth.schema';
import { orders } from '../orders/orders.schema';

/**
 * Customer feedback: one per completed order, rated 1 to 5 overall (required) and, optionally, for
 * food and service (null when not rated), with an optional comment; the owner marks it reviewed and
 * may reply by e-mail (the reply is kept).
 */
export const feedback = pgTable(
  'feedback',
  {
    id: idColumn(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Who left it, when signed in (a guest with the order's secret link has no account here). */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    overall: smallint('overall').notNull(),
    /** Optional: null when the guest did not rate it. */
    food: smallint('food'),
    service: smallint('service'),
    comment: text('comment').notNull().default(''),
    reviewedAt: instantColumn('reviewed_at'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reply: text('reply'),
    repliedAt: instantColumn('replied_at'),
    repliedBy: uuid('replied_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('feedback_order_unique').on(table.orderId),
    index('feedback_created_idx').on(table.createdAt, table.id),
    index('feedback_author_idx').on(table.authorId),
    index('feedback_reviewed_by_idx').on(table.reviewedBy),
    index('feedback_replied_by_idx').on(table.repliedBy),
    // A null food or service rating (not given) passes: `between` is then unknown, not false.
    check(
      'feedback_ratings_check',
      sql`${table.overall} between 1 and 5 and ${table.food} between 1 and 5 and ${table.service} between 1 and 5`,
    ),
  ],
);
