import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/modules/auth/auth.schema';
import { openEventStreamCount } from '../../src/server/modules/events';
import { orders } from '../../src/server/modules/orders/orders.schema';
import type { DiningTable } from '../../src/shared/contracts/master-data';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import { restaurantClock } from '../../src/shared/opening-hours';
import { WEEKDAYS } from '../../src/shared/weekdays';
import { buildMenuItem, buildTable, uniqueName } from '../support/factories';
import { alwaysOpen } from '../support/opening-hours';
import { movedOrder, moveOrder, newIdempotencyKey, placedOrder, placeOrder } from '../support/orders';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';
import { until } from '../support/until';

/**
 * Guests' online orders: the restaurant's settings (ordering off, closed now, the delivery
 * minimum), the table of a QR link by name and its public lookup, pickup times, the customer's phone,
 * one order per Idempotency-Key, what a customer may do with orders, and the customer's live list.
 *
 * Covered in orders.test.ts already, not repeated here: an item hidden online or a partner order
 * refused to a customer, the ordering-off and below-minimum messages, a customer's own pending order
 * cancelled, a staff order's key replay and a key with another body, and the status table per role.
 */
let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let customer: TestUser;
let otherCustomer: TestUser;
let soup: MenuItem;
let table: DiningTable;
let archivedTable: DiningTable;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, customer, otherCustomer] = (await Promise.all([
    t.buildUser({ role: 'admin', name: 'Ada Admin' }),
    t.buildUser({ role: 'staff', name: 'Sam Staff' }),
    t.buildUser({ role: 'customer', name: 'Cleo Customer' }),
    t.buildUser({ role: 'customer', name: 'Otto Other' }),
  ])) as [TestUser, TestUser, TestUser, TestUser];
  const settings = await t.patchLatest(
    '/api/settings',
    { deliveryFee: 300, deliveryMinimum: 1000, timeZone: 'UTC' },
    { as: admin },
  );
  expect(settings.status, await settings.clone().text()).toBe(200);
  await alwaysOpen(t, admin);
  soup = await buildMenuItem(t, { name: uniqueName('Soup'), price: 695 }, { as: admin });
  table = await buildTable(t, { name: uniqueName('T') }, { as: admin });
  archivedTable = await buildTable(t, { name: uniqueName('Patio') }, { as: admin });
  const archived = await t.patchLatest(
    `/api/dining-tables/${archivedTable.id}`,
    { active: false },
    { as: admin },
  );
  expect(archived.status, await archived.clone().text()).toBe(200);
});
afterAll(() => t.close());

const lines = () => [{ menuItemId: soup.id, quantity: 1 }];
const takeaway = (extra: Record<string, unknown> = {}) => ({ type: 'takeaway', lines: lines(), ...extra });

async function countOrdersOf(user: TestUser): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.customerId, user.id));
  return row?.n ?? 0;
}

const hhmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** The same period on every day, `from`..`to` minutes from now on the restaurant's clock (cyclic). */
function everyDay(timeZone: string, from: number, to: number) {
  const { minutes } = restaurantClock(timeZone, new Date());
  const range = { open: hhmm(minutes + from), close: hhmm(minutes + to) };
  return {
    minutes,
    hours: Object.fromEntries(WEEKDAYS.map((day) => [day, [range]])),
  };
}

