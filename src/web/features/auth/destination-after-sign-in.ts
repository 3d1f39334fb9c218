import type { SessionResponse } from '../../../shared/contracts/user';
import { hasStaffAccess } from '../../../shared/roles';
import { paths, safeCallbackPath } from '../../lib/paths';

/**
 * After sign-in a user goes to the callbackUrl if it is a same-origin path
 * (anything else is ignored), else staff to /orders and customers to /.
 */
export function destinationAfterSignIn(callbackUrl: string | null, session: SessionResponse): string {
  const callbackPath = safeCallbackPath(callbackUrl);
  if (callbackPath) return callbackPath;
  return hasStaffAccess(session?.user.role) ? paths.orders : paths.home;
}
