import { hasReason } from '../../../lib/api-client';

/**
 * After many failed sign-ins to one account (by password or by phone code) the server asks for the
 * human check (429 with this reason) rather than locking the owner out; the form then runs the check
 * and tries again (`useHumanCheckEscalation`).
 */
export function needsHumanCheck(error: unknown): boolean {
  return hasReason(error, 'HUMAN_CHECK_REQUIRED');
}