async function setSettings(body: Record<string, unknown>) {
  const response = await t.patchLatest('/api/settings', body, { as: admin });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('the restaurant’s settings refuse a customer’s order', () => {
  afterEach(async () => {
    await setSettings({ timeZone: 'UTC', onlineOrdering: true });
    await alwaysOpen(t, admin);
  });

  it('while online ordering is off: 409 with the reason', async () => {
    await setSettings({ onlineOrdering: false });
    const off = await expectErrorBody(await placeOrder(t, takeaway(), customer), 409, 'aborted');
    expect(off.details).toEqual({ reason: 'ordering-off' });
    // Staff still take orders at the counter.
    expect((await placeOrder(t, takeaway(), staff)).status).toBe(201);
  });

  it('while the restaurant is closed now: 409 saying when it opens again, in the restaurant’s time zone', async () => {
    // Tokyo is UTC+09:00: a check on the server's own clock (UTC) would be off by nine hours.
    const timeZone = 'Asia/Tokyo';
    const { minutes, hours } = everyDay(timeZone, 120, 180);
    await setSettings({ timeZone, openingHours: hours });
    const before = await countOrdersOf(customer);
    const closed = await expectErrorBody(await placeOrder(t, takeaway(), customer), 409, 'aborted');
    expect(closed.details).toEqual({ reason: 'closed' });
    const opens = hhmm(minutes + 120);
    expect(closed.message).toBe(
      minutes + 120 < 1440
        ? `We are closed now and open again at ${opens}.`
        : `We are closed now and open again tomorrow at ${opens}.`,
    );
    expect(await countOrdersOf(customer)).toBe(before);
    // Staff orders are not bound by the opening hours.
    expect((await placeOrder(t, takeaway(), staff)).status).toBe(201);
    // Open now (the same period, an hour earlier): taken.
    await setSettings({ openingHours: everyDay(timeZone, -60, 60).hours });
    expect((await placeOrder(t, takeaway(), customer)).status).toBe(201);
  });

  it('names the weekday when it opens again on a later day, and says closed plainly without hours', async () => {
    const { day, minutes } = restaurantClock('UTC', new Date());
    const index = WEEKDAYS.indexOf(day);
    const inThreeDays = WEEKDAYS[(index + 3) % 7] as string;
    const hours = Object.fromEntries(
      WEEKDAYS.map((d) => [d, d === inThreeDays ? [{ open: '09:15', close: '17:00' }] : []]),
    );
    await setSettings({ openingHours: hours });
    const later = await expectErrorBody(await placeOrder(t, takeaway(), customer), 409, 'aborted');
    const label = {
      mon: 'Monday',
      tue: 'Tuesday',
      wed: 'Wednesday',
      thu: 'Thursday',
      fri: 'Friday',
      sat: 'Saturday',
      sun: 'Sunday',
    }[inThreeDays];
    // (Unless the test runs within a minute of midnight, when the day may turn.)
    if (minutes < 1439) expect(later.message).toBe(`We are closed now and open again on ${label} at 09:15.`);
    await setSettings({ openingHours: Object.fromEntries(WEEKDAYS.map((d) => [d, []])) });
    const never = await expectErrorBody(await placeOrder(t, takeaway(), customer), 409, 'aborted');
    expect(never).toMatchObject({ message: 'We are closed now.', details: { reason: 'closed' } });
  });

  it('while a delivery is below the minimum: 409 naming the minimum', async () => {
    const below = await expectErrorBody(
      await placeOrder(t, { type: 'delivery', deliveryAddress: '2 Side St', lines: lines() }, customer),
      409,
      'aborted',
    );
    expect(below.message).toContain('$10.00');
    expect(below.details).toEqual({ reason: 'below-minimum', minimum: 1000 });
    const enough = await placedOrder(
      t,
      { type: 'delivery', deliveryAddress: '2 Side St', lines: [{ menuItemId: soup.id, quantity: 2 }] },
      customer,
    );
    expect(enough).toMatchObject({ subtotal: 1390, deliveryFee: 300, status: 'pending' });
  });

  it('answers a retry of a placed order with its order even after the restaurant has closed', async () => {
    const key = newIdempotencyKey();
    const first = await placeOrder(t, takeaway(), customer, key);
    expect(first.status).toBe(201);
    const made = (await first.json()) as Order;
    await setSettings({ openingHours: everyDay('UTC', 120, 180).hours });
    const retry = await placeOrder(t, takeaway(), customer, key);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as Order).id).toBe(made.id);
  });
});

