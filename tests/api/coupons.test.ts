import { readFile } from 'node:fs/promises';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons } from '../../src/server/modules/coupons/coupons.schema';
import type { AuditEntry } from '../../src/shared/contracts/audit';
import {
  type Coupon,
  type CouponCheck,
  type CouponPage,
  type CouponRefusal,
  type CouponRefusalContext,
  type CouponStatus,
  couponDiscount,
  couponRefusalMessage,
  restaurantToday,
} from '../../src/shared/contracts/coupons';
import type { DiningTable } from '../../src/shared/contracts/master-data';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import { priceOrder } from '../../src/shared/pricing';
import { buildMenuItem, buildTable } from '../support/factories';
import { ALWAYS_OPEN_HOURS } from '../support/opening-hours';
import { movedOrder, placedOrder, placeOrder } from '../support/orders';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * Coupons: who may manage and check them (the ladder on every endpoint), the form's
 * validation, unique codes, stale changes, deleting a used coupon, every reason a code is refused,
 * both when it is checked and when an order is placed with it (in the restaurant's time zone), the
 * discount in the order's totals exactly as `priceOrder` counts it, a cancelled or rejected order
 * giving its use back, and the list's status filters, uses and discount total. The races on the last
 * uses are in coupons-concurrency.test.ts.
 */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let staff: TestUser;
let customer: TestUser;
let otherCustomer: TestUser;
/** 10.00. */
let item: MenuItem;
let table: DiningTable;
let timeZone: string;
/** The restaurant's today, yesterday and tomorrow (its time zone), and UTC's today. */
let today: string;
let yesterday: string;
let tomorrow: string;
let utcToday: string;

const TAX_PERCENT = 8.25;
const SERVICE_CHARGE_PERCENT = 10;

const shiftDay = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, staff, customer, otherCustomer] = (await Promise.all([
    t.buildUser({ role: 'admin', name: 'Ada Admin' }),
    t.buildUser({ role: 'manager', name: 'Max Manager' }),
    t.buildUser({ role: 'staff', name: 'Sam Staff' }),
    t.buildUser({ role: 'customer', name: 'Cleo Customer' }),
    t.buildUser({ role: 'customer', name: 'Otto Other' }),
  ])) as [TestUser, TestUser, TestUser, TestUser, TestUser];
  // A time zone whose calendar day is not UTC's now: 11 hours behind before 10:00 UTC, 14 ahead after.
  timeZone = new Date().getUTCHours() < 10 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
  const settings = await t.patchLatest(
    '/api/settings',
    {
      openingHours: ALWAYS_OPEN_HOURS,
      onlineOrdering: true,
      timeZone,
      taxPercent: TAX_PERCENT,
      taxInclusive: false,
      serviceChargePercent: SERVICE_CHARGE_PERCENT,
      deliveryMinimum: 0,
    },
    { as: admin },
  );
  expect(settings.status, await settings.clone().text()).toBe(200);
  today = restaurantToday(timeZone);
  utcToday = new Date().toISOString().slice(0, 10);
  yesterday = shiftDay(today, -1);
  tomorrow = shiftDay(today, 1);
  item = await buildMenuItem(t, { price: 1000 }, { as: admin });
  table = await buildTable(t, {}, { as: admin });
});
afterAll(() => t.close());

let codeCounter = 0;
const freshCode = (prefix = 'SAVE') => `${prefix}${++codeCounter}${Math.random().toString(36).slice(2, 6)}`;

