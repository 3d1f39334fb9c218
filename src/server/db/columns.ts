import { sql } from 'drizzle-orm';
import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    .default(sql`clock_timestamp()`)
    .$onUpdate(() => new Date()),
});

/**
 * `version`: 1 when the record is made, one more on every change (API convention for stale writes:
 * a PATCH sends the `version` it was based on and is refused with 409 `aborted` when the row has moved
 * on). Every Drizzle update that does not set it counts it up by itself; the resource pattern sets it
 * explicitly together with its `where version = $expected` check.
 */
export const versionColumn = () =>
  integer('version')
    .notNull()
    .default(1)
    .$onUpdateFn(() => sql`"version" + 1`);