describe('the table of a QR link, by name', () => {
  it('places a dine-in order at the table its name names, in any case', async () => {
    const order = await placedOrder(
      t,
      { type: 'dine-in', tableName: `  ${table.name.toLowerCase()} `, lines: lines() },
      customer,
    );
    expect(order.table).toEqual({ id: table.id, name: table.name });
    expect(order).toMatchObject({ type: 'dine-in', status: 'pending', source: 'online' });
  });

  it('refuses an unknown table with 400 naming tableName, and an archived one with 409', async () => {
    const name = uniqueName('T9');
    const unknown = await expectErrorBody(
      await placeOrder(t, { type: 'dine-in', tableName: name, lines: lines() }, customer),
      400,
      'invalid-argument',
    );
    expect(unknown.details).toEqual({
      issues: [
        {
          path: 'tableName',
          message: `there is no table “${name}” here: check the code on your table or ask the staff`,
        },
      ],
    });
    const archived = await expectErrorBody(
      await placeOrder(t, { type: 'dine-in', tableName: archivedTable.name, lines: lines() }, customer),
      409,
      'aborted',
    );
    expect(archived.message).toBe(
      `Table “${archivedTable.name}” is not taking orders at the moment: please ask the staff.`,
    );
    expect(archived.details).toMatchObject({ path: 'tableName' });
  });

  it('takes the table’s id or its name, not both, and only for dine-in', async () => {
    const both = await expectErrorBody(
      await placeOrder(
        t,
        { type: 'dine-in', tableId: table.id, tableName: table.name, lines: lines() },
        customer,
      ),
      400,
      'invalid-argument',
    );
    expect(both.details).toEqual({
      issues: [{ path: 'tableName', message: expect.stringMatching(/not both/) }],
    });
    const notDineIn = await expectErrorBody(
      await placeOrder(t, takeaway({ tableName: table.name }), customer),
      400,
      'invalid-argument',
    );
    expect(notDineIn.details).toEqual({
      issues: [{ path: 'tableName', message: 'only a dine-in order has a table' }],
    });
    for (const tableName of ['   ', 'x'.repeat(41)]) {
      const bad = await expectErrorBody(
        await placeOrder(t, { type: 'dine-in', tableName, lines: lines() }, customer),
        400,
        'invalid-argument',
      );
      expect((bad.details as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual([
        'tableName',
      ]);
    }
  });

  it('GET /api/tables/by-name/{name}: public, 200 with the id and name only, 404 unknown, 409 archived', async () => {
    const found = await t.get(`/api/tables/by-name/${encodeURIComponent(table.name.toUpperCase())}`);
    expect(found.status).toBe(200);
    // Nothing else about the table (seats, area, whether it is archived, when it was made).
    expect(await found.json()).toEqual({ id: table.id, name: table.name });
    const name = uniqueName('T9');
    const unknown = await expectErrorBody(
      await t.get(`/api/tables/by-name/${encodeURIComponent(name)}`),
      404,
      'not-found',
    );
    expect(unknown.message).toBe(
      `There is no table “${name}” here: check the code on your table or ask the staff.`,
    );
    const archived = await expectErrorBody(
      await t.get(`/api/tables/by-name/${encodeURIComponent(archivedTable.name)}`),
      409,
      'aborted',
    );
    expect(archived.message).toContain(archivedTable.name);
    expect(archived.details).toEqual({ reason: 'table-archived' });
    await expectErrorBody(await t.get(`/api/tables/by-name/${'x'.repeat(41)}`), 400, 'invalid-argument');
    // A signed-in customer gets the same answer.
    expect(
      (await t.get(`/api/tables/by-name/${encodeURIComponent(table.name)}`, { as: customer })).status,
    ).toBe(200);
  });

  it('is documented in the OpenAPI document as a public operation', async () => {
    const document = (await (await t.get('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
    };
    const operation = document.paths['/api/tables/by-name/{name}']?.get;
    expect(operation).toBeDefined();
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '404', '409']));
    // No session needed: an empty security requirement and no 401.
    expect(operation?.security).toEqual([]);
    expect(operation?.responses).not.toHaveProperty('401');
  });
});

describe('a pickup time for a takeaway', () => {
  const at = (minutesFromNow: number) => new Date(Date.now() + minutesFromNow * 60_000).toISOString();

  beforeAll(async () => {
    // Open from an hour ago to an hour and a half from now, every day (UTC).
    await setSettings({ timeZone: 'UTC', openingHours: everyDay('UTC', -60, 90).hours });
  });
  afterAll(() => alwaysOpen(t, admin));

  async function refusedPickup(body: unknown, as: TestUser = customer): Promise<string> {
    const refused = await expectErrorBody(await placeOrder(t, body, as), 400, 'invalid-argument');
    const issues = (refused.details as { issues: { path: string; message: string }[] }).issues;
    expect(issues.map((issue) => issue.path)).toEqual(['pickupAt']);
    return issues[0]?.message ?? '';
  }

  it('refuses a time in the past, too soon, too far ahead or outside the opening hours', async () => {
    expect(await refusedPickup(takeaway({ pickupAt: at(-5) }))).toBe(
      'is in the past: choose a time at least 10 minutes from now',
    );
    expect(await refusedPickup(takeaway({ pickupAt: at(5) }))).toBe(
      'choose a time at least 10 minutes from now',
    );
    expect(await refusedPickup(takeaway({ pickupAt: at(13 * 60) }))).toBe(
      'choose a time within the next 12 hours',
    );
    expect(await refusedPickup(takeaway({ pickupAt: at(3 * 60) }))).toMatch(
      /^we are closed at \d\d:\d\d on \w+day: choose a time within the opening hours \(\d\d:\d\d–\d\d:\d\d\)$/,
    );
  });

  it('refuses a pickup time on an order that is not a takeaway, and one that is not a date and time', async () => {
    expect(
      await refusedPickup({ type: 'dine-in', tableId: table.id, pickupAt: at(30), lines: lines() }),
    ).toBe('only a takeaway order has a pickup time');
    expect(
      await refusedPickup({
        type: 'delivery',
        deliveryAddress: '1 Main St',
        pickupAt: at(30),
        lines: lines(),
      }),
    ).toBe('only a takeaway order has a pickup time');
    expect(await refusedPickup(takeaway({ pickupAt: 'tomorrow at noon' }))).toMatch(/date and time/);
    expect(await refusedPickup(takeaway({ pickupAt: '2026-11-25T12:30:00' }))).toMatch(/date and time/);
  });

  it('stores a valid one and returns it; an order without one has null', async () => {
    const pickupAt = at(30);
    const order = await placedOrder(t, takeaway({ pickupAt }), customer);
    expect(order.pickupAt).toBe(pickupAt);
    const read = (await (await t.get(`/api/orders/${order.id}`, { as: customer })).json()) as Order;
    expect(read.pickupAt).toBe(pickupAt);
    const [row] = await t.db
      .select({ pickupAt: orders.pickupAt })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row?.pickupAt?.toISOString()).toBe(pickupAt);
    // An offset other than Z is the same moment.
    const withOffset = new Date(Date.now() + 40 * 60_000);
    withOffset.setUTCSeconds(0, 0);
    const local = new Date(withOffset.getTime() + 2 * 3_600_000).toISOString().replace('.000Z', '+02:00');
    expect((await placedOrder(t, takeaway({ pickupAt: local }), customer)).pickupAt).toBe(
      withOffset.toISOString(),
    );
    expect((await placedOrder(t, takeaway(), customer)).pickupAt).toBeNull();
  });

  it('leaves staff orders as they were: no pickup time unless given, and no opening-hours rule', async () => {
    const plain = await placedOrder(t, takeaway(), staff);
    expect(plain).toMatchObject({ pickupAt: null, status: 'confirmed', source: 'pos' });
    const later = at(5 * 60);
    expect((await placedOrder(t, takeaway({ pickupAt: later }), staff)).pickupAt).toBe(later);
    expect(
      await refusedPickup({ type: 'dine-in', tableId: table.id, pickupAt: later, lines: lines() }, staff),
    ).toBe('only a takeaway order has a pickup time');
  });
});

