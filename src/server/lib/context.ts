import type { RequestIdVariables } from 'hono/request-id';
import type { Role } from '../../shared/roles';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Auth } from '../modules/auth/auth';
import type { LiveTopics } from '../modules/events';
import type { Messenger } from '../modules/messaging/messaging.service';
import type { HumanCheck } from '../modules/security/human-check.service';
import type { Logger } from './logger';

/** The signed-in user as every guard and handler sees it. */
export interface Actor {
  id: string;
  email: string;
  name: string;
  role: Role;
  sessionId: string;
}

export interface AppDeps {
  config: Config;
  db: Database;
  auth: Auth;
  logger: Logger;
  messenger: Messenger;
  humanCheck: HumanCheck;
  /** The process's hub of live topics (modules/events): started with the app, stopped with it. */
  liveTopics: LiveTopics;
}

export interface AppEnv {
  Variables: RequestIdVariables & {
    deps: AppDeps;
    /** Set once per request by `loadActor`; undefined = not looked up yet, null = anonymous. */
    actor: Actor | null | undefined;
  };
}
