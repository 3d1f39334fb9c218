import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** The id every record has (PRODUCT.md section 3): a UUID made by the database. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/** `createdAt` and `updatedAt`, set by the server on every write (seed section 3). */
export const timestampColumns = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
