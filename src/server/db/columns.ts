import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** The id every record has (PRODUCT.md section 3): a UUID made by the database. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/**
 * A point in time to the millisecond: what a JavaScript `Date` holds, so a list cursor made from a row's
 * `createdAt` compares equal to the stored value (microseconds would make rows of the same
 * millisecond fall between two pages).
 */
export const instantColumn = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * `createdAt`: when the record was made. `clock_timestamp()`, not the transaction's start, so records
 * made together in one transaction (a seed, an import) still list newest first in the order made.
 */
export const createdAtColumn = () => instantColumn('created_at').notNull().default(sql`clock_timestamp()`);

/** `createdAt` and `updatedAt`, set by the server on every write (seed section 3). */
export const timestampColumns = () => ({
  createdAt: createdAtColumn(),
  updatedAt: instantColumn('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
