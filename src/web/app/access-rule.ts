import type { SessionUser } from '../../shared/contracts/user';
import { PAGES, type PageDefinition, pageShowsNavigation } from '../../shared/pages';
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

/** First path segments of the back-office pages: `orders`, `menu`, `admin`, … */
const BACK_OFFICE_SECTIONS: ReadonlySet<string> = new Set(
  PAGES.filter((page) => page.access === 'staff' || page.access === 'admin').map(
    (page) => page.pattern.split('/')[1] ?? '',
  ),
);

/**
 * True for a path inside a back-office section (`/admin/nope`, `/orders/a/b`): when no page owns it,
 * its 404 is shown to staff inside the staff frame with the side navigation, where they were working.
 */
export function isBackOfficePath(pathname: string): boolean {
  return BACK_OFFICE_SECTIONS.has(pathname.split('/')[1] ?? '');
}

/**
 * The access rule: a spinner while the session loads; an unauthenticated user on a
 * non-public route goes to /login with the full requested path as callbackUrl; a signed-in non-staff
 * user on a staff route goes to /; on an admin route staff who are not admins go to /orders/add and
 * everyone else to /. Public pages (and the 404 page) need no session, so they render at once instead
 * of behind the spinner: the spinner is for the routes whose answer depends on the session.
 */
export function decideAccess({ page, sessionPending, user, requestedPath }: AccessInput): AccessDecision {
  if (page === null || page.access === 'public') return { kind: 'allow' };
  if (sessionPending) return { kind: 'loading' };
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
 * The side navigation: only on routes that show it, only to signed-in staff or admins;
 * a placeholder while the session loads; nothing otherwise. An unknown path inside a back-office
 * section counts as a back-office route, so staff see its 404 with their navigation.
 */
export function navigationState(
  page: PageDefinition | null,
  sessionPending: boolean,
  user: SessionUser | null,
  pathname = '',
): NavigationState {
  const backOffice = page === null ? isBackOfficePath(pathname) : pageShowsNavigation(page);
  if (!backOffice) return 'hidden';
  if (sessionPending) return 'loading';
  return user !== null && hasStaffAccess(user.role) ? 'shown' : 'hidden';
}
