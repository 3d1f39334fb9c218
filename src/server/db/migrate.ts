import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../drizzle',
);

/** One advisory lock key for start-up work that only one process may do at a time. */
const STARTUP_LOCK_KEY = 7_141_001;

/**
 * Runs `work` while holding a session-level advisory lock, so several app processes starting at once
 * against one database migrate and seed one after the other instead of racing.
 */
export async function withStartupLock<T>(db: Database, work: () => Promise<T>): Promise<T> {
  // The lock lives as long as this transaction; the work itself runs on other pooled connections.
  return db.transaction(async (tx) => {
    // The wait for the lock may outlast the pool's statement timeout (another process is seeding), and
    // this transaction then idles while the work runs elsewhere: neither timeout applies to it.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`set local idle_in_transaction_session_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK_KEY})`);
    return work();
  });
}

/** Applies every migration in `drizzle/` that the database has not seen yet. */
export async function runMigrations(db: Database): Promise<void> {
  await withStartupLock(db, async () => {
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  });
}
