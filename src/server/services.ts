import type { Config } from './config';
import type { Database } from './db/client';
import type { AppDeps } from './lib/context';
import type { Logger } from './lib/logger';
import * as account from './modules/account';
import * as audit from './modules/audit';
import * as auth from './modules/auth';
import { type Auth, createAuth } from './modules/auth';
import * as backup from './modules/backup';
import { BackupScheduler } from './modules/backup';
import * as contact from './modules/contact';
import * as coupons from './modules/coupons';
import * as demo from './modules/demo';
import * as docs from './modules/docs';
import * as events from './modules/events';
import { addTopicRule, LiveTopics, type TopicRule } from './modules/events';
import * as expenses from './modules/expenses';
import * as feedback from './modules/feedback';
import * as images from './modules/images';
import * as inventory from './modules/inventory';
import * as ledger from './modules/ledger';
import * as masterData from './modules/master-data';
import { addBankAccountReferrer, type BankAccountReferrer } from './modules/master-data';
import * as menu from './modules/menu';
import * as messaging from './modules/messaging';
import { createMessenger, type Messenger } from './modules/messaging';
import * as notifications from './modules/notifications';
import { PushSender } from './modules/notifications';
import * as orders from './modules/orders';
import * as payments from './modules/payments';
import { createStripeProvider, type PaymentProvider } from './modules/payments';
import * as purchaseOrders from './modules/purchase-orders';
import * as reports from './modules/reports';
import * as security from './modules/security';
import { createHumanCheck, type HumanCheck } from './modules/security';
import * as settings from './modules/settings';
import * as settlements from './modules/settlements';
import * as site from './modules/site';
import * as system from './modules/system';
import * as users from './modules/users';

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
    /** Records recurring expenses on their days (modules/expenses): started with the app. */
    recurringExpenses: expenses.RecurringExpenseScheduler;
  }
}

/**
 * What a module hands the others through its index, besides its functions: who may follow its live
 * topics (`topicRules`, by prefix) and what it says before a bank or cash account is archived or
 * deleted (`bankAccountReferrers`). Lower modules (events, master data) never import the modules
 * above them; `installModules` hands these to them.
 */
interface ModuleHooks {
  topicRules?: Record<string, TopicRule>;
  bankAccountReferrers?: readonly BankAccountReferrer[];
  /** The rest of the module's public face. */
  [name: string]: unknown;
}

/** Every module of `src/server/modules`, by its folder's name (a test holds this list to the folders). */
export const MODULES: Record<string, ModuleHooks> = {
  account,
  audit,
  auth,
  backup,
  contact,
  coupons,
  demo,
  docs,
  events,
  feedback,
  images,
  inventory,
  ledger,
  'master-data': masterData,
  menu,
  messaging,
  notifications,
  orders,
  payments,
  'purchase-orders': purchaseOrders,
  reports,
  expenses,
  security,
  settings,
  settlements,
  site,
  system,
  users,
};

/**
 * Installs every module's hooks, in one place, so none depends on its file happening to be imported
 * first; idempotent (a second app in one process installs the same rules again).
 */
export function installModules(): void {
  for (const hooks of Object.values(MODULES)) {
    for (const [prefix, rule] of Object.entries(hooks.topicRules ?? {})) addTopicRule(prefix, rule);
    for (const referrer of hooks.bankAccountReferrers ?? []) addBankAccountReferrer(referrer);
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
  installModules();
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
  const recurringExpenses = new expenses.RecurringExpenseScheduler({ db, logger });
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
    recurringExpenses,
  };
}
