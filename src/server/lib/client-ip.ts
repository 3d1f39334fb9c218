import type { Context } from 'hono';
import type { AppEnv } from './context';

/**
 * The address `hops` trusted proxies vouch for in an X-Forwarded-For value: each proxy appends the
 * address it received the request from, so the rightmost entry is the nearest proxy's, and the n-th
 * from the right is what the outermost of n proxies saw. Everything left of that is the client's own
 * claim and is never believed. With fewer entries than hops the leftmost one is the best there is.
 */
export function forwardedClient(header: string | undefined, hops: number): string | undefined {
  if (!header || hops < 1) return undefined;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - hops)];
}

/**
 * The caller's address, for rate limits and the audit log: the socket's peer, or with TRUST_PROXY the
 * X-Forwarded-For entry the trusted proxy added (see `forwardedClient`).
 */
export function clientIp(c: Context<AppEnv>): string {
  const forwarded = forwardedClient(c.req.header('x-forwarded-for'), c.var.deps.config.trustProxy);
  if (forwarded) return forwarded;
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}
