import { createHash } from 'node:crypto';
import { fillPlaceholders, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient } from 'pg';
import type { Queryable, Tx } from './transaction';

const dialect = new PgDialect();

/**
 * A statement built once and run many times a second (placing an order): `build` writes it with a
 * value for each name in `names`. It is put together and compiled to text once, with placeholders;
 * each run only fills in the values. On the pool (a statement that is a transaction of its own) it
 * runs as a named prepared statement, so PostgreSQL parses and plans it once per connection instead
 * of once per call; inside a transaction, `build` writes it with the values and the transaction runs
 * it, the same text. Rows come as node-postgres gives them (`timestamptz` as a `Date` on the pool, as
 * text in a transaction: read them with `new Date(…)`).
 */
export class PreparedStatement<Name extends string> {
  private readonly text: string;
  private readonly params: unknown[];
  private readonly name: string;

  constructor(
    names: readonly Name[],
    private readonly build: (values: Record<Name, unknown>) => SQL,
  ) {
    const placeholders = Object.fromEntries(
      names.map((name) => [name, sql.placeholder(name)]),
    ) as unknown as Record<Name, Placeholder>;
    const compiled = dialect.sqlToQuery(build(placeholders));
    this.text = compiled.sql;
    this.params = compiled.params;
    this.name = `brigade_${createHash('sha1').update(this.text).digest('base64url').slice(0, 20)}`;
  }

  async run(db: Queryable, values: Record<Name, unknown>): Promise<{ rows: Record<string, unknown>[] }> {
    const pool = (db as { $client?: Pool }).$client;
    if (typeof pool?.query !== 'function') return db.execute(this.build(values));
    return pool.query({ name: this.name, text: this.text, values: fillPlaceholders(this.params, values) });
  }

  /**
   * `run` as a named prepared statement on the transaction's own connection as well: for a statement
   * a transaction runs while it holds locks others wait for, where planning it again each time is
   * time they wait. Rows come as node-postgres parses them (`timestamptz` as a `Date`).
   */
  async runInTransaction(
    tx: Tx,
    values: Record<Name, unknown>,
  ): Promise<{ rows: Record<string, unknown>[] }> {
    const client = (tx as unknown as { session?: { client?: PoolClient } }).session?.client;
    if (typeof client?.query !== 'function') return tx.execute(this.build(values));
    return client.query({ name: this.name, text: this.text, values: fillPlaceholders(this.params, values) });
  }
}
