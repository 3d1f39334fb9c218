import type { MiddlewareHandler } from 'hono';
import type { Pool } from 'pg';
import type { AppEnv } from './context';

/** Longest wait for this process's own NOTIFY; it normally arrives within a millisecond or two. */
const OWN_EVENTS_WAIT_MS = 2000;

const RECENT_EVENTS = {
  name: 'brigade_events_after',
  text: 'select topic, max(version)::float8 as version from events where id > $1 group by topic',
};

/**
 * A change's answer is sent only once this process's live-topics hub has applied the events the change
 * committed (decision 008). What a process keeps in memory by topic version (the /api/config answer, a
 * session for a few seconds, the menu list, the public menu's ETag) is then never older than a change
 * this process has just confirmed: the writer's next request, wherever it lands on this process, sees
 * it. Other processes apply the event when PostgreSQL delivers the NOTIFY (milliseconds).
 *
 * Only successful writes wait (a refused one rolled back and announced nothing), plus the GETs of
 * better-auth that change accounts (the Google callback, the e-mail confirmation link). The events the
 * request may have written have ids above the highest id the hub had seen when it started; one
 * indexed query finds them, and the wait is per topic, so events committed out of id order are waited
 * for too. Bounded: past the limit the answer goes out and the delay is logged.
 */
export function applyOwnEvents(): MiddlewareHandler<AppEnv> {
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
    const pool = (db as unknown as { $client?: Pool }).$client;
    if (typeof pool?.query !== 'function') return;
    const result = await pool.query<{ topic: string; version: number }>({
      ...RECENT_EVENTS,
      values: [seenBefore],
    });
    try {
      await Promise.all(
        result.rows.map((row) => liveTopics.waitFor(row.topic, row.version, OWN_EVENTS_WAIT_MS)),
      );
    } catch (error) {
      logger.warn({ err: error }, 'live topics: this process did not see its own change in time');
    }
  };
}
