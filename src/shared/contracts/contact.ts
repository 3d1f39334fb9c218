import { fieldMessages } from '../field-messages';

/** Field limits of the contact form: the server refuses longer values, the form says so first. */
export const CONTACT_LIMITS = {
  name: 100,
  email: 200,
  phone: 40,
  subject: 150,
  message: 5000,
} as const;

/**
 * What the contact form and the server say for an empty field, in the voice of `fieldMessages`
 * (the form shows them as sentences: "Enter your name.").
 */
export const CONTACT_EMPTY_MESSAGES = {
  name: fieldMessages.enter('your name'),
  subject: fieldMessages.enter('a subject'),
  message: 'write your message',
} as const;
