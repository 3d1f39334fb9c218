import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per change that others must see (decision 008). Written in the transaction of the change;
 * `pg_notify` in the same transaction announces it at commit. A process that missed notifications
 * reads the rows newer than the last id it saw. Pruned after a retention period.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [
    index('events_created_idx').on(table.createdAt),
    index('events_topic_id_idx').on(table.topic, table.id),
  ],
);
