import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config';
import type { AppEnv } from './context';
import { forbidden } from './errors';

/**
 * The request's own origin, from its Host header and the scheme it arrived with: a tablet on the local
 * network reaches the app by the machine's address, not by BASE_URL, and its same-origin requests carry
 * that address. With TRUST_PROXY the scheme is the one the proxy reports (TLS ends at the proxy).
 */
export function requestOrigin(
  request: Request | undefined,
  config: Pick<Config, 'trustProxy'>,
): string | null {
  const host = request?.headers.get('host');
  if (!request || !host) return null;
  let protocol = new URL(request.url).protocol;
  if (config.trustProxy) {
    // The proxy sets X-Forwarded-Proto itself; a list means several proxies, the nearest one is last.
    const forwarded = request.headers.get('x-forwarded-proto')?.split(',').at(-1)?.trim().toLowerCase();
    if (forwarded === 'http' || forwarded === 'https') protocol = `${forwarded}:`;
  }
  return `${protocol}//${host}`.toLowerCase();
}

/**
 * The origins that are the app itself: BASE_URL's and the request's own. better-auth's trustedOrigins
 * and the app's own CSRF check (`sameOriginOnly`) use this one list.
 */
export function appOrigins(
  request: Request | undefined,
  config: Pick<Config, 'baseUrl' | 'trustProxy'>,
): string[] {
  const origins = [new URL(config.baseUrl).origin];
  const own = requestOrigin(request, config);
  if (own && !origins.includes(own)) origins.push(own);
  return origins;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** `none` is a navigation the user made themselves (typed address, bookmark). */
const SAME_ORIGIN_FETCH_SITES = new Set(['same-origin', 'none']);

export const CROSS_ORIGIN_MESSAGE =
  'This request came from another site and was refused. Please use Brigade from its own address.';

/**
 * Cross-site request forgery, refused in one place for every `/api/*` route (better-auth's and ours):
 * a request that changes something must not come from another origin. Browsers send `Origin` on every
 * cross-origin POST (forms and multipart uploads included) and `Sec-Fetch-Site` on every request, and
 * neither can be forged by a page; a request with neither header (curl, a script, a server) is not a
 * browser acting for a signed-in user and passes.
 */
export function sameOriginOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const fetchSite = c.req.header('sec-fetch-site')?.toLowerCase();
      if (fetchSite !== undefined && !SAME_ORIGIN_FETCH_SITES.has(fetchSite))
        throw forbidden(CROSS_ORIGIN_MESSAGE);
      const origin = c.req.header('origin');
      if (origin !== undefined) {
        // `Origin: null` (a sandboxed frame, a file: page) is never the app's own.
        const own = appOrigins(c.req.raw, c.var.deps.config);
        if (!own.includes(origin.toLowerCase())) throw forbidden(CROSS_ORIGIN_MESSAGE);
      }
    }
    await next();
  };
}
