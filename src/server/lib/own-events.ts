import type { MiddlewareHandler } from 'hono';
import type { Pool } from 'pg';
import type { AppEnv } from './context';

const NEW_EVENTS = {
  name: 'brigade_events_after',
  text: 'select id::float8 as id, topic, version::float8 as version from events where id > $1 order by id',
};

/**
 * Announces a change after its commit (decision 008): a change's transaction writes only its event
 * rows, and once the request has succeeded this reads the rows newer than the highest id the process's
 * live-topics hub had seen when the request started (one indexed query) and hands them to the hub,
 * which applies them at once and sends them to the other processes with NOTIFY. So what a process keeps
 * in memory by topic version (the /api/config answer, a session for a few seconds, the menu list, the
 * public menu's ETag) is never older than a change it has just confirmed, before the answer goes out;
 * other processes apply it when PostgreSQL delivers the NOTIFY (milliseconds).
 *
 * A handler whose write returned all of its events says so (`committedEvents`, placing an order from
 * memory), and they are announced without the read.
 *
 * Only successful writes look (a refused one rolled back and wrote nothing), plus the GETs of
 * better-auth that change accounts (the Google callback, the e-mail confirmation link). The rows found
 * may include other requests' events committed meanwhile: the hub sends only what it did not know.
 * A change made outside a request (the demo seed at start, a script) reaches the hubs through their
 * catch-up, within a second.
 */
export function announceOwnEvents(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    const isRead = method === 'GET' || method === 'HEAD';
    if (isRead && (!c.req.path.startsWith('/api/auth/') || c.req.path === '/api/auth/get-session')) {
      return next();
    }
    const { liveTopics, db, logger } = c.var.deps;
    const seenBefore = liveTopics.lastEventId;
    await next();
    if (c.res.status >= 400) return;
    const committed = c.get('committedEvents');
    if (committed) {
      if (committed.length > 0) liveTopics.announce(committed);
      return;
    }
    const pool = (db as unknown as { $client?: Pool }).$client;
    if (typeof pool?.query !== 'function') return;
    try {
      const result = await pool.query<{ id: number; topic: string; version: number }>({
        ...NEW_EVENTS,
        values: [seenBefore],
      });
      if (result.rows.length > 0) liveTopics.announce(result.rows);
    } catch (error) {
      // The change is committed: the hubs' catch-up finds its events within a second.
      logger.warn({ err: error }, 'live topics: the events of a change could not be read after it');
    }
  };
}
