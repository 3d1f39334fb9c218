import type { Config } from './config';
import type { Database } from './db/client';
import type { AppDeps } from './lib/context';
import type { Logger } from './lib/logger';
import { type Auth, createAuth } from './modules/auth';
import { BackupScheduler } from './modules/backup';
import { LiveTopics } from './modules/events';
import { createMessenger, type Messenger } from './modules/messaging';
import { PushSender } from './modules/notifications';
import { createStripeProvider, type PaymentProvider } from './modules/payments';
import { createHumanCheck, type HumanCheck } from './modules/security';

/**
 * The modules' services every request may use, added to the `AppDeps` that lib/context declares
 * (declaration merging), so that no library imports a module: this file, the app's wiring, fills them.
 */
declare module './lib/context' {
  interface AppDeps {
    auth: Auth;
    messenger: Messenger;
    humanCheck: HumanCheck;
    /** The process's hub of live topics (modules/events): started with the app, stopped with it. */
    liveTopics: LiveTopics;
    /** The online payment provider (modules/payments), or null: online payment is off. */
    paymentProvider: PaymentProvider | null;
    /** The process's Web Push worker (modules/notifications): started with the app, stopped with it. */
    pushSender: PushSender;
    /** The daily backup (modules/backup): started with the app, stopped with it. */
    backupScheduler: BackupScheduler;
  }
}

/** Wires every service the app needs from the configuration, one way for the server and the tests. */
export function createServices(options: {
  config: Config;
  db: Database;
  logger: Logger;
  secret: string;
  humanCheckDifficulty?: number;
  /** The database the live-topics hub LISTENs on (its own connection); started by the caller. */
  databaseUrl?: string;
}): AppDeps {
  const { config, db, logger, secret } = options;
  const messenger = createMessenger({ config, db, logger });
  const humanCheck = createHumanCheck({ secret, difficulty: options.humanCheckDifficulty });
  const auth = createAuth({ db, config, secret, logger, messenger, humanCheck });
  const liveTopics = new LiveTopics({
    connectionString: options.databaseUrl ?? '',
    onError: (error) => logger.warn({ err: error }, 'live topics: connection problem'),
  });
  // Stripe Checkout when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set; otherwise online payment is off.
  const paymentProvider = config.stripe ? createStripeProvider(config.stripe) : null;
  const pushSender = new PushSender({ db, liveTopics, config, logger });
  const backupScheduler = new BackupScheduler({ db, config, logger });
  return {
    config,
    db,
    logger,
    auth,
    messenger,
    humanCheck,
    liveTopics,
    paymentProvider,
    pushSender,
    backupScheduler,
  };
}
