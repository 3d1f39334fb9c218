import { sql } from 'drizzle-orm';
import { bigint, char, integer, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The id every record has: a UUID made by the database. */
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

/** `createdAt` and `updatedAt`, set on every write (docs/PRODUCT-RULES.md, Data conventions). */
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

/**
 * An amount of money in integer minor units that can grow with sums: balances, totals,
 * ledger amounts. PostgreSQL `bigint`, read as a JavaScript number: exact up to 2^53 - 1 minor units
 * (90 trillion in a two-decimal currency), where `integer` would stop at 21 million. Unit prices stay
 * `integer` (bounded by their contract's maximum); tests/api/schema-rules.test.ts checks that every
 * column named like an amount is one or the other on purpose.
 */
export const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * The ISO 4217 code of the currency an amount was recorded in, copied from the settings when the money
 * is recorded, so that changing the currency setting never rescales it (db/money-records.ts).
 */
export const currencyColumn = () => char('currency', { length: 3 }).notNull();

/**
 * The restaurant's currency as SQL, for the `currency` column of a row that records money: read with
 * `for share`, so it waits for a currency change in progress and blocks one until this row commits.
 */
export const settingsCurrency = () => sql`(select currency from restaurant_settings for share)`;
