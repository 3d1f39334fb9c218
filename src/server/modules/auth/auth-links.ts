import { isReservedEmail, PHONE_ONLY_EMAIL_DOMAIN } from '../../../shared/person-name';
import type { Config } from '../../config';

/** The header that carries the solved human check from the browser. */
export const HUMAN_CHECK_HEADER = 'x-human-check';
/** Set by the server on requests it hands to better-auth; a client's own value is replaced. */
export const CLIENT_IP_HEADER = 'x-brigade-client-ip';

/** Accounts made by phone alone get an address in a reserved domain that is never written to. */
export function phoneOnlyEmail(phoneNumber: string): string {
  return `${phoneNumber.replace(/\D/g, '')}@${PHONE_ONLY_EMAIL_DOMAIN}`;
}

export function isPhoneOnlyEmail(email: string): boolean {
  return isReservedEmail(email);
}

/** The page where a reset or invitation link lets the user choose a password. */
export function passwordPageLink(
  config: Config,
  token: string,
  kind: 'reset' | 'invitation' = 'reset',
): string {
  const url = new URL('/auth/reset-password', config.baseUrl);
  url.searchParams.set('token', token);
  if (kind === 'invitation') url.searchParams.set('invited', '1');
  return url.toString();
}
