import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns } from '../../db/columns';
import { users } from '../auth/auth.schema';

/** Messages sent from /contact; admins read them (Customer Feedback) and are e-mailed a copy. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: idColumn(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (table) => [
    index('contact_messages_created_idx').on(table.createdAt, table.id),
    index('contact_messages_user_idx').on(table.userId),
  ],
);