describe('ordering a takeaway ahead while the restaurant is closed', () => {
  // Tokyo (UTC+09:00) and not the server's UTC, so a check on the wrong clock would be nine hours off.
  const timeZone = 'Asia/Tokyo';
  const at = (minutesFromNow: number) => new Date(Date.now() + minutesFromNow * 60_000).toISOString();

  beforeAll(async () => {
    // Closed now; open from two to four hours from now, every day.
    await setSettings({ timeZone, openingHours: everyDay(timeZone, 120, 240).hours });
  });
  afterAll(async () => {
    await setSettings({ timeZone: 'UTC' });
    await alwaysOpen(t, admin);
  });

  it('takes a takeaway for a pickup time in the next opening (201, pending, the time kept)', async () => {
    const pickupAt = at(150);
    const response = await placeOrder(t, takeaway({ pickupAt }), customer);
    expect(response.status, await response.clone().text()).toBe(201);
    const order = (await response.json()) as Order;
    expect(order).toMatchObject({ type: 'takeaway', status: 'pending', source: 'online', pickupAt });
  });

  it('refuses as soon as possible, dine-in and delivery as before: 409 closed, saying when it opens', async () => {
    const { minutes } = restaurantClock(timeZone, new Date());
    const opens = hhmm(minutes + 120);
    const message =
      minutes + 120 < 1440
        ? `We are closed now and open again at ${opens}.`
        : `We are closed now and open again tomorrow at ${opens}.`;
    const before = await countOrdersOf(customer);
    for (const body of [
      takeaway(),
      { type: 'dine-in', tableName: table.name, lines: lines() },
      { type: 'delivery', deliveryAddress: '2 Side St', lines: [{ menuItemId: soup.id, quantity: 2 }] },
    ]) {
      const closed = await expectErrorBody(await placeOrder(t, body, customer), 409, 'aborted');
      expect(closed.details).toEqual({ reason: 'closed' });
      // (Unless the minute turns between the two readings of the clock.)
      if (restaurantClock(timeZone, new Date()).minutes === minutes) expect(closed.message).toBe(message);
    }
    expect(await countOrdersOf(customer)).toBe(before);
  });

  it('refuses a pickup time while still closed, or beyond the window, naming pickupAt and why', async () => {
    const before = await countOrdersOf(customer);
    const stillClosed = await expectErrorBody(
      await placeOrder(t, takeaway({ pickupAt: at(60) }), customer),
      400,
      'invalid-argument',
    );
    expect(stillClosed.details).toEqual({
      issues: [
        {
          path: 'pickupAt',
          message: expect.stringMatching(
            /^we are closed at \d\d:\d\d on \w+day: choose a time within the opening hours \(\d\d:\d\d–\d\d:\d\d\)$/,
          ),
        },
      ],
    });
    // The next day's opening is open, but more than 12 hours ahead.
    const tooFar = await expectErrorBody(
      await placeOrder(t, takeaway({ pickupAt: at(24 * 60 + 150) }), customer),
      400,
      'invalid-argument',
    );
    expect(tooFar.details).toEqual({
      issues: [{ path: 'pickupAt', message: 'choose a time within the next 12 hours' }],
    });
    // Too soon, even for a restaurant about to open.
    await setSettings({ openingHours: everyDay(timeZone, 3, 120).hours });
    const tooSoon = await expectErrorBody(
      await placeOrder(t, takeaway({ pickupAt: at(5) }), customer),
      400,
      'invalid-argument',
    );
    expect(tooSoon.details).toEqual({
      issues: [{ path: 'pickupAt', message: 'choose a time at least 10 minutes from now' }],
    });
    expect(await countOrdersOf(customer)).toBe(before);
    await setSettings({ openingHours: everyDay(timeZone, 120, 240).hours });
  });

  it('takes the next opening only once it is within the window', async () => {
    // Opening 13 hours from now: nothing can be ordered yet, however it is asked.
    await setSettings({ openingHours: everyDay(timeZone, 13 * 60, 15 * 60).hours });
    const refused = await expectErrorBody(
      await placeOrder(t, takeaway({ pickupAt: at(13 * 60 + 30) }), customer),
      400,
      'invalid-argument',
    );
    expect(refused.details).toEqual({
      issues: [{ path: 'pickupAt', message: 'choose a time within the next 12 hours' }],
    });
    // Opening 11 hours from now: ordered ahead.
    await setSettings({ openingHours: everyDay(timeZone, 11 * 60, 13 * 60).hours });
    expect((await placeOrder(t, takeaway({ pickupAt: at(11 * 60 + 30) }), customer)).status).toBe(201);
    await setSettings({ openingHours: everyDay(timeZone, 120, 240).hours });
  });
});