/** `POST /api/coupons` as an admin, expecting 201: a 10 % coupon for both channels unless told. */
async function coupon(overrides: Record<string, unknown> = {}): Promise<Coupon> {
  const response = await t.post(
    '/api/coupons',
    { code: freshCode(), kind: 'percent', value: 10, channels: ['pos', 'online'], ...overrides },
    { as: admin },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Coupon;
}

async function readCoupon(id: string): Promise<Coupon> {
  const response = await t.get(`/api/coupons/${id}`, { as: admin });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Coupon;
}

/** A takeaway of `quantity` × 10.00, with `extra` fields (the coupon code). */
const takeaway = (quantity: number, extra: Record<string, unknown> = {}) => ({
  type: 'takeaway',
  lines: [{ menuItemId: item.id, quantity }],
  ...extra,
});

const check = (as: TestUser | null, body: Record<string, unknown>) =>
  t.post('/api/coupons/check', body, { as });

/** The refusal's envelope: its status, `details.reason`, the field and the sentence of coupon-rules. */
async function expectRefusal(
  response: Response,
  reason: CouponRefusal,
  path: 'code' | 'couponCode',
  context: Omit<CouponRefusalContext, 'currency'>,
) {
  const status = reason === 'coupon-unknown' ? 404 : 409;
  const error = await expectErrorBody(response, status, status === 404 ? 'not-found' : 'aborted');
  expect(error.details).toMatchObject({ reason, path, code: context.code.toUpperCase() });
  expect(error.message).toBe(couponRefusalMessage(reason, { ...context, currency: 'USD' }));
  return error;
}

/** A code refused the same way by the check and by an order of the same user and subtotal. */
async function refusedBoth(
  as: TestUser,
  code: string,
  quantity: number,
  reason: CouponRefusal,
  context: Omit<CouponRefusalContext, 'currency' | 'code'> = {},
  extra: Record<string, unknown> = {},
) {
  const checkBody = {
    code,
    subtotal: quantity * 1000,
    ...(typeof extra.customerPhone === 'string' ? { customerPhone: extra.customerPhone } : {}),
  };
  await expectRefusal(await check(as, checkBody), reason, 'code', { code, ...context });
  await expectRefusal(
    await placeOrder(t, takeaway(quantity, { couponCode: code, ...extra }), as),
    reason,
    'couponCode',
    { code, ...context },
  );
}

async function listCoupons(query: string): Promise<CouponPage> {
  const response = await t.get(`/api/coupons?${query}`, { as: admin });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as CouponPage;
}

async function unreleasedUses(couponId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), isNull(couponRedemptions.releasedAt)));
  return row?.n ?? 0;
}

describe('who may manage and check coupons (the ladder)', () => {
  const refusedExceptAdmin = async (call: (as: TestUser | null) => Promise<Response>) => {
    await expectErrorBody(await call(null), 401, 'unauthenticated');
    for (const as of [customer, staff, manager]) {
      await expectErrorBody(await call(as), 403, 'permission-denied');
    }
  };

  it('GET /api/coupons and /api/coupons/{id}: anonymous 401, customer, staff and manager 403, admin 200', async () => {
    const made = await coupon();
    await refusedExceptAdmin((as) => t.get('/api/coupons', { as }));
    await refusedExceptAdmin((as) => t.get(`/api/coupons/${made.id}`, { as }));
    expect((await t.get('/api/coupons', { as: admin })).status).toBe(200);
    expect((await readCoupon(made.id)).code).toBe(made.code);
    await expectErrorBody(
      await t.get(`/api/coupons/${crypto.randomUUID()}`, { as: admin }),
      404,
      'not-found',
    );
    await expectErrorBody(await t.get('/api/coupons/not-an-id', { as: admin }), 400, 'invalid-argument');
  });

  it('POST /api/coupons: anonymous 401, customer, staff and manager 403, admin 201', async () => {
    const body = () => ({ code: freshCode(), kind: 'amount', value: 500, channels: ['pos'] });
    await refusedExceptAdmin((as) => t.post('/api/coupons', body(), { as }));
    const response = await t.post('/api/coupons', body(), { as: admin });
    expect(response.status, await response.clone().text()).toBe(201);
  });

  it('PATCH /api/coupons/{id}: anonymous 401, customer, staff and manager 403, admin 200', async () => {
    const made = await coupon({ description: 'Before' });
    await refusedExceptAdmin((as) =>
      t.patch(`/api/coupons/${made.id}`, { description: 'By someone', version: made.version }, { as }),
    );
    expect((await readCoupon(made.id)).description).toBe('Before');
    const response = await t.patch(
      `/api/coupons/${made.id}`,
      { description: 'After', version: made.version },
      { as: admin },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ description: 'After', version: made.version + 1 });
  });

  it('DELETE /api/coupons/{id}: anonymous 401, customer, staff and manager 403, admin 204', async () => {
    const made = await coupon();
    await refusedExceptAdmin((as) => t.del(`/api/coupons/${made.id}`, { as }));
    await readCoupon(made.id);
    expect((await t.del(`/api/coupons/${made.id}`, { as: admin })).status).toBe(204);
    await expectErrorBody(await t.get(`/api/coupons/${made.id}`, { as: admin }), 404, 'not-found');
    await expectErrorBody(await t.del(`/api/coupons/${made.id}`, { as: admin }), 404, 'not-found');
  });

  it('POST /api/coupons/check: anonymous 401; a customer, staff, a manager and an admin get the terms', async () => {
    const made = await coupon({ kind: 'percent', value: 15, maxDiscount: 500, description: 'Spring' });
    await expectErrorBody(await check(null, { code: made.code, subtotal: 2000 }), 401, 'unauthenticated');
    for (const as of [customer, staff, manager, admin]) {
      const response = await check(as, { code: made.code.toLowerCase(), subtotal: 2000 });
      expect(response.status, await response.clone().text()).toBe(200);
      expect((await response.json()) as CouponCheck).toEqual({
        code: made.code.toUpperCase(),
        description: 'Spring',
        kind: 'percent',
        value: 15,
        maxDiscount: 500,
        minOrder: null,
        discount: 300,
      });
    }
    // The cap: 15 % of 50.00 is 7.50, at most 5.00.
    const capped = await check(staff, { code: made.code, subtotal: 5000 });
    expect(((await capped.json()) as CouponCheck).discount).toBe(500);
  });

  it('writes an audit entry for each change, in the coupons area', async () => {
    const made = await coupon({ description: 'Audited' });
    const response = await t.get('/api/admin/audit?area=coupons&limit=500', { as: admin });
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as { items: AuditEntry[] };
    const entry = items.find((candidate) => candidate.targetId === made.id);
    expect(entry).toMatchObject({
      action: 'coupon.created',
      summary: `Created coupon ${made.code} (10% off)`,
      actorId: admin.id,
    });
  });
});

