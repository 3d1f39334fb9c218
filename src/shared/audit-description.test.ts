import { describe, expect, it } from 'vitest';
import { auditActionLabel, describeAuditEntry } from './audit-description';

const USD = { currency: 'USD', locale: 'en-US' };

function entry(fields: Partial<Parameters<typeof describeAuditEntry>[0]>) {
  return { action: 'x.y', summary: 'stored summary', targetType: null, before: null, after: null, ...fields };
}

describe('describeAuditEntry', () => {
  it('says one price change of a menu item in the restaurant currency', () => {
    const result = describeAuditEntry(
      entry({
        action: 'menu-item.updated',
        targetType: 'menu item',
        summary: 'Changed menu item “Latte”: price',
        before: { price: 450, name: 'Latte' },
        after: { price: 475, name: 'Latte' },
      }),
      USD,
    );
    expect(result).toEqual({ actionLabel: 'Menu item changed', sentence: 'Price of Latte: $4.50 → $4.75' });
  });

  it('formats money with the restaurant currency and locale', () => {
    const result = describeAuditEntry(
      entry({
        action: 'menu-item.updated',
        targetType: 'menu item',
        before: { price: 450, name: 'Latte' },
        after: { price: 475, name: 'Latte' },
      }),
      { currency: 'EUR', locale: 'de-DE' },
    );
    expect(result.sentence.replaceAll('\u00a0', ' ')).toBe('Price of Latte: 4,50 € → 4,75 €');
  });

  it('lists several changes of a record with their labels, not field names', () => {
    const { sentence } = describeAuditEntry(
      entry({
        action: 'menu-item.updated',
        targetType: 'menu item',
        before: { taxPercent: 1, availableToday: true, tags: ['vegan'], description: 'old', name: 'Latte' },
        after: { taxPercent: 1, availableToday: false, tags: [], description: 'new', name: 'Oat Latte' },
      }),
      USD,
    );
    expect(sentence).toBe(
      'Changed the menu item Oat Latte: Name Latte → Oat Latte, Description changed, Available today Yes → No, Tags Vegan → none',
    );
    expect(sentence).not.toMatch(/availableToday|taxPercent/);
  });

  it('says a settings change as labelled values, nested ones field by field', () => {
    const { sentence, actionLabel } = describeAuditEntry(
      entry({
        action: 'settings.updated',
        targetType: 'settings',
        summary: 'Changed taxPercent, timeZone',
        before: {
          taxPercent: 8,
          timeZone: 'UTC',
          deliveryFee: 299,
          locale: 'en-US',
          openingHours: { mon: [{ open: '07:30', close: '18:00' }], sun: [] },
          passwordPolicy: { minLength: 8, requireDigit: false },
          legalTexts: { terms: '', privacy: '' },
          paymentAccounts: { cash: 'a', card: 'b' },
          address: '',
        },
        after: {
          taxPercent: 9,
          timeZone: 'America/Los_Angeles',
          deliveryFee: 350,
          locale: 'de-DE',
          openingHours: { mon: [{ open: '08:00', close: '18:00' }], sun: [] },
          passwordPolicy: { minLength: 10, requireDigit: true },
          legalTexts: { terms: 'Be nice.', privacy: '' },
          paymentAccounts: { cash: 'c', card: 'd' },
          address: '1 Main Street',
        },
      }),
      USD,
    );
    expect(actionLabel).toBe('Settings changed');
    expect(sentence).toBe(
      // In the order of the form, whatever order the stored keys come in.
      'Changed the restaurant settings: Address empty → 1 Main Street, Monday 07:30–18:00 → 08:00–18:00, ' +
        'Locale English (United States) → German (Germany), Time zone UTC → America/Los_Angeles, ' +
        'Tax 8% → 9%, Delivery fee $2.99 → $3.50, Payment accounts changed, Minimum password length 8 → 10, ' +
        'Password needs a digit No → Yes, Terms of Service changed',
    );
  });

  it('says logo changes plainly', () => {
    const logo = (before: string | null, after: string | null) =>
      describeAuditEntry(
        entry({ action: 'settings.updated', before: { logoUrl: before }, after: { logoUrl: after } }),
        USD,
      ).sentence;
    expect(logo(null, '/api/images/1')).toBe('Added a logo');
    expect(logo('/api/images/1', '/api/images/2')).toBe('Changed the logo');
    expect(logo('/api/images/1', null)).toBe('Removed the logo');
  });

  it('names the person and both roles of a role change', () => {
    const result = describeAuditEntry(
      entry({
        action: 'user.role-changed',
        targetType: 'user',
        before: { role: 'staff' },
        after: { role: 'manager' },
        targetName: 'Dana Staff',
      }),
      USD,
    );
    expect(result).toEqual({
      actionLabel: 'Role changed',
      sentence: 'Made Dana Staff a Manager (was Staff)',
    });
  });

  it('says the other user actions with the person’s name', () => {
    const user = (action: string, after: unknown = null) =>
      describeAuditEntry(entry({ action, targetType: 'user', after, targetName: 'Sam' }), USD).sentence;
    expect(user('user.created', { name: 'Sam', email: 'sam@example.com', role: 'admin' })).toBe(
      'Invited Sam (sam@example.com) as an Admin',
    );
    expect(user('user.disabled', { disabled: true, endedSessions: 2 })).toBe(
      'Disabled the account of Sam and signed them out of 2 sessions',
    );
    expect(user('user.enabled')).toBe('Enabled the account of Sam');
    expect(user('user.password-reset-sent')).toBe('Sent Sam a password reset e-mail');
    expect(user('user.invitation-resent')).toBe('Sent Sam a new invitation');
  });

  it('says created, archived, restored and deleted records with their kind and name', () => {
    const record = (verb: string) =>
      describeAuditEntry(
        entry({
          action: `dining-table.${verb}`,
          targetType: 'dining table',
          after: { name: 'T4', seats: 4 },
        }),
        USD,
      ).sentence;
    expect(record('created')).toBe('Added the dining table T4');
    expect(record('archived')).toBe('Archived the dining table T4');
    expect(record('restored')).toBe('Restored the dining table T4');
  });

  it('keeps the stored summary when it cannot say more (unknown action, no name)', () => {
    expect(
      describeAuditEntry(entry({ action: 'backup.restored', summary: 'Restored a backup' }), USD),
    ).toEqual({ actionLabel: 'Backup restored', sentence: 'Restored a backup' });
    expect(
      describeAuditEntry(entry({ action: 'user.role-changed', after: { role: 'admin' } }), USD).sentence,
    ).toBe('stored summary');
  });
});

describe('auditActionLabel', () => {
  it('names every kind of action in words', () => {
    expect(auditActionLabel('settings.updated')).toBe('Settings changed');
    expect(auditActionLabel('food-category.reordered')).toBe('Food category reordered');
    expect(auditActionLabel('bank-account.created')).toBe('Bank account added');
    expect(auditActionLabel('backup.restored')).toBe('Backup restored');
    expect(auditActionLabel('backup-schedule.updated')).toBe('Automatic backups changed');
    expect(auditActionLabel('user.invitation-resent')).toBe('Invitation sent again');
  });
});

describe('the name of a changed record', () => {
  it('comes from the stored summary when only the changed fields were kept', () => {
    const { sentence } = describeAuditEntry(
      {
        action: 'menu-item.updated',
        targetType: 'menu item',
        summary: 'Changed menu item “Latte”: price',
        before: { price: 450 },
        after: { price: 475 },
      },
      USD,
    );
    expect(sentence).toBe('Price of Latte: $4.50 → $4.75');
  });
});
