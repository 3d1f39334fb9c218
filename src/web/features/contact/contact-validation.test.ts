import { describe, expect, it } from 'vitest';
import { firstInvalidField, validateContact } from './contact-validation';

const VALID = { name: 'Ada', email: 'ada@example.com', phone: '', subject: 'Hi', message: 'Hello' };

describe('validateContact', () => {
  it('accepts a complete message with or without a phone number', () => {
    expect(firstInvalidField(validateContact(VALID))).toBeNull();
    expect(firstInvalidField(validateContact({ ...VALID, phone: '+1 (555) 123-4567' }))).toBeNull();
  });

  it('names what is missing or wrong', () => {
    const errors = validateContact({ name: ' ', email: 'nope', phone: 'call me', subject: '', message: '' });
    expect(errors).toEqual({
      name: 'Enter your name.',
      email: 'Enter an email address such as name@example.com.',
      phone: 'Enter a phone number such as +1 555 123 4567, or leave it empty.',
      subject: 'Enter a subject.',
      message: 'Write your message.',
    });
    expect(firstInvalidField(errors)).toBe('name');
  });

  it('holds the server’s length limits', () => {
    expect(validateContact({ ...VALID, name: 'x'.repeat(101) }).name).toMatch(/100 characters/);
    expect(validateContact({ ...VALID, subject: 'x'.repeat(151) }).subject).toMatch(/150 characters/);
    expect(validateContact({ ...VALID, message: 'x'.repeat(5001) }).message).toMatch(/5000 characters/);
    expect(validateContact({ ...VALID, message: 'x'.repeat(5000) }).message).toBeNull();
  });
});