describe('the customer’s phone', () => {
  it('is copied from the account when the order names none, and kept as it was', async () => {
    const phoned = await t.buildUser({ role: 'customer', name: 'Phil Phone' });
    await t.db.update(users).set({ phoneNumber: '+15550100999' }).where(eq(users.id, phoned.id));
    const order = await placedOrder(t, takeaway(), phoned);
    expect(order.customerPhone).toBe('+15550100999');
    // Named in the order: that one.
    expect((await placedOrder(t, takeaway({ customerPhone: '555 0123' }), phoned)).customerPhone).toBe(
      '555 0123',
    );
    // A snapshot: the account's later number does not change the order.
    await t.db.update(users).set({ phoneNumber: '+15550100888' }).where(eq(users.id, phoned.id));
    const read = (await (await t.get(`/api/orders/${order.id}`, { as: phoned })).json()) as Order;
    expect(read.customerPhone).toBe('+15550100999');
    // No number on the account: none.
    expect((await placedOrder(t, takeaway(), otherCustomer)).customerPhone).toBe('');
    // Staff orders have no customer account to copy from.
    expect((await placedOrder(t, takeaway(), staff)).customerPhone).toBe('');
  });
});

describe('one order per Idempotency-Key, for a customer', () => {
  it('answers a second placement with the same key with the same order (200, Idempotent-Replayed)', async () => {
    const key = newIdempotencyKey();
    const body = { type: 'dine-in', tableName: table.name, lines: lines(), note: 'By the window' };
    const first = await placeOrder(t, body, customer, key);
    expect(first.status, await first.clone().text()).toBe(201);
    const made = (await first.json()) as Order;
    const count = await countOrdersOf(customer);
    const second = await placeOrder(t, body, customer, key);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(((await second.json()) as Order).id).toBe(made.id);
    expect(await countOrdersOf(customer)).toBe(count);
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.customerId, customer.id), eq(orders.note, 'By the window')));
    expect(row?.n).toBe(1);
  });
});

