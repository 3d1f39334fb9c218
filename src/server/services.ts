import type { Config } from './config';
import type { Database } from './db/client';
import type { AppDeps } from './lib/context';
import type { Logger } from './lib/logger';
import { createAuth } from './modules/auth/auth';
import { LiveTopics } from './modules/events';
import { createMessenger } from './modules/messaging/messaging.service';
import { createHumanCheck } from './modules/security/human-check.service';

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
  return { config, db, logger, auth, messenger, humanCheck, liveTopics };
}
