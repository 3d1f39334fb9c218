/** Field limits of the contact form: the server refuses longer values, the form says so first. */
export const CONTACT_LIMITS = {
  name: 100,
  email: 200,
  phone: 40,
  subject: 150,
  message: 5000,
} as const;
