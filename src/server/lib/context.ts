import type { RequestIdVariables } from 'hono/request-id';
import type { Role } from '../../shared/roles';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Logger } from './logger';

/** The signed-in user as every guard and handler sees it. */
export interface Actor {
  id: string;
  email: string;
  name: string;
  role: Role;
  sessionId: string;
}

/**
 * What a request may use, made once by `services.ts`. This library declares the part it owns; the
 * modules' services (`auth`, `messenger`, `humanCheck`, `liveTopics`) are added by `services.ts`, the
 * app's wiring, through declaration merging (`declare module './lib/context' { interface AppDeps … }`),
 * so that no library imports a module (docs/ARCHITECTURE.md, "Modules, use cases and events").
 */
export interface AppDeps {
  config: Config;
  db: Database;
  logger: Logger;
}

export interface AppEnv {
  Variables: RequestIdVariables & {
    deps: AppDeps;
    /** Set once per request by `loadActor`; undefined = not looked up yet, null = anonymous. */
    actor: Actor | null | undefined;
    /** True when `actor` came from the session this process keeps (`loadActor`'s `keptForWrite`). */
    actorKept: true | undefined;
    /**
     * The live events a handler's write committed, when it knows them all (placing an order from
     * memory): `announceOwnEvents` hands them to the hub instead of reading the new rows back.
     */
    committedEvents: { id: number; topic: string; version: number }[] | undefined;
  };
}