describe('what a customer may do with orders', () => {
  it('cannot read or cancel another customer’s order (404)', async () => {
    const theirs = await placedOrder(t, takeaway(), otherCustomer);
    await expectErrorBody(await t.get(`/api/orders/${theirs.id}`, { as: customer }), 404, 'not-found');
    await expectErrorBody(await moveOrder(t, theirs, 'cancelled', customer), 404, 'not-found');
    const still = (await (await t.get(`/api/orders/${theirs.id}`, { as: otherCustomer })).json()) as Order;
    expect(still.status).toBe('pending');
  });

  it('cancels their own pending order, but not once accepted (409 saying only a pending one can be)', async () => {
    const pending = await placedOrder(t, takeaway(), customer);
    expect((await movedOrder(t, pending, 'cancelled', customer)).status).toBe('cancelled');
    const accepted = await movedOrder(t, await placedOrder(t, takeaway(), customer), 'confirmed', staff);
    expect(accepted.allowedMoves).toBeDefined();
    const asCustomer = (await (await t.get(`/api/orders/${accepted.id}`, { as: customer })).json()) as Order;
    expect(asCustomer.allowedMoves).toEqual([]);
    const refused = await expectErrorBody(
      await moveOrder(t, asCustomer, 'cancelled', customer),
      409,
      'aborted',
    );
    expect(refused.message).toBe(
      `Order #${accepted.number} is confirmed: only a pending order can be cancelled. Please ask the staff.`,
    );
    expect(refused.details).toEqual({ reason: 'not-allowed', allowed: [] });
    const preparing = await movedOrder(t, accepted, 'preparing', staff);
    await expectErrorBody(await moveOrder(t, preparing, 'cancelled', customer), 409, 'aborted');
    const read = (await (await t.get(`/api/orders/${accepted.id}`, { as: customer })).json()) as Order;
    expect(read.status).toBe('preparing');
  });
});

