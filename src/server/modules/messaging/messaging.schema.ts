import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../db/columns';

/**
 * The development outbox: e-mails and text messages that no real provider is configured for. Tests
 * and a developer read them here; nothing serves this table over HTTP.
 */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: idColumn(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** What the message is for: `phone-code`, `reset-password`, `verify-email`, `invitation`, … */
    purpose: text('purpose').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [index('dev_outbox_recipient_idx').on(table.recipient, table.createdAt)],
);
