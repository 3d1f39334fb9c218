import type { Database } from './db/client';
import { runMigrations, withStartupLock } from './db/migrate';
import type { Logger } from './lib/logger';
import { type Auth, type BootstrapResult, ensureAdmin } from './modules/auth';
import { seedDemoRestaurant } from './modules/demo';
import { ensureSettings } from './modules/settings';
import { seedDemoOrders } from './use-cases/demo-orders';

/**
 * Brings a database up to date: migrations, the settings row, with `demoData` the demo cafe on a
 * database that never had it, and on an empty database the admin. Safe when several processes start
 * at once: each step runs under the start-up lock.
 */
export async function prepareDatabase(
  db: Database,
  auth: Auth,
  options: {
    adminEmail: string;
    adminPassword: string | undefined;
    logger: Logger;
    /** Seed the demo restaurant (once per database, ever); off unless asked for. */
    demoData?: boolean;
  },
): Promise<BootstrapResult> {
  await runMigrations(db);
  return withStartupLock(db, async () => {
    await ensureSettings(db);
    if (options.demoData) {
      const seeded = await seedDemoRestaurant(db, options.logger);
      // The shift in progress: open orders and requests, through the order use case's checks.
      if (seeded.outcome === 'seeded') await seedDemoOrders(db, options.logger);
    }
    return ensureAdmin(db, auth, {
      email: options.adminEmail,
      password: options.adminPassword,
      logger: options.logger,
    });
  });
}
