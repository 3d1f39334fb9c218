import { CONTACT_EMPTY_MESSAGES, CONTACT_LIMITS } from '../../../shared/contracts/contact';
import { asSentence } from '../../../shared/field-messages';
import { validateEmail } from '../../lib/form-validation';

export { CONTACT_LIMITS };

export type ContactField = keyof typeof CONTACT_LIMITS;
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Record<ContactField, string | null>;

export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'phone', 'subject', 'message'];

const PHONE = /^\+?[0-9][0-9 ()./-]{4,}$/;

function tooLong(value: string, max: number, what: string): string | null {
  return value.trim().length > max ? `Keep ${what} to ${max} characters or fewer.` : null;
}

/** Inline messages for the contact form, or null per field when it is fine. */
export function validateContact(values: ContactValues): ContactErrors {
  const name = values.name.trim();
  const phone = values.phone.trim();
  const subject = values.subject.trim();
  const message = values.message.trim();
  return {
    name: name ? tooLong(name, CONTACT_LIMITS.name, 'your name') : asSentence(CONTACT_EMPTY_MESSAGES.name),
    email: validateEmail(values.email) ?? tooLong(values.email, CONTACT_LIMITS.email, 'the email address'),
    phone:
      phone === ''
        ? null
        : (tooLong(phone, CONTACT_LIMITS.phone, 'the phone number') ??
          (PHONE.test(phone) ? null : 'Enter a phone number such as +1 555 123 4567, or leave it empty.')),
    subject: subject
      ? tooLong(subject, CONTACT_LIMITS.subject, 'the subject')
      : asSentence(CONTACT_EMPTY_MESSAGES.subject),
    message: message
      ? tooLong(message, CONTACT_LIMITS.message, 'your message')
      : asSentence(CONTACT_EMPTY_MESSAGES.message),
  };
}

export function firstInvalidField(errors: ContactErrors): ContactField | null {
  return CONTACT_FIELDS.find((field) => errors[field] !== null) ?? null;
}