describe('the coupon form (validation names the field)', () => {
  const refusedOn = async (body: Record<string, unknown>, path: string) => {
    const response = await t.post(
      '/api/coupons',
      { code: freshCode(), kind: 'percent', value: 10, channels: ['pos'], ...body },
      { as: admin },
    );
    const error = await expectErrorBody(response, 400, 'invalid-argument');
    expect((error.details as { issues: { path: string }[] }).issues.map((issue) => issue.path)).toContain(
      path,
    );
    return error;
  };

  it('refuses a bad code, a wrong value, a cap on an amount, reversed dates, no channel and an unknown field', async () => {
    await refusedOn({ code: 'a!' }, 'code');
    await refusedOn({ code: 'AB' }, 'code');
    await refusedOn({ code: '-SAVE' }, 'code');
    await refusedOn({ code: '' }, 'code');
    await refusedOn({ kind: 'percent', value: 101 }, 'value');
    await refusedOn({ kind: 'percent', value: 12.345 }, 'value');
    await refusedOn({ kind: 'percent', value: 0 }, 'value');
    await refusedOn({ kind: 'amount', value: 12.5 }, 'value');
    await refusedOn({ kind: 'amount', value: 500, maxDiscount: 200 }, 'maxDiscount');
    await refusedOn({ kind: 'bogus' }, 'kind');
    await refusedOn({ validFrom: tomorrow, validUntil: today }, 'validUntil');
    await refusedOn({ validFrom: '2026-02-30' }, 'validFrom');
    await refusedOn({ channels: [] }, 'channels');
    await refusedOn({ channels: ['pos', 'pos'] }, 'channels');
    await refusedOn({ channels: ['phone'] }, 'channels.0');
    await refusedOn({ minOrder: 15.5 }, 'minOrder');
    await refusedOn({ usageLimit: 0 }, 'usageLimit');
    await refusedOn({ perCustomerLimit: -1 }, 'perCustomerLimit');
    const unknown = await refusedOn({ bogus: true }, 'bogus');
    expect(unknown.message).toMatch(/bogus: is not a known field/);
  });

  it('keeps what was entered: 12.5 %, dates, limits, channels; an amount coupon has no cap', async () => {
    const code = `SPRING${++codeCounter}`;
    const made = await coupon({
      code,
      description: '  Spring menu  ',
      kind: 'percent',
      value: 12.5,
      minOrder: 1500,
      maxDiscount: 400,
      validFrom: today,
      validUntil: tomorrow,
      usageLimit: 100,
      perCustomerLimit: 2,
      channels: ['online'],
    });
    expect(made).toMatchObject({
      code,
      description: 'Spring menu',
      kind: 'percent',
      value: 12.5,
      minOrder: 1500,
      maxDiscount: 400,
      validFrom: today,
      validUntil: tomorrow,
      usageLimit: 100,
      perCustomerLimit: 2,
      channels: ['online'],
      active: true,
      status: 'active',
      uses: 0,
      discountTotal: 0,
      currency: 'USD',
      version: 1,
    });
    const amount = await coupon({ kind: 'amount', value: 300 });
    expect(amount).toMatchObject({ kind: 'amount', value: 300, maxDiscount: null, minOrder: null });
  });

  it('keeps a code in one form: "welcome15" is stored and answered as "WELCOME15", and found in any case', async () => {
    const typed = `welcome${++codeCounter}x`;
    const upper = typed.toUpperCase();
    const made = await coupon({ code: `  ${typed} `, kind: 'percent', value: 15 });
    expect(made.code).toBe(upper);
    const stored = async () =>
      (await t.db.select({ code: coupons.code }).from(coupons).where(eq(coupons.id, made.id)))[0]?.code;
    expect(await stored()).toBe(upper);
    expect((await readCoupon(made.id)).code).toBe(upper);
    expect((await listCoupons(`search=${typed}`)).items.map((item) => item.code)).toEqual([upper]);

    // A check and an order take it in any case, and answer it in the one form.
    const mixed = `Welcome${typed.slice('welcome'.length)}`;
    const checked = await check(customer, { code: mixed, subtotal: 2000 });
    expect(checked.status, await checked.clone().text()).toBe(200);
    expect(await checked.json()).toMatchObject({ code: upper, value: 15, discount: 300 });
    // 15 % of 10.00 is 1.50.
    const order = await placedOrder(t, takeaway(1, { couponCode: typed }), staff);
    expect(order).toMatchObject({ couponCode: upper, discount: 150 });

    // A change of code is kept in the same form.
    const renamed = `spring${++codeCounter}x`;
    const changed = await t.patch(
      `/api/coupons/${made.id}`,
      { code: ` ${renamed}`, version: made.version },
      { as: admin },
    );
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(((await changed.json()) as Coupon).code).toBe(renamed.toUpperCase());
    expect(await stored()).toBe(renamed.toUpperCase());

    // A row written before codes were normalised (in the case it was typed) is brought to the one
    // form by the migration that began normalising them, and is found by a code in any case.
    await t.db.update(coupons).set({ code: renamed }).where(eq(coupons.id, made.id));
    const migration = await readFile('drizzle/0015_feedback_ratings_coupon_codes.sql', 'utf8');
    const normalise = migration.split('--> statement-breakpoint').find((part) => part.includes('"coupons"'));
    await t.db.execute(sql.raw(normalise ?? 'select 1'));
    expect((await readCoupon(made.id)).code).toBe(renamed.toUpperCase());
    const legacy = await check(staff, { code: renamed.toUpperCase(), subtotal: 1000 });
    expect(legacy.status, await legacy.clone().text()).toBe(200);
    expect(await legacy.json()).toMatchObject({ code: renamed.toUpperCase(), discount: 150 });
  });

  it('refuses a code that exists in any case (409 on code), on create and on change', async () => {
    const code = freshCode('DUPE');
    const first = await coupon({ code: code.toUpperCase() });
    const again = await t.post(
      '/api/coupons',
      { code: code.toLowerCase(), kind: 'amount', value: 100, channels: ['pos'] },
      { as: admin },
    );
    const error = await expectErrorBody(again, 409, 'aborted');
    expect(error.message).toBe(`There is already a coupon ${code.toUpperCase()}.`);
    expect(error.details).toMatchObject({ path: 'code' });
    const other = await coupon();
    const renamed = await t.patch(
      `/api/coupons/${other.id}`,
      { code: ` ${code.toLowerCase()} `, version: other.version },
      { as: admin },
    );
    expect((await expectErrorBody(renamed, 409, 'aborted')).details).toMatchObject({ path: 'code' });
    expect((await readCoupon(first.id)).code).toBe(code.toUpperCase());
  });

  it('refuses a change based on an old version (409 stale) and checks the fields together after a change', async () => {
    const made = await coupon({ validFrom: today, maxDiscount: 300 });
    const changed = await t.patch(
      `/api/coupons/${made.id}`,
      { value: 20, version: made.version },
      { as: admin },
    );
    expect(changed.status).toBe(200);
    const stale = await t.patch(
      `/api/coupons/${made.id}`,
      { value: 30, version: made.version },
      { as: admin },
    );
    const error = await expectErrorBody(stale, 409, 'aborted');
    expect(error.details).toEqual({ reason: 'stale', version: made.version + 1 });
    expect((await readCoupon(made.id)).value).toBe(20);

    const current = await readCoupon(made.id);
    const patchField = async (body: Record<string, unknown>, path: string) => {
      const response = await t.patch(
        `/api/coupons/${made.id}`,
        { ...body, version: current.version },
        { as: admin },
      );
      const refused = await expectErrorBody(response, 400, 'invalid-argument');
      expect((refused.details as { issues: { path: string }[] }).issues[0]?.path).toBe(path);
    };
    // Before its first day, on the record as it is.
    await patchField({ validUntil: yesterday }, 'validUntil');
    // A percentage coupon that becomes an amount keeps its cap unless it is cleared.
    await patchField({ kind: 'amount', value: 500 }, 'maxDiscount');
    await patchField({ value: 150 }, 'value');
    // Both together are fine: the amount goes into its own column.
    const toAmount = await t.patch(
      `/api/coupons/${made.id}`,
      { kind: 'amount', value: 500, maxDiscount: null, version: current.version },
      { as: admin },
    );
    expect(toAmount.status, await toAmount.clone().text()).toBe(200);
    expect(await toAmount.json()).toMatchObject({ kind: 'amount', value: 500, maxDiscount: null });
  });

  it('deletes an unused coupon, and refuses one an order used (even a cancelled one): make it inactive', async () => {
    const made = await coupon();
    const order = await placedOrder(t, takeaway(1, { couponCode: made.code }), staff);
    await movedOrder(t, order, 'cancelled', staff, 'Guest left');
    const refused = await expectErrorBody(
      await t.del(`/api/coupons/${made.id}`, { as: admin }),
      409,
      'aborted',
    );
    expect(refused.message).toBe(
      `Coupon ${made.code.toUpperCase()} has been used on 1 order: make it inactive instead.`,
    );
    await placedOrder(t, takeaway(1, { couponCode: made.code }), staff);
    const twice = await expectErrorBody(
      await t.del(`/api/coupons/${made.id}`, { as: admin }),
      409,
      'aborted',
    );
    expect(twice.message).toMatch(/has been used on 2 orders: make it inactive instead\.$/);
    const inactive = await t.patch(`/api/coupons/${made.id}`, { active: false, version: 1 }, { as: admin });
    expect(inactive.status).toBe(200);
    expect((await readCoupon(made.id)).status).toBe('inactive');
  });
});