describe('the customer’s live list of orders: my-orders:<userId>', () => {
  it('changes with each change of their orders, and not with others’', async () => {
    const topic = `my-orders:${customer.id}`;
    const hub = t.services.liveTopics;
    await t.liveSettled();
    const start = hub.version(topic);
    const order = await placedOrder(t, takeaway(), customer);
    await t.liveSettled();
    const placed = hub.version(topic);
    expect(placed).toBeGreaterThan(start);
    await movedOrder(t, order, 'confirmed', staff);
    await t.liveSettled();
    expect(hub.version(topic)).toBeGreaterThan(placed);
    const moved = hub.version(topic);
    await placedOrder(t, takeaway(), otherCustomer);
    await placedOrder(t, takeaway(), staff);
    await t.liveSettled();
    expect(hub.version(topic)).toBe(moved);
    expect(hub.version(`my-orders:${otherCustomer.id}`)).toBeGreaterThan(0);
  });

  it('may be followed by that user only', async () => {
    const topic = `my-orders:${customer.id}`;
    const own = await t.get(`/api/events?topics=${topic}`, { as: customer });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await own.body?.cancel();
    for (const as of [otherCustomer, staff, admin]) {
      const refused = await expectErrorBody(
        await t.get(`/api/events?topics=${topic}`, { as }),
        403,
        'permission-denied',
      );
      expect(refused.message).toContain(topic);
    }
    const guest = await expectErrorBody(await t.get(`/api/events?topics=${topic}`), 403, 'permission-denied');
    expect(guest.message).toContain(topic);
    await expectErrorBody(await t.get('/api/events?topics=my-orders:someone'), 400, 'invalid-argument');
    expect(await until(() => (openEventStreamCount(t.services.liveTopics) === 0 ? true : undefined))).toBe(
      true,
    );
  });
});

describe('what a customer sees of the people who handled their order', () => {
  it('not who took, accepted or moved it, nor why it was discounted; staff see them all', async () => {
    const placed = await placedOrder(t, takeaway(), customer);
    const accepted = await movedOrder(t, placed, 'confirmed', staff);
    await movedOrder(t, accepted, 'preparing', staff);
    // A manual discount with the staff's reason, written as the till writes it.
    await t.db
      .update(orders)
      .set({ discountReason: 'Regular, waived by Sam' })
      .where(eq(orders.id, placed.id));

    const asCustomer = (await (await t.get(`/api/orders/${placed.id}`, { as: customer })).json()) as Order;
    expect(asCustomer.acceptedBy).toBeNull();
    expect(asCustomer.discountReason).toBe('');
    // The customer placed it and sees that; the staff's moves carry no name.
    expect(asCustomer.createdBy).toEqual({ id: customer.id, name: 'Cleo Customer' });
    expect(asCustomer.timeline.map((change) => [change.status, change.by?.name ?? null])).toEqual([
      ['pending', 'Cleo Customer'],
      ['confirmed', null],
      ['preparing', null],
    ]);
    const listed = (await (await t.get('/api/orders?limit=500', { as: customer })).json()) as {
      items: Order[];
    };
    const text = JSON.stringify(listed.items.find((item) => item.id === placed.id));
    expect(text).not.toContain('Sam Staff');
    expect(text).not.toContain(staff.id);
    expect(text).not.toContain('waived');

    const asStaff = (await (await t.get(`/api/orders/${placed.id}`, { as: staff })).json()) as Order;
    expect(asStaff.acceptedBy).toEqual({ id: staff.id, name: 'Sam Staff' });
    expect(asStaff.discountReason).toBe('Regular, waived by Sam');
    expect(asStaff.timeline.map((change) => change.by?.name ?? null)).toEqual([
      'Cleo Customer',
      'Sam Staff',
      'Sam Staff',
    ]);
  });
});
