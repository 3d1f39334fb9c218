import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';

/** better-auth's session cookie (`brigade.session_token`, `__Secure-` prefixed over https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?brigade\.session_token=/;

/**
 * A signed-in answer must never be stored by a shared cache (a proxy would hand one user's data to
 * the next). For a request with a session cookie, or an answer that sets a cookie:
 * - no Cache-Control of the route's own → `no-store`;
 * - the route's own caching that is not `public` (`no-cache` with an ETag: the public menu, the
 *   OpenAPI document) → made `private`, so the browser still revalidates its own copy with a 304;
 * - `public` answers (stored pictures: immutable, the same bytes for everyone) stay as they are.
 */
export function privateAnswers(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const signedIn = SESSION_COOKIE.test(c.req.header('cookie') ?? '');
    if (!signedIn && !c.res.headers.has('set-cookie')) return;
    const current = c.res.headers.get('cache-control');
    if (!current) {
      c.res.headers.set('Cache-Control', 'no-store');
      return;
    }
    const directives = current.toLowerCase();
    if (/\b(public|private|no-store)\b/.test(directives)) return;
    c.res.headers.set('Cache-Control', `private, ${current}`);
  };
}

/**
 * What a 304 carries (RFC 9110 §15.4.5): the fields that guide the cache's update of its stored copy
 * (Cache-Control, Content-Location, Date, ETag, Expires, Vary), plus our request id and any cookie.
 * Everything else (the security headers, the content type) belongs to the stored 200, which the
 * browser keeps using, so a revalidation, the commonest answer of an idle live screen, stays small.
 */
const NOT_MODIFIED_FIELDS = new Set([
  'cache-control',
  'content-location',
  'date',
  'etag',
  'expires',
  'vary',
  'x-request-id',
  'set-cookie',
]);

export function leanNotModified(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.status !== 304) return;
    for (const name of [...c.res.headers.keys()]) {
      if (!NOT_MODIFIED_FIELDS.has(name)) c.res.headers.delete(name);
    }
  };
}
