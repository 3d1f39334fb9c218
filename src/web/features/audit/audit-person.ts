import { isReservedEmail } from '../../../shared/person-name';
import { formatPhoneNumber } from '../../lib/phone-number';

/** How the audit log names a person: a name to show, and the e-mail to show beside it, if any. */
export interface AuditPerson {
  label: string;
  /** A real address (not a phone-only account's stand-in), when the label is not that address. */
  email: string | null;
}

/**
 * A person of the audit log, by name: their current name (a phone-only account's is its number, shown
 * as people write it); without one, the e-mail kept with the entry; for a phone-only account that is
 * gone, the number in its stand-in address. Null when neither is known.
 */
export function auditPerson(name: string | null, email: string | null): AuditPerson | null {
  const address = email?.trim() || null;
  const realAddress = address && !isReservedEmail(address) ? address : null;
  const shownName = formatPhoneNumber(name?.trim() ?? '');
  if (shownName) return { label: shownName, email: realAddress };
  if (realAddress) return { label: realAddress, email: null };
  const digits = address ? /^(\d+)@/.exec(address)?.[1] : undefined;
  return digits ? { label: formatPhoneNumber(`+${digits}`), email: null } : null;
}
