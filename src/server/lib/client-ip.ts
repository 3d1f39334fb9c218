import type { Context } from 'hono';
import type { AppEnv } from './context';

/**
 * The caller's address, for rate limits and the audit log: the socket's peer, or with TRUST_PROXY the
 * first address of X-Forwarded-For (which only a trusted reverse proxy may set).
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.deps.config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}