describe('every reason a code is refused, when checked and when ordering', () => {
  it('unknown: 404', async () => {
    await refusedBoth(staff, 'nosuchcode', 1, 'coupon-unknown');
    await refusedBoth(customer, 'NOSUCHCODE', 1, 'coupon-unknown');
  });

  it('inactive', async () => {
    const made = await coupon({ active: false });
    await refusedBoth(staff, made.code, 1, 'coupon-inactive');
    await refusedBoth(customer, made.code, 1, 'coupon-inactive');
  });

  it('not valid for orders at the counter, and not valid for online orders', async () => {
    const onlineOnly = await coupon({ channels: ['online'] });
    await refusedBoth(staff, onlineOnly.code, 1, 'coupon-wrong-channel', { channel: 'pos' });
    await refusedBoth(manager, onlineOnly.code, 1, 'coupon-wrong-channel', { channel: 'pos' });
    const posOnly = await coupon({ channels: ['pos'] });
    await refusedBoth(customer, posOnly.code, 1, 'coupon-wrong-channel', { channel: 'online' });
    const refused = await check(customer, { code: posOnly.code, subtotal: 1000 });
    expect((await refused.json()).error.message).toBe(
      `Coupon ${posOnly.code.toUpperCase()} is not valid for online orders.`,
    );
    // Each may use it where it is valid.
    expect((await placedOrder(t, takeaway(1, { couponCode: onlineOnly.code }), customer)).discount).toBe(100);
    expect((await placedOrder(t, takeaway(1, { couponCode: posOnly.code }), staff)).discount).toBe(100);
  });

  it('not valid yet and expired, by the restaurant’s calendar (its time zone), first and last days included', async () => {
    expect(today).not.toBe(utcToday);
    const notYet = await coupon({ validFrom: tomorrow });
    await refusedBoth(staff, notYet.code, 1, 'coupon-not-yet-valid', { validFrom: tomorrow });
    await refusedBoth(customer, notYet.code, 1, 'coupon-not-yet-valid', { validFrom: tomorrow });
    const expired = await coupon({ validUntil: yesterday });
    await refusedBoth(staff, expired.code, 1, 'coupon-expired', { validUntil: yesterday });
    await refusedBoth(customer, expired.code, 1, 'coupon-expired', { validUntil: yesterday });
    // Today in UTC is another day than the restaurant's: a coupon of that day only is refused.
    const utcDay = await coupon({ validFrom: utcToday, validUntil: utcToday });
    const utcReason = utcToday < today ? 'coupon-expired' : 'coupon-not-yet-valid';
    await refusedBoth(
      staff,
      utcDay.code,
      1,
      utcReason,
      utcToday < today ? { validUntil: utcToday } : { validFrom: utcToday },
    );
    // The restaurant's today only: valid now.
    const todayOnly = await coupon({ validFrom: today, validUntil: today });
    expect((await check(staff, { code: todayOnly.code, subtotal: 1000 })).status).toBe(200);
    expect((await placedOrder(t, takeaway(2, { couponCode: todayOnly.code }), customer)).couponCode).toBe(
      todayOnly.code.toUpperCase(),
    );
  });

  it('below the minimum order (the subtotal before any discount), with the amount formatted', async () => {
    const made = await coupon({ minOrder: 1500 });
    await refusedBoth(staff, made.code, 1, 'coupon-below-minimum', { minOrder: 1500 });
    await refusedBoth(customer, made.code, 1, 'coupon-below-minimum', { minOrder: 1500 });
    const refused = await check(staff, { code: made.code, subtotal: 1499 });
    expect((await refused.json()).error.message).toBe(
      `Coupon ${made.code.toUpperCase()}: the minimum order is $15.00.`,
    );
    // 20.00 before the discount is enough, although 20.00 − 10 % = 18.00 is what is paid.
    expect((await check(staff, { code: made.code, subtotal: 1500 })).status).toBe(200);
    expect((await placedOrder(t, takeaway(2, { couponCode: made.code }), staff)).discount).toBe(200);
  });

  it('used up: the usage limit counts every channel', async () => {
    const made = await coupon({ usageLimit: 2 });
    await placedOrder(t, takeaway(1, { couponCode: made.code }), staff);
    await placedOrder(t, takeaway(1, { couponCode: made.code }), customer);
    await refusedBoth(staff, made.code, 1, 'coupon-used-up');
    await refusedBoth(otherCustomer, made.code, 1, 'coupon-used-up');
    expect(await unreleasedUses(made.id)).toBe(2);
  });

  it('already used by this customer: online by account, at the counter by phone number', async () => {
    const made = await coupon({ perCustomerLimit: 1 });
    await placedOrder(t, takeaway(1, { couponCode: made.code }), customer);
    await refusedBoth(customer, made.code, 1, 'coupon-already-used');
    // Another customer may.
    await placedOrder(t, takeaway(1, { couponCode: made.code }), otherCustomer);
    // At the counter, the phone's digits say who it is, however they are written.
    await placedOrder(t, takeaway(1, { couponCode: made.code, customerPhone: '+1 555-0101' }), staff);
    await refusedBoth(staff, made.code, 1, 'coupon-already-used', {}, { customerPhone: '1 (555) 0101' });
    expect(
      (await placedOrder(t, takeaway(1, { couponCode: made.code, customerPhone: '+1 555-0102' }), staff))
        .discount,
    ).toBe(100);
  });

  it('a per-customer coupon at the counter needs the customer’s phone number', async () => {
    const made = await coupon({ perCustomerLimit: 3 });
    await refusedBoth(staff, made.code, 1, 'coupon-customer-required');
    // Fewer than 5 digits is no number.
    await refusedBoth(staff, made.code, 1, 'coupon-customer-required', {}, { customerPhone: '12-34' });
    expect((await check(staff, { code: made.code, subtotal: 1000, customerPhone: '555 0199' })).status).toBe(
      200,
    );
    // A customer online is known by their account.
    expect((await check(customer, { code: made.code, subtotal: 1000 })).status).toBe(200);
  });

  it('checks in the documented order: the first reason that applies is the one given', async () => {
    // Inactive, online-only, not valid yet, with a minimum and used up: inactive first.
    const made = await coupon({ active: false, channels: ['online'], validFrom: tomorrow, minOrder: 5000 });
    await refusedBoth(staff, made.code, 1, 'coupon-inactive');
    const active = await t.patch(`/api/coupons/${made.id}`, { active: true, version: 1 }, { as: admin });
    expect(active.status).toBe(200);
    await refusedBoth(staff, made.code, 1, 'coupon-wrong-channel', { channel: 'pos' });
    await refusedBoth(customer, made.code, 1, 'coupon-not-yet-valid', { validFrom: tomorrow });
  });

  it('refuses a coupon together with a manual discount: 400 on couponCode, nothing placed', async () => {
    const made = await coupon();
    const response = await placeOrder(
      t,
      takeaway(1, { couponCode: made.code, discount: { kind: 'amount', value: 100, reason: 'Regular' } }),
      manager,
    );
    const error = await expectErrorBody(response, 400, 'invalid-argument');
    expect(error.details).toMatchObject({ issues: [{ path: 'couponCode', message: expect.any(String) }] });
    expect(await unreleasedUses(made.id)).toBe(0);
  });

  it('limits checks per user (429 past the limit)', async () => {
    const checker = await t.buildUser({ role: 'customer' });
    const made = await coupon();
    for (let attempt = 0; attempt < 60; attempt++) {
      const response = await check(checker, { code: made.code, subtotal: 1000 });
      expect(response.status).toBe(200);
    }
    await expectErrorBody(
      await check(checker, { code: made.code, subtotal: 1000 }),
      429,
      'resource-exhausted',
    );
    // Another user is not held back.
    expect((await check(otherCustomer, { code: made.code, subtotal: 1000 })).status).toBe(200);
  });
});

