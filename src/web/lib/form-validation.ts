import { asSentence, fieldMessages } from '../../shared/field-messages';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The inline message for an e-mail field, or null when it looks like an address (shared voice). */
export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (email.length === 0) return asSentence(fieldMessages.enter('your email address'));
  if (!EMAIL_PATTERN.test(email)) return asSentence(fieldMessages.email);
  return null;
}

/** The inline message for a required field, or null when it has something in it. */
export function validateRequired(value: string, message: string): string | null {
  return value.trim().length === 0 ? message : null;
}
