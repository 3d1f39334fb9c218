import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** No statement of a request should run longer; a runaway one is cancelled (SQLSTATE 57014 → 504). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
/** A transaction left open and idle (a bug, a stuck await) is ended, so it cannot hold locks forever. */
export const DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

export interface DatabaseOptions {
  max?: number;
  /** PostgreSQL's `statement_timeout` of every pooled connection; 0 turns it off. */
  statementTimeoutMs?: number;
  /** PostgreSQL's `idle_in_transaction_session_timeout` of every pooled connection; 0 turns it off. */
  idleInTransactionTimeoutMs?: number;
}

/**
 * Opens a connection pool to `url`; `close()` ends it. Every connection starts with a statement
 * timeout and an idle-in-transaction timeout (sent in the start-up packet, so no extra round trip).
 */
export function openDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    application_name: 'brigade',
    statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout:
      options.idleInTransactionTimeoutMs ?? DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema });
  let closed = false;
  return {
    db,
    pool,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
