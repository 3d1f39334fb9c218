import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/shared/contracts/audit';
import type { RestaurantSettings } from '../../src/shared/contracts/settings';
import type { Role } from '../../src/shared/roles';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/** The restaurant settings beyond name and time zone (see system.test.ts). */

let t: TestApp;
let admin: TestUser;
const as: Partial<Record<Role, TestUser>> = {};
let cashAccount: string;
let bankAccount: string;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const week = (open: string, close: string) =>
  Object.fromEntries(
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [{ open, close }]]),
  );

async function settings(): Promise<RestaurantSettings> {
  const response = await t.get('/api/settings', { as: admin });
  expect(response.status).toBe(200);
  return (await response.json()) as RestaurantSettings;
}

async function account(name: string, type: string): Promise<string> {
  const response = await t.post('/api/bank-accounts', { name, type }, { as: admin });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function expectRefused(body: unknown, field: string) {
  const before = await settings();
  const error = await expectErrorBody(
    await t.patchLatest('/api/settings', body, { as: admin }),
    400,
    'invalid-argument',
  );
  const issues = (error.details as { issues: { path: string; message: string }[] }).issues;
  expect(
    issues.map((issue) => issue.path),
    JSON.stringify(error),
  ).toContain(field);
  expect(error.message).toContain(field);
  expect(await settings()).toEqual(before);
  return error;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.buildUser({ role: 'admin' });
  for (const role of ['customer', 'staff', 'manager'] as const) as[role] = await t.buildUser({ role });
  cashAccount = await account('Till', 'cash');
  bankAccount = await account('Main Bank', 'bank');
});
afterAll(() => t.close());

