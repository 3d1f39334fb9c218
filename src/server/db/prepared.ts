import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import type { Queryable } from './transaction';

const dialect = new PgDialect();

/**
 * Runs `query` as a named prepared statement when `db` is the pool (a statement that is a transaction
 * of its own): PostgreSQL parses and plans it once per connection instead of once per call, which
 * for a long statement run many times a second (placing an order) is a good share of its cost. The
 * name comes from the statement's text, so each shape of it is prepared once; inside a transaction it
 * runs as `db.execute` does. Rows come as node-postgres gives them (`timestamptz` as a `Date`).
 */
export async function executePrepared(
  db: Queryable,
  query: SQL,
): Promise<{ rows: Record<string, unknown>[] }> {
  const pool = (db as { $client?: Pool }).$client;
  if (typeof pool?.query !== 'function') return db.execute(query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `brigade_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  return pool.query({ name, text, values: params });
}
