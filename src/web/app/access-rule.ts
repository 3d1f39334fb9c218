import type { SessionUser } from '../../shared/contracts/user';
import { type PageDefinition, pageShowsNavigation } from '../../shared/pages';
import { hasStaffAccess, isAdmin } from '../../shared/roles';
import { loginPathFor, paths } from '../lib/paths';

export type AccessDecision = { kind: 'loading' } | { kind: 'allow' } | { kind: 'redirect'; to: string };

interface AccessInput {
  /** The page of the shared table, or null for an unknown path (which renders the 404 page). */
  page: PageDefinition | null;
  sessionPending: boolean;
  user: SessionUser | null;
  /** Path, search and hash as requested, kept for the callbackUrl. */
  requestedPath: string;
}

/**
 * Seed section 2, "Access rule": a spinner while the session loads; an unauthenticated user on a
 * non-public route goes to /login with the full requested path as callbackUrl; a signed-in non-staff
 * user on a staff route goes to /; on an admin route staff who are not admins go to /orders/add and
 * everyone else to /.
 */
export function decideAccess({ page, sessionPending, user, requestedPath }: AccessInput): AccessDecision {
  if (sessionPending) return { kind: 'loading' };
  if (page === null || page.access === 'public') return { kind: 'allow' };
  if (user === null) return { kind: 'redirect', to: loginPathFor(requestedPath) };
  switch (page.access) {
    case 'signed-in':
      return { kind: 'allow' };
    case 'staff':
      return hasStaffAccess(user.role) ? { kind: 'allow' } : { kind: 'redirect', to: paths.home };
    case 'admin':
      if (isAdmin(user.role)) return { kind: 'allow' };
      return { kind: 'redirect', to: hasStaffAccess(user.role) ? paths.addOrder : paths.home };
  }
}

export type NavigationState = 'hidden' | 'loading' | 'shown';

/**
 * Seed section 2, "Side navigation": only on routes that show it, only to signed-in staff or admins;
 * a placeholder while the session loads; nothing otherwise.
 */
export function navigationState(
  page: PageDefinition | null,
  sessionPending: boolean,
  user: SessionUser | null,
): NavigationState {
  if (!pageShowsNavigation(page)) return 'hidden';
  if (sessionPending) return 'loading';
  return user !== null && hasStaffAccess(user.role) ? 'shown' : 'hidden';
}
