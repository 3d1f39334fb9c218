import { describe, expect, it } from 'vitest';
import {
  callingCodeForLocale,
  formatPhoneNumber,
  normalizePhoneNumber,
  validateCode,
  validatePhoneNumber,
} from './phone-number';

describe('phone numbers', () => {
  it('drops spaces, dashes, dots and brackets, and reads a leading 00 as +', () => {
    expect(normalizePhoneNumber(' +1 (555) 123-45.67 ')).toBe('+15551234567');
    expect(normalizePhoneNumber('0044 20 7946 0958')).toBe('+442079460958');
  });

  it('asks for the country code and refuses what E.164 does not allow', () => {
    expect(validatePhoneNumber('')).toBe('Enter your phone number.');
    expect(validatePhoneNumber('555 123 4567')).toMatch(/^Start with \+/);
    expect(validatePhoneNumber('+0123456789')).toMatch(/country code/);
    expect(validatePhoneNumber('+1555')).toMatch(/country code/);
    expect(validatePhoneNumber('+1234567890123456')).toMatch(/country code/);
    expect(validatePhoneNumber('+1 555 123 4567')).toBeNull();
  });

  it('wants exactly 6 digits for a code', () => {
    expect(validateCode('')).toBe('Enter the 6-digit code.');
    expect(validateCode('12345')).toBe('The code has 6 digits.');
    expect(validateCode('12345a')).toBe('The code has 6 digits.');
    expect(validateCode(' 123456 ')).toBeNull();
  });
});

describe('numbers of the restaurant’s own country', () => {
  it('takes the calling code from the locale’s region', () => {
    expect(callingCodeForLocale('en-US')).toBe('1');
    expect(callingCodeForLocale('de-CH')).toBe('41');
    expect(callingCodeForLocale('en')).toBeNull();
    expect(callingCodeForLocale('not a locale')).toBeNull();
    expect(callingCodeForLocale(undefined)).toBeNull();
  });

  it('puts the country code in front of a national number and drops the trunk 0', () => {
    expect(normalizePhoneNumber('(555) 123-4567', '1')).toBe('+15551234567');
    expect(normalizePhoneNumber('1 555 123 4567', '1')).toBe('+15551234567');
    expect(normalizePhoneNumber('020 7946 0958', '44')).toBe('+442079460958');
    expect(normalizePhoneNumber('06 1234 5678', '39')).toBe('+390612345678');
    // A number with its own country code stays as typed.
    expect(normalizePhoneNumber('+44 20 7946 0958', '1')).toBe('+442079460958');
    expect(validatePhoneNumber('555 123 4567', '1')).toBeNull();
    expect(validatePhoneNumber('555', '1')).toMatch(/whole phone number/);
  });

  it('formats a stored number for reading', () => {
    expect(formatPhoneNumber('+15551234567')).toBe('+1 555 123 4567');
    expect(formatPhoneNumber('+442079460958')).toBe('+44 207 946 0958');
    expect(formatPhoneNumber('not a number')).toBe('not a number');
  });
});