describe('the discount in the order', () => {
  /** The totals `priceOrder` gives for `quantity` × 10.00 of `type` with the coupon's terms. */
  const expected = (made: Coupon, quantity: number, type: 'takeaway' | 'dine-in') =>
    priceOrder({
      type,
      lines: [{ unitPrice: 1000, quantity }],
      discount: couponDiscount({
        code: made.code,
        kind: made.kind,
        value: made.value,
        maxDiscount: made.maxDiscount,
        minOrder: made.minOrder,
      }),
      serviceChargePercent: SERVICE_CHARGE_PERCENT,
      taxPercent: TAX_PERCENT,
      taxInclusive: false,
      deliveryFee: 0,
    });

  const totalsOf = (order: Order) => ({
    subtotal: order.subtotal,
    discount: order.discount,
    serviceCharge: order.serviceCharge,
    tax: order.tax,
    total: order.total,
  });

  it('a percentage with a cap: 15 % of 20.00 is 3.00, of 50.00 capped at 5.00; service and tax after it', async () => {
    const made = await coupon({ kind: 'percent', value: 15, maxDiscount: 500 });
    const small = await placedOrder(t, takeaway(2, { couponCode: made.code.toLowerCase() }), staff);
    const want = expected(made, 2, 'takeaway');
    expect(want.discount).toBe(300);
    expect(totalsOf(small)).toEqual({
      subtotal: 2000,
      discount: 300,
      serviceCharge: 0,
      tax: want.tax,
      total: want.total,
    });
    expect(small.couponCode).toBe(made.code.toUpperCase());
    expect(small.discountReason).toBe('');

    const big = await placedOrder(
      t,
      {
        type: 'dine-in',
        tableId: table.id,
        lines: [{ menuItemId: item.id, quantity: 5 }],
        couponCode: made.code,
      },
      customer,
    );
    const wantBig = expected(made, 5, 'dine-in');
    expect(wantBig.discount).toBe(500);
    expect(wantBig.serviceCharge).toBe(450);
    expect(totalsOf(big)).toEqual({
      subtotal: wantBig.subtotal,
      discount: wantBig.discount,
      serviceCharge: wantBig.serviceCharge,
      tax: wantBig.tax,
      total: wantBig.total,
    });
    // The order as read later shows the coupon and the discount.
    const read = await t.get(`/api/orders/${big.id}`, { as: customer });
    expect(await read.json()).toMatchObject({ couponCode: made.code.toUpperCase(), discount: 500 });
    // The redemption keeps the order's discount.
    const [redemption] = await t.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, big.id));
    expect(redemption).toMatchObject({
      couponId: made.id,
      discount: 500,
      customerKey: `user:${customer.id}`,
    });
  });

  it('a fixed amount: 7.00 off, never more than the subtotal', async () => {
    const made = await coupon({ kind: 'amount', value: 700 });
    const order = await placedOrder(t, takeaway(3, { couponCode: made.code }), staff);
    const want = expected(made, 3, 'takeaway');
    expect(totalsOf(order)).toEqual({
      subtotal: 3000,
      discount: 700,
      serviceCharge: 0,
      tax: want.tax,
      total: want.total,
    });
    const big = await coupon({ kind: 'amount', value: 2500 });
    const capped = await placedOrder(t, takeaway(1, { couponCode: big.code }), staff);
    expect(totalsOf(capped)).toEqual({ subtotal: 1000, discount: 1000, serviceCharge: 0, tax: 0, total: 0 });
    const checked = await check(staff, { code: big.code, subtotal: 1000 });
    expect(((await checked.json()) as CouponCheck).discount).toBe(1000);
  });
});

