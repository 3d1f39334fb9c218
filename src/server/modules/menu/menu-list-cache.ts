import type { MiddlewareHandler } from 'hono';
import { hasStaffAccess } from '../../../shared/roles';
import { loadActor } from '../../lib/auth-guards';
import type { AppEnv } from '../../lib/context';

/**
 * The menu screen's list (`GET /api/menu/items`) is the same answer for every staff member until a
 * menu item, its modifiers or a food category changes, and building it (about 45 items with 200
 * modifier rows, 40 kB of JSON) costs far more than the session check. Each process keeps the last
 * answer per role and query while the `menu` live topic's version (modules/events, kept in memory by
 * the process's hub) is unchanged, so a list read costs the session check and no query.
 *
 * Every write to what the list shows publishes `menu` in its transaction: menu items and their
 * modifier groups and options (the resource's topics, photo changes, reorder, duplicate), food
 * categories (their resource's topics, reorder), the demo seed and its removal, and the settings. The
 * process that writes applies its event before answering (lib/own-events.ts); other processes apply it
 * when the NOTIFY arrives (milliseconds). The version is read before the answer is built, so an answer
 * built while a change commits is kept under the older version and never served again. Searches and
 * later pages are not kept (their queries are many and cheap). A change made outside the app (psql)
 * publishes nothing and shows once the next app change to the menu does, or after a restart.
 *
 * Answers are kept per role, and only from a 200 the route itself gave that role, so a rule that
 * refuses some role the list is never bypassed.
 */

const MAX_ENTRIES = 32;

export function menuItemListCache(): MiddlewareHandler<AppEnv> {
  // Kept as bytes: 40 kB of JSON is not encoded again for every answer.
  const answers = new Map<string, { version: number; body: Uint8Array<ArrayBuffer> }>();
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const url = c.req.url;
    const queryStart = url.indexOf('?');
    const query = queryStart === -1 ? '' : url.slice(queryStart);
    if (/[?&](search|cursor)=/.test(query)) return next();
    const actor = await loadActor(c);
    // Refusals are the route's own (401, 403).
    if (!actor || !hasStaffAccess(actor.role)) return next();

    const key = `${actor.role}${query}`;
    const version = c.var.deps.liveTopics.version('menu');
    const kept = answers.get(key);
    if (kept && kept.version === version) {
      return c.body(kept.body, 200, { 'Content-Type': 'application/json' });
    }
    await next();
    if (c.res.status !== 200) return;
    const body = new Uint8Array(await c.res.clone().arrayBuffer());
    answers.delete(key);
    if (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value as string);
    answers.set(key, { version, body });
  };
}
