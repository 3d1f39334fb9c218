import { describe, expect, it } from 'vitest';
import { auditPerson } from './audit-person';

describe('auditPerson', () => {
  it('names a person by name, with a real e-mail beside it', () => {
    expect(auditPerson('Ada Admin', 'ada@example.com')).toEqual({
      label: 'Ada Admin',
      email: 'ada@example.com',
    });
  });

  it('shows a phone-only account by its number, without its stand-in address', () => {
    expect(auditPerson('+15551234567', '15551234567@phone.brigade.invalid')).toEqual({
      label: '+1 555 123 4567',
      email: null,
    });
  });

  it('falls back to the e-mail without a name, and to the number of a phone-only account that is gone', () => {
    expect(auditPerson('  ', 'gone@example.com')).toEqual({ label: 'gone@example.com', email: null });
    expect(auditPerson(null, 'gone@example.com')).toEqual({ label: 'gone@example.com', email: null });
    expect(auditPerson(null, '15551234567@phone.brigade.invalid')).toEqual({
      label: '+1 555 123 4567',
      email: null,
    });
  });

  it('is null for a change without a person', () => {
    expect(auditPerson(null, null)).toBeNull();
  });
});
