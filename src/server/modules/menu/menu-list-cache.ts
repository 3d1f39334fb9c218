import type { MiddlewareHandler } from 'hono';
import type { Pool } from 'pg';
import { hasStaffAccess } from '../../../shared/roles';
import { loadActor } from '../../lib/auth-guards';
import type { AppEnv } from '../../lib/context';

/**
 * The menu screen's list (`GET /api/menu/items`) is the same answer for every staff member until a
 * menu item, its modifiers or a food category changes, and building it (about 45 items with 200
 * modifier rows, 40 kB of JSON) costs far more than checking whether anything changed. Each process
 * keeps the last answer per role and query while the version below is unchanged, so a list read
 * costs the session check and one small query.
 *
 * The version is the row count and the sum of the row versions' `xmin` (the transaction that wrote
 * each) of the four tables the answer is made of: it moves on every committed insert, update or delete
 * from any process. An answer built after a change that raced the version read is stored under the
 * older version and so never served again; nothing older than the version read is ever served.
 * Searches and later pages are not kept (their queries are many and cheap). When the live-update
 * events keep a menu topic version in memory, it can replace this query.
 *
 * Answers are kept per role, and only from a 200 the route itself gave that role, so a rule that
 * refuses some role the list is never bypassed.
 */

const VERSION_QUERY = {
  name: 'brigade_menu_items_version',
  text: `select concat_ws('|',
      (select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from menu_items),
      (select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from modifier_groups),
      (select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from modifier_options),
      (select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from food_categories)) as version`,
};

const MAX_ENTRIES = 32;

export function menuItemListCache(): MiddlewareHandler<AppEnv> {
  const answers = new Map<string, { version: string; body: string }>();
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const url = c.req.url;
    const queryStart = url.indexOf('?');
    const query = queryStart === -1 ? '' : url.slice(queryStart);
    if (/[?&](search|cursor)=/.test(query)) return next();
    const pool = (c.var.deps.db as unknown as { $client?: Pool }).$client;
    if (typeof pool?.query !== 'function') return next();
    const actor = await loadActor(c);
    // Refusals are the route's own (401, 403).
    if (!actor || !hasStaffAccess(actor.role)) return next();

    const key = `${actor.role}${query}`;
    const result = await pool.query<{ version: string }>(VERSION_QUERY);
    const version = result.rows[0]?.version ?? '';
    const kept = answers.get(key);
    if (kept && kept.version === version) {
      return c.body(kept.body, 200, { 'Content-Type': 'application/json' });
    }
    await next();
    if (c.res.status !== 200) return;
    const body = await c.res.clone().text();
    answers.delete(key);
    if (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value as string);
    answers.set(key, { version, body });
  };
}
