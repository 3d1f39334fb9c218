import { describe, expect, it } from 'vitest';
import { normalizePhoneNumber, validateCode, validatePhoneNumber } from './phone-number';

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
