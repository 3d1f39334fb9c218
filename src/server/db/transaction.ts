import { findPgError } from '../lib/errors';
import type { Database } from './client';

/**
 * A database handle that is inside a transaction. It is a different type from the pool's `Database`
 * (it has `rollback()`), so a function that must run inside a transaction says so in its signature
 * (`(tx: Tx, …)`) and the compiler refuses a call with the pool.
 */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Either the pool or a transaction: for reads that may run in or out of one. */
export type Queryable = Database | Tx;

export type Isolation = 'read committed' | 'repeatable read' | 'serializable';

export interface TransactionOptions {
  /** PostgreSQL's isolation level; `read committed` (its default) unless a use case needs more. */
  isolation?: Isolation;
  /** How many times a serialization failure or deadlock is retried before it is thrown; default 3. */
  retries?: number;
  /** Called before each retry (tests count them; the app may log them). */
  onRetry?: (attempt: number, sqlState: string) => void;
}

/** SQLSTATEs after which running the whole transaction again is correct: nothing of it was kept. */
export const RETRYABLE_SQL_STATES = new Set(['40001', '40P01']);

export function isRetryableTransactionError(error: unknown): string | null {
  const code = findPgError(error)?.code;
  return code && RETRYABLE_SQL_STATES.has(code) ? code : null;
}

/**
 * Runs `fn` in one transaction, committed when it returns and rolled back when it throws. A
 * serialization failure (40001) or a deadlock (40P01) runs `fn` again from the start, in a new
 * transaction, up to `retries` times with a short random pause, so `fn` must do nothing outside the
 * database that it cannot do twice (announcements go out after commit, through the events module).
 */
export async function withTransaction<T>(
  db: Database,
  fn: (tx: Tx) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const retries = options.retries ?? 3;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(fn, options.isolation ? { isolationLevel: options.isolation } : undefined);
    } catch (error) {
      const state = isRetryableTransactionError(error);
      if (!state || attempt >= retries) throw error;
      options.onRetry?.(attempt + 1, state);
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
    }
  }
}
