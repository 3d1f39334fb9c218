/**
 * The one rule for a person's display name and address wherever an account is created or changed:
 * sign-up, update-user, change-email, a Google profile, an admin adding a team member, and the forms
 * that check it as the user types. No zod here, so any page can use it.
 */

export const PERSON_NAME_MAX = 100;

/**
 * Control characters (line breaks, tabs, NUL, …) and the Unicode line and paragraph separators: a name
 * is shown on one line and goes into e-mails, where a line break would let someone write their own
 * text into the restaurant's message.
 */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029]/u;

export const PERSON_NAME_MESSAGES = {
  empty: 'Enter your name.',
  tooLong: `The name must have at most ${PERSON_NAME_MAX} characters.`,
  notOneLine: 'The name must be on one line, without control characters.',
} as const;

/** What is wrong with `value` as a display name (checked after trimming), or null when it is fine. */
export function describeNameProblem(value: unknown): string | null {
  if (typeof value !== 'string') return PERSON_NAME_MESSAGES.empty;
  const name = value.trim();
  if (name.length === 0) return PERSON_NAME_MESSAGES.empty;
  if ([...name].length > PERSON_NAME_MAX) return PERSON_NAME_MESSAGES.tooLong;
  if (NOT_ONE_LINE.test(name)) return PERSON_NAME_MESSAGES.notOneLine;
  return null;
}

/**
 * A name from somewhere we do not refuse (a Google profile): control characters become spaces,
 * runs of spaces one, and a long name is cut rather than refused; `fallback` when nothing is left.
 */
export function tidyName(value: unknown, fallback: string): string {
  const cleaned = typeof value === 'string' ? value.replace(/[\p{Cc}\u2028\u2029\s]+/gu, ' ').trim() : '';
  const cut = [...cleaned].slice(0, PERSON_NAME_MAX).join('').trim();
  return cut || [...fallback].slice(0, PERSON_NAME_MAX).join('');
}

/**
 * Accounts made by phone alone get an address in this reserved domain, never written to. Nobody may
 * choose such an address: it would take the place of the real owner's phone account.
 */
export const PHONE_ONLY_EMAIL_DOMAIN = 'phone.brigade.invalid';

export const RESERVED_EMAIL_MESSAGE = 'This e-mail address cannot be used. Please enter your own address.';

export function isReservedEmail(email: unknown): boolean {
  if (typeof email !== 'string') return false;
  const address = email.trim().toLowerCase();
  return address.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`) || address.endsWith(`.${PHONE_ONLY_EMAIL_DOMAIN}`);
}