describe('a cancelled or rejected order gives its use back', () => {
  it('cancelled at the counter: the coupon can be used again, and the list counts it no more', async () => {
    const made = await coupon({ usageLimit: 1, kind: 'amount', value: 250 });
    const order = await placedOrder(t, takeaway(2, { couponCode: made.code }), staff);
    expect(await readCoupon(made.id)).toMatchObject({ uses: 1, discountTotal: 250, status: 'used-up' });
    await refusedBoth(staff, made.code, 1, 'coupon-used-up');
    await movedOrder(t, order, 'cancelled', staff, 'Guest left');
    expect(await readCoupon(made.id)).toMatchObject({ uses: 0, discountTotal: 0, status: 'active' });
    // The cancelled order keeps what it was.
    const read = await t.get(`/api/orders/${order.id}`, { as: staff });
    expect(await read.json()).toMatchObject({ couponCode: made.code.toUpperCase(), discount: 250 });
    expect((await placedOrder(t, takeaway(1, { couponCode: made.code }), staff)).discount).toBe(250);
  });

  it('rejected order request: the customer may use their per-customer coupon again', async () => {
    const made = await coupon({ perCustomerLimit: 1, usageLimit: 1 });
    const request = await placedOrder(t, takeaway(1, { couponCode: made.code }), customer);
    expect(request.status).toBe('pending');
    await refusedBoth(customer, made.code, 1, 'coupon-used-up');
    await movedOrder(t, request, 'rejected', staff, 'Kitchen closing');
    expect(await unreleasedUses(made.id)).toBe(0);
    const again = await placedOrder(t, takeaway(1, { couponCode: made.code }), customer);
    expect(again.discount).toBe(100);
  });

  it('a customer cancelling their own pending request gives it back too; completing does not', async () => {
    const made = await coupon({ perCustomerLimit: 1 });
    const request = await placedOrder(t, takeaway(1, { couponCode: made.code }), otherCustomer);
    await movedOrder(t, request, 'cancelled', otherCustomer);
    expect(await unreleasedUses(made.id)).toBe(0);
    const kept = await placedOrder(t, takeaway(1, { couponCode: made.code }), otherCustomer);
    let order = await movedOrder(t, kept, 'confirmed', staff);
    for (const status of ['preparing', 'ready', 'completed'] as const) {
      order = await movedOrder(t, order, status, staff);
    }
    expect(await unreleasedUses(made.id)).toBe(1);
  });
});