describe('GET /api/settings', () => {
  it('gives every setting, with the defaults of a new restaurant', async () => {
    const current = await settings();
    expect(Object.keys(current).sort()).toEqual(
      [
        'name',
        'currency',
        'locale',
        'timeZone',
        'address',
        'phone',
        'email',
        'logoUrl',
        'openingHours',
        'taxPercent',
        'taxInclusive',
        'serviceChargePercent',
        'deliveryFee',
        'deliveryMinimum',
        'onlineOrdering',
        'orderAgeAmberMinutes',
        'orderAgeRedMinutes',
        'paymentAccounts',
        'legalTexts',
        'passwordPolicy',
        'booksLockedUntil',
        'updatedAt',
        'version',
      ].sort(),
    );
    expect(current).toMatchObject({
      taxPercent: 0,
      serviceChargePercent: 0,
      deliveryFee: 0,
      orderAgeAmberMinutes: 10,
      orderAgeRedMinutes: 20,
      paymentAccounts: {
        cash: null,
        card: null,
        qr: null,
        'bank-transfer': null,
        online: null,
        partner: null,
      },
    });
    expect(Object.keys(current.openingHours)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
  });
});

describe('PATCH /api/settings', () => {
  it('saves a full change and gives it back the same on the next read', async () => {
    const full = {
      name: 'Cafe Lumen',
      currency: 'EUR',
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
      address: '12 Harbour Street\nPortside',
      phone: '+49 30 123456',
      email: 'hello@lumen.example',
      openingHours: {
        mon: [],
        tue: [{ open: '08:00', close: '16:00' }],
        wed: [{ open: '08:00', close: '16:00' }],
        thu: [{ open: '08:00', close: '16:00' }],
        fri: [
          { open: '08:00', close: '14:00' },
          { open: '18:00', close: '02:00' },
        ],
        sat: [{ open: '09:30', close: '23:30' }],
        sun: [],
      },
      taxPercent: 7.25,
      taxInclusive: false,
      serviceChargePercent: 10,
      deliveryFee: 350,
      deliveryMinimum: 1500,
      onlineOrdering: false,
      orderAgeAmberMinutes: 8,
      orderAgeRedMinutes: 15,
      paymentAccounts: {
        cash: cashAccount,
        card: bankAccount,
        qr: bankAccount,
        'bank-transfer': bankAccount,
        online: null,
        partner: null,
      },
      legalTexts: { terms: 'Our terms.', privacy: '', refund: 'Refunds within 24 hours.', delivery: '' },
      passwordPolicy: {
        minLength: 8,
        maxLength: 64,
        requireLowercase: true,
        requireUppercase: false,
        requireDigit: true,
        requireSymbol: false,
      },
      booksLockedUntil: '2026-01-31',
    };
    const before = await settings();
    const response = await t.patchLatest('/api/settings', full, { as: admin });
    expect(response.status, await response.clone().text()).toBe(200);
    const saved = (await response.json()) as RestaurantSettings;
    expect(saved).toEqual({
      ...full,
      logoUrl: null,
      version: before.version + 1,
      updatedAt: expect.any(String),
    });
    expect(Date.parse(saved.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(await settings()).toEqual(saved);

    // A partial change leaves the rest, and a partial mapping leaves the other methods.
    const partial = await t.patchLatest(
      '/api/settings',
      { paymentAccounts: { online: bankAccount } },
      { as: admin },
    );
    expect(await partial.json()).toEqual({
      ...saved,
      paymentAccounts: { ...full.paymentAccounts, online: bankAccount },
      version: saved.version + 1,
      updatedAt: expect.any(String),
    });

    const audit = (await (await t.get('/api/admin/audit?area=settings', { as: admin })).json()) as {
      items: AuditEntry[];
    };
    const [mappingEntry, fullEntry] = audit.items;
    expect(mappingEntry).toMatchObject({
      action: 'settings.updated',
      actorId: admin.id,
      before: { paymentAccounts: expect.objectContaining({ online: null }) },
      after: { paymentAccounts: expect.objectContaining({ online: bankAccount }) },
    });
    expect(Object.keys(fullEntry!.after as object)).toEqual(
      expect.arrayContaining(['taxPercent', 'openingHours']),
    );
  });

  it.each([
    ['taxPercent', { taxPercent: 7.125 }],
    ['taxPercent', { taxPercent: -1 }],
    ['taxPercent', { taxPercent: 100.01 }],
    ['taxPercent', { taxPercent: '7' }],
    ['serviceChargePercent', { serviceChargePercent: 12.345 }],
    ['deliveryFee', { deliveryFee: -1 }],
    ['deliveryFee', { deliveryFee: 1.5 }],
    ['deliveryFee', { deliveryFee: 10 ** 12 }],
    ['deliveryMinimum', { deliveryMinimum: 2.5 }],
    ['orderAgeAmberMinutes', { orderAgeAmberMinutes: 0 }],
    ['orderAgeRedMinutes', { orderAgeRedMinutes: 1.5 }],
    ['orderAgeRedMinutes', { orderAgeAmberMinutes: 15, orderAgeRedMinutes: 15 }],
    ['orderAgeRedMinutes', { orderAgeAmberMinutes: 30, orderAgeRedMinutes: 20 }],
    ['paymentAccounts.cash', { paymentAccounts: { cash: UNKNOWN_ID } }],
    ['paymentAccounts.cash', { paymentAccounts: { cash: 'till' } }],
    ['paymentAccounts.bitcoin', { paymentAccounts: { bitcoin: null } }],
    [
      'openingHours.mon.0.open',
      { openingHours: { ...week('08:00', '17:00'), mon: [{ open: '25:00', close: '17:00' }] } },
    ],
    [
      'openingHours.tue.0.close',
      { openingHours: { ...week('08:00', '17:00'), tue: [{ open: '08:00', close: '17' }] } },
    ],
    [
      'openingHours.wed.0.close',
      { openingHours: { ...week('08:00', '17:00'), wed: [{ open: '09:00', close: '09:00' }] } },
    ],
    ['openingHours.sun', { openingHours: { ...week('08:00', '17:00'), sun: undefined } }],
    ['openingHours.holiday', { openingHours: { ...week('08:00', '17:00'), holiday: [] } }],
    [
      'openingHours.fri',
      { openingHours: { ...week('08:00', '17:00'), fri: Array(5).fill({ open: '08:00', close: '09:00' }) } },
    ],
    ['currency', { currency: 'usd' }],
    ['currency', { currency: 'XYZ' }],
    ['locale', { locale: 'not a locale!' }],
    // A well-formed BCP 47 tag, but no locale: it was stored and showed prices as "USD · USD".
    ['locale', { locale: 'german' }],
    ['locale', { locale: 'en-XX' }],
    ['timeZone', { timeZone: 'Mars/Olympus' }],
    ['timeZone', { timeZone: 'america/los_angeles' }],
    ['email', { email: 'nope' }],
    ['name', { name: 'x'.repeat(10_000) }],
    ['legalTexts.terms', { legalTexts: { terms: 'x'.repeat(50_001) } }],
    ['colour', { colour: 'blue' }],
  ])('refuses %s with a 400 naming it and changes nothing', async (field, body) => {
    await expectRefused(body, field);
  });

  it('tells what to enter for an empty name or a wrong address, in the voice of every form', async () => {
    const nameError = await expectRefused({ name: '  ' }, 'name');
    expect(nameError.details).toEqual({ issues: [{ path: 'name', message: "enter the restaurant's name" }] });
    const emailError = await expectRefused({ email: 'nope' }, 'email');
    expect(emailError.details).toEqual({
      issues: [{ path: 'email', message: 'enter an email address such as name@example.com' }],
    });
  });

  it('refuses thresholds that cross the stored ones, naming the field that was sent', async () => {
    const current = await settings();
    const amberError = await expectRefused(
      { orderAgeAmberMinutes: current.orderAgeRedMinutes },
      'orderAgeAmberMinutes',
    );
    expect(amberError.message).toContain('red');
    const redError = await expectRefused(
      { orderAgeRedMinutes: current.orderAgeAmberMinutes },
      'orderAgeRedMinutes',
    );
    expect(redError.message).toContain('amber');
  });

  it('refuses an archived account for a payment method, naming it', async () => {
    const old = await account('Old Wallet', 'e-wallet');
    expect((await t.patchLatest(`/api/bank-accounts/${old}`, { active: false }, { as: admin })).status).toBe(
      200,
    );
    await expectRefused({ paymentAccounts: { card: bankAccount, qr: old } }, 'paymentAccounts.qr');
  });

  it('answers 401 to a visitor and 403 to a customer, a staff member and a manager, changing nothing', async () => {
    const before = await settings();
    await expectErrorBody(await t.get('/api/settings', { as: null }), 401, 'unauthenticated');
    await expectErrorBody(
      await t.patchLatest('/api/settings', { taxPercent: 5 }, { as: null }),
      401,
      'unauthenticated',
    );
    for (const role of ['customer', 'staff', 'manager'] as const) {
      const user = as[role]!;
      await expectErrorBody(await t.get('/api/settings', { as: user }), 403, 'permission-denied');
      await expectErrorBody(
        await t.patchLatest('/api/settings', { taxPercent: 5 }, { as: user }),
        403,
        'permission-denied',
      );
      await expectErrorBody(
        await t.patchLatest('/api/settings', { paymentAccounts: { cash: UNKNOWN_ID } }, { as: user }),
        403,
        'permission-denied',
      );
    }
    expect(await settings()).toEqual(before);
  });
});
