/** E.164 as the server accepts it: a plus sign, a country code and the number, 8 to 15 digits. */
const E164 = /^\+[1-9]\d{7,14}$/;

/** The number as typed, without spaces, dashes, dots or brackets; a leading 00 becomes +. */
export function normalizePhoneNumber(value: string): string {
  const compact = value.trim().replace(/[\s\-.()/]/g, '');
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
}

/** The inline message for a phone field, or null when it is a number the server will take. */
export function validatePhoneNumber(value: string): string | null {
  const phoneNumber = normalizePhoneNumber(value);
  if (phoneNumber.length === 0) return 'Enter your phone number.';
  if (!phoneNumber.startsWith('+')) return 'Start with + and the country code, such as +15551234567.';
  if (!E164.test(phoneNumber)) return 'Enter the number with its country code, such as +15551234567.';
  return null;
}

/** The inline message for a one-time code field, or null when it is 6 digits. */
export function validateCode(value: string): string | null {
  const code = value.trim();
  if (code.length === 0) return 'Enter the 6-digit code.';
  if (!/^\d{6}$/.test(code)) return 'The code has 6 digits.';
  return null;
}