describe('the list', () => {
  it('filters by status as of the restaurant’s today, finds code and description, counts uses and discount', async () => {
    const tag = `LST${Math.random().toString(36).slice(2, 7)}`;
    const make = (suffix: string, overrides: Record<string, unknown>) =>
      coupon({ code: `${tag}${suffix}`, ...overrides });
    const active = await make('A', { description: 'Lunch deal', validFrom: today, validUntil: today });
    const scheduled = await make('S', { validFrom: tomorrow });
    const expired = await make('E', { validUntil: yesterday });
    const usedUp = await make('U', { usageLimit: 1, kind: 'amount', value: 300 });
    const inactive = await make('I', { active: false });
    await placedOrder(t, takeaway(2, { couponCode: usedUp.code }), staff);
    await placedOrder(t, takeaway(3, { couponCode: active.code }), staff);
    await placedOrder(t, takeaway(1, { couponCode: active.code }), customer);
    const cancelled = await placedOrder(t, takeaway(4, { couponCode: active.code }), staff);
    await movedOrder(t, cancelled, 'cancelled', staff, 'Mistake');

    const codes = async (query: string) =>
      (await listCoupons(`search=${tag}&${query}`)).items.map((item) => item.code);
    // Newest first.
    expect(await codes('')).toEqual([inactive, usedUp, expired, scheduled, active].map((c) => c.code));
    const byStatus: [CouponStatus, Coupon][] = [
      ['active', active],
      ['scheduled', scheduled],
      ['expired', expired],
      ['used-up', usedUp],
      ['inactive', inactive],
    ];
    for (const [status, made] of byStatus) {
      expect(await codes(`status=${status}`), status).toEqual([made.code]);
      expect((await readCoupon(made.id)).status).toBe(status);
    }
    expect(await codes('status=active,scheduled')).toEqual([scheduled.code, active.code]);
    await expectErrorBody(await t.get('/api/coupons?status=', { as: admin }), 400, 'invalid-argument');
    await expectErrorBody(
      await t.get('/api/coupons?status=archived', { as: admin }),
      400,
      'invalid-argument',
    );

    const page = await listCoupons(`search=${tag.toLowerCase()}a`);
    expect(page.items).toHaveLength(1);
    // 10 % of 30.00 and of 10.00; the cancelled order's 4.00 is given back.
    expect(page.items[0]).toMatchObject({ code: active.code, uses: 2, discountTotal: 400, status: 'active' });
    expect((await readCoupon(usedUp.id)).discountTotal).toBe(300);
    expect((await listCoupons('search=lunch DEAL')).items.map((item) => item.id)).toContain(active.id);
    // A search with LIKE's own characters finds them as text.
    expect((await listCoupons('search=%25')).items).toEqual([]);

    // Pages of two, by cursor.
    const first = await listCoupons(`search=${tag}&limit=2`);
    expect(first.items.map((item) => item.code)).toEqual([inactive.code, usedUp.code]);
    const second = await listCoupons(`search=${tag}&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.code)).toEqual([expired.code, scheduled.code]);
    const third = await listCoupons(`search=${tag}&limit=2&cursor=${second.nextCursor}`);
    expect(third).toEqual({ items: [expect.objectContaining({ code: active.code })], nextCursor: null });
  });
});
