import type { Context, MiddlewareHandler } from 'hono';
import { hasManagerAccess, hasStaffAccess, isAdmin, isRole } from '../../shared/roles';
import type { Actor, AppEnv } from './context';
import { forbidden, unauthenticated } from './errors';
import { keptSession, readActorFast } from './session-fast-path';

/** Who may call a route: every route declares one (deny by default). */
export type Access = 'public' | 'signed-in' | 'staff' | 'manager' | 'admin';

/**
 * Reads the session once per request (from the database, via better-auth) and remembers it.
 * `keptForWrite`: a write may start from the session this process keeps (as a read does) when its
 * handler checks that session in the statement that writes (`keptSessionHoldsSql`) and calls
 * `reloadActor` before doing anything else; `c.var.actorKept` says that it did.
 */
export async function loadActor(
  c: Context<AppEnv>,
  { keptForWrite = false }: { keptForWrite?: boolean } = {},
): Promise<Actor | null> {
  const cached = c.get('actor');
  if (cached !== undefined) return cached;
  if (keptForWrite) {
    const kept = keptSession(c.var.deps, c.req.header('cookie'));
    if (kept) {
      c.set('actor', kept.actor);
      c.set('actorKept', true);
      return kept.actor;
    }
  }
  // The common case without better-auth's per-call cost (lib/session-fast-path.ts); the rest is its own.
  const method = c.req.method;
  const fast = await readActorFast(c.var.deps, c.req.header('cookie'), {
    read: method === 'GET' || method === 'HEAD',
  });
  if (fast !== undefined) {
    c.set('actor', fast);
    return fast;
  }
  const result = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
  const role = result?.user.role;
  // A sign-in racing with "disable" can leave a session behind; a disabled user is anonymous anyway.
  const actor: Actor | null =
    result && isRole(role) && result.user.disabled !== true
      ? {
          id: result.user.id,
          email: result.user.email,
          name: result.user.name,
          role,
          sessionId: result.session.id,
        }
      : null;
  c.set('actor', actor);
  return actor;
}

/**
 * The actor read from the rows, for a handler whose guard took a kept session (`keptForWrite`) and
 * which is about to do what the kept session does not cover; 401 when there is no longer anyone.
 */
export async function reloadActor(c: Context<AppEnv>): Promise<Actor> {
  c.set('actor', undefined);
  c.set('actorKept', undefined);
  const actor = await loadActor(c);
  if (!actor) throw unauthenticated();
  return actor;
}

/** The actor of a guarded route; throws 401 if the route was not guarded (a programming error). */
export function requireActor(c: Context<AppEnv>): Actor {
  const actor = c.get('actor');
  if (!actor) throw unauthenticated();
  return actor;
}

const allowed: Record<Exclude<Access, 'public'>, (actor: Actor) => boolean> = {
  'signed-in': () => true,
  staff: (actor) => hasStaffAccess(actor.role),
  manager: (actor) => hasManagerAccess(actor.role),
  admin: (actor) => isAdmin(actor.role),
};

/** The 403 message of a route whose guard refuses the role. */
export const FORBIDDEN_MESSAGE: Record<Exclude<Access, 'public' | 'signed-in'>, string> = {
  staff: 'Only staff members can do this.',
  manager: 'Only a manager can do this.',
  admin: 'Only an administrator can do this.',
};

/**
 * 401 when nobody is signed in, 403 when the signed-in role may not use the route. `keptForWrite`:
 * see `loadActor` (only for 'signed-in': a kept role must not open a route to the wrong people).
 */
export function guard(
  access: Access,
  { keptForWrite = false }: { keptForWrite?: boolean } = {},
): MiddlewareHandler<AppEnv> {
  if (keptForWrite && access !== 'signed-in') throw new Error('a kept session is for signed-in routes only');
  return async (c, next) => {
    if (access !== 'public') {
      const actor = await loadActor(c, { keptForWrite });
      if (!actor) throw unauthenticated();
      if (!allowed[access](actor))
        throw forbidden(access === 'signed-in' ? undefined : FORBIDDEN_MESSAGE[access]);
    }
    await next();
  };
}
