import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/server/modules/orders/orders.schema';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type {
  Order,
  OrderInput,
  OrderPage,
  OrderSummary,
  PointOfSale,
} from '../../src/shared/contracts/orders';
import { type OrderStatus, STATUS_MOVES, type StatusMove } from '../../src/shared/order-status';
import { priceOrder } from '../../src/shared/pricing';
import type { Role } from '../../src/shared/roles';
import { buildCategory, buildMenuItem, buildTable, uniqueName } from '../support/factories';
import { ALWAYS_OPEN_HOURS } from '../support/opening-hours';
import { movedOrder, moveOrder, newIdempotencyKey, placedOrder, placeOrder } from '../support/orders';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * Orders: placing (prices from the server, every refusal naming the item), idempotent
 * retries, the status table for every role, who reads what, lists, counts and the access ladder.
 * The races (numbers, one key twice at once, two moves at once) are in orders-concurrency.test.ts.
 */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let staff: TestUser;
let customer: TestUser;
let otherCustomer: TestUser;
let otherStaff: TestUser;
let latte: MenuItem;
let soup: MenuItem;
let tableId: string;

const SETTINGS = {
  // Customers' orders are taken only while open; tests run at any hour.
  openingHours: ALWAYS_OPEN_HOURS,
  taxPercent: 10,
  taxInclusive: false,
  serviceChargePercent: 5,
  deliveryFee: 300,
  deliveryMinimum: 1000,
};

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, staff, customer, otherCustomer, otherStaff] = (await Promise.all([
    t.buildUser({ role: 'admin', name: 'Ada Admin' }),
    t.buildUser({ role: 'manager', name: 'Max Manager' }),
    t.buildUser({ role: 'staff', name: 'Sam Staff' }),
    t.buildUser({ role: 'customer', name: 'Cleo Customer' }),
    t.buildUser({ role: 'customer', name: 'Otto Other' }),
    t.buildUser({ role: 'staff', name: 'Sue Staff' }),
  ])) as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
  const settings = await t.patchLatest('/api/settings', SETTINGS, { as: admin });
  expect(settings.status, await settings.clone().text()).toBe(200);
  const category = await buildCategory(t, { name: uniqueName('Drinks') }, { as: admin });
  latte = await buildMenuItem(
    t,
    {
      name: uniqueName('Latte'),
      categoryId: category.id,
      price: 450,
      station: 'bar',
      modifierGroups: [
        {
          name: 'Size',
          minChoices: 1,
          maxChoices: 1,
          options: [
            { name: 'Small', priceDelta: -50 },
            { name: 'Large', priceDelta: 150 },
          ],
        },
        {
          name: 'Extras',
          minChoices: 0,
          maxChoices: 2,
          options: [
            { name: 'Oat milk', priceDelta: 60 },
            { name: 'Extra shot', priceDelta: 80 },
            { name: 'Syrup', priceDelta: 50 },
          ],
        },
      ],
    },
    { as: admin },
  );
  soup = await buildMenuItem(
    t,
    { name: uniqueName('Soup'), categoryId: category.id, price: 695 },
    { as: admin },
  );
  tableId = (await buildTable(t, { name: uniqueName('T') }, { as: admin })).id;
});
afterAll(() => t.close());

const option = (item: MenuItem, group: string, name: string) => {
  const found = item.modifierGroups.find((g) => g.name === group)?.options.find((o) => o.name === name);
  if (!found) throw new Error(`no option ${group}/${name}`);
  return found.id;
};

const newKey = newIdempotencyKey;

const place = (body: unknown, as: TestUser | null, key: string | null = newKey()) =>
  placeOrder(t, body, as, key);

const placed = (body: Partial<OrderInput>, as: TestUser = staff): Promise<Order> =>
  placedOrder(t, { type: 'takeaway', lines: [{ menuItemId: soup.id, quantity: 1 }], ...body }, as);

const move = (order: Pick<Order, 'id' | 'version'>, status: OrderStatus, as: TestUser, reason?: string) =>
  moveOrder(t, order, status, as, reason);

const moved = (
  order: Pick<Order, 'id' | 'version'>,
  status: OrderStatus,
  as: TestUser = admin,
  reason?: string,
) => movedOrder(t, order, status, as, reason);

describe('placing an order at the point of sale', () => {
  it('prices a dine-in order from the server’s menu and settings, with snapshots of every line', async () => {
    const order = await placed({
      type: 'dine-in',
      tableId,
      note: 'Window seat',
      customerName: 'Walk-in Wendy',
      lines: [
        {
          menuItemId: latte.id,
          quantity: 2,
          optionIds: [option(latte, 'Size', 'Large'), option(latte, 'Extras', 'Oat milk')],
          note: 'extra hot',
        },
        { menuItemId: soup.id, quantity: 1 },
      ],
    });
    expect(order).toMatchObject({
      status: 'confirmed',
      source: 'pos',
      type: 'dine-in',
      paymentStatus: 'unpaid',
      version: 1,
      currency: 'USD',
      note: 'Window seat',
      customerName: 'Walk-in Wendy',
      customer: null,
      createdBy: { id: staff.id, name: 'Sam Staff' },
    });
    expect(order.table?.id).toBe(tableId);
    expect(order.number).toBeGreaterThanOrEqual(1001);
    expect(order.lines).toEqual([
      {
        id: expect.any(String),
        round: 1,
        sentAt: order.createdAt,
        voided: false,
        comped: false,
        voidReason: null,
        voidedBy: null,
        voidedAt: null,
        menuItemId: latte.id,
        name: latte.name,
        unitPrice: 450,
        station: 'bar',
        quantity: 2,
        options: [
          { optionId: option(latte, 'Size', 'Large'), groupName: 'Size', name: 'Large', priceDelta: 150 },
          {
            optionId: option(latte, 'Extras', 'Oat milk'),
            groupName: 'Extras',
            name: 'Oat milk',
            priceDelta: 60,
          },
        ],
        note: 'extra hot',
        lineTotal: 1320,
      },
      expect.objectContaining({
        menuItemId: soup.id,
        unitPrice: 695,
        quantity: 1,
        options: [],
        lineTotal: 695,
      }),
    ]);
    const expected = priceOrder({
      type: 'dine-in',
      lines: [
        { unitPrice: 450, quantity: 2, options: [{ priceDelta: 150 }, { priceDelta: 60 }] },
        { unitPrice: 695, quantity: 1 },
      ],
      serviceChargePercent: 5,
      taxPercent: 10,
      taxInclusive: false,
      deliveryFee: 300,
    });
    // 2015 subtotal; service 5 % = 100.75 → 101; tax 10 % of 2116 = 211.6 → 212; total 2328.
    expect(order).toMatchObject({
      subtotal: 2015,
      discount: 0,
      serviceCharge: 101,
      tax: 212,
      taxInclusive: false,
      taxPercent: 10,
      deliveryFee: 0,
      total: 2328,
    });
    expect(order.total).toBe(expected.total);
    expect(order.timeline).toEqual([
      {
        kind: 'status',
        status: 'confirmed',
        at: expect.any(String),
        by: { id: staff.id, name: 'Sam Staff' },
        reason: null,
        detail: null,
      },
    ]);
    expect(order.allowedMoves).toEqual([
      { status: 'preparing', reason: 'none' },
      { status: 'cancelled', reason: 'required' },
    ]);
    // Reading it back gives the same order, with its money (nothing paid yet).
    const read = await t.get(`/api/orders/${order.id}`, { as: staff });
    expect(await read.json()).toEqual({
      ...order,
      amountPaid: 0,
      amountRefunded: 0,
      amountDue: order.total,
      payments: [],
      paymentLink: expect.stringMatching(new RegExp(`^/payment/${order.id}\\?key=[0-9a-f]{64}$`)),
    });
  });

  it('keeps what was sold when the menu changes afterwards', async () => {
    const item = await buildMenuItem(t, { price: 300 }, { as: admin });
    const order = await placed({ lines: [{ menuItemId: item.id, quantity: 1 }] });
    const change = await t.patchLatest(
      `/api/menu/items/${item.id}`,
      { price: 999, name: uniqueName('Renamed') },
      { as: admin },
    );
    expect(change.status).toBe(200);
    const read = (await (await t.get(`/api/orders/${order.id}`, { as: staff })).json()) as Order;
    expect(read.lines[0]).toMatchObject({ name: item.name, unitPrice: 300, lineTotal: 300 });
    // An item that orders refer to is archived, not deleted.
    await expectErrorBody(await t.del(`/api/menu/items/${item.id}`, { as: admin }), 409, 'aborted');
  });

  it('keeps the tax rate it was charged at when the settings change afterwards', async () => {
    const order = await placed({ lines: [{ menuItemId: soup.id, quantity: 1 }] });
    expect(order).toMatchObject({ taxPercent: 10, tax: 70 });
    expect((await t.patchLatest('/api/settings', { taxPercent: 12.5 }, { as: admin })).status).toBe(200);
    try {
      const read = (await (await t.get(`/api/orders/${order.id}`, { as: staff })).json()) as Order;
      expect(read).toMatchObject({ taxPercent: 10, tax: 70 });
      const later = await placed({ lines: [{ menuItemId: soup.id, quantity: 1 }] });
      expect(later).toMatchObject({ taxPercent: 12.5, tax: 87 });
    } finally {
      await t.patchLatest('/api/settings', { taxPercent: SETTINGS.taxPercent }, { as: admin });
    }
  });

  it('adds the delivery fee to a delivery order and no service charge', async () => {
    const order = await placed({
      type: 'delivery',
      deliveryAddress: '1 Main St',
      lines: [{ menuItemId: soup.id, quantity: 2 }],
    });
    expect(order).toMatchObject({
      subtotal: 1390,
      serviceCharge: 0,
      deliveryFee: 300,
      tax: 139,
      total: 1829,
    });
    expect(order.deliveryAddress).toBe('1 Main St');
  });

  it('refuses a price, a total or any field it does not know: a client cannot send a price', async () => {
    for (const body of [
      { type: 'takeaway', lines: [{ menuItemId: soup.id, quantity: 1, unitPrice: 1 }] },
      { type: 'takeaway', lines: [{ menuItemId: soup.id, quantity: 1 }], total: 1 },
      { type: 'takeaway', lines: [{ menuItemId: soup.id, quantity: 1, price: 1 }] },
    ]) {
      const body400 = await expectErrorBody(await place(body, staff), 400, 'invalid-argument');
      expect((body400.details as { issues: { message: string }[] }).issues[0]?.message).toBe(
        'is not a known field',
      );
    }
  });

  it('refuses each bad line with the item’s name and the reason, and changes nothing', async () => {
    const archived = await buildMenuItem(t, { name: uniqueName('Old pie') }, { as: admin });
    await t.patchLatest(`/api/menu/items/${archived.id}`, { active: false }, { as: admin });
    const soldOut = await buildMenuItem(
      t,
      { name: uniqueName('Scone'), availableToday: false },
      { as: admin },
    );
    const before = await countOrders();
    const cases: [unknown[], number, RegExp][] = [
      [
        [{ menuItemId: archived.id, quantity: 1 }],
        409,
        new RegExp(`“${archived.name}” is no longer on the menu`),
      ],
      [[{ menuItemId: soldOut.id, quantity: 1 }], 409, new RegExp(`“${soldOut.name}” is sold out today`)],
      [
        [{ menuItemId: latte.id, quantity: 1 }],
        400,
        new RegExp(`“${latte.name}”: choose at least 1 of “Size”`),
      ],
      [
        [
          {
            menuItemId: latte.id,
            quantity: 1,
            optionIds: [option(latte, 'Size', 'Small'), option(latte, 'Size', 'Large')],
          },
        ],
        400,
        new RegExp(`“${latte.name}”: choose at most 1 of “Size”`),
      ],
      [
        [
          {
            menuItemId: latte.id,
            quantity: 1,
            optionIds: [
              option(latte, 'Size', 'Small'),
              option(latte, 'Extras', 'Oat milk'),
              option(latte, 'Extras', 'Syrup'),
              option(latte, 'Extras', 'Extra shot'),
            ],
          },
        ],
        400,
        new RegExp(`“${latte.name}”: choose at most 2 of “Extras”`),
      ],
      [
        [{ menuItemId: soup.id, quantity: 1, optionIds: [option(latte, 'Size', 'Small')] }],
        400,
        new RegExp(`“${soup.name}” has no option with the id`),
      ],
      [
        [{ menuItemId: soup.id, quantity: 0 }],
        400,
        new RegExp(`“${soup.name}”: the quantity must be from 1 to 999`),
      ],
      [
        [{ menuItemId: soup.id, quantity: 1000 }],
        400,
        new RegExp(`“${soup.name}”: the quantity must be from 1 to 999`),
      ],
      [
        [{ menuItemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
        404,
        /lines\.0\.menuItemId: there is no menu item/,
      ],
    ];
    for (const [lines, status, message] of cases) {
      const response = await place({ type: 'takeaway', lines }, staff);
      const code = { 400: 'invalid-argument', 404: 'not-found', 409: 'aborted' }[status] as string;
      expect((await expectErrorBody(response, status, code)).message).toMatch(message);
    }
    expect(await countOrders()).toBe(before);
  });

  it('checks the order’s shape: a dine-in table, a known and active table, a delivery address', async () => {
    const archivedTable = await buildTable(t, { name: uniqueName('Patio') }, { as: admin });
    await t.patchLatest(`/api/dining-tables/${archivedTable.id}`, { active: false }, { as: admin });
    const line = [{ menuItemId: soup.id, quantity: 1 }];
    const dineIn = await expectErrorBody(
      await place({ type: 'dine-in', lines: line }, staff),
      400,
      'invalid-argument',
    );
    expect(dineIn.message).toBe('Invalid body: tableId: choose the table of a dine-in order');
    await expectErrorBody(
      await place({ type: 'takeaway', tableId, lines: line }, staff),
      400,
      'invalid-argument',
    );
    await expectErrorBody(await place({ type: 'delivery', lines: line }, staff), 400, 'invalid-argument');
    await expectErrorBody(
      await place({ type: 'dine-in', tableId: '00000000-0000-4000-8000-000000000000', lines: line }, staff),
      404,
      'not-found',
    );
    const archived = await expectErrorBody(
      await place({ type: 'dine-in', tableId: archivedTable.id, lines: line }, staff),
      409,
      'aborted',
    );
    expect(archived.message).toContain(archivedTable.name);
    await expectErrorBody(await place({ type: 'takeaway', lines: [] }, staff), 400, 'invalid-argument');
  });

  it('lets a manager give a discount with a reason, audited; staff and customers may not', async () => {
    const discount = { kind: 'percent', value: 10, reason: 'Regular guest' };
    const line = [{ menuItemId: soup.id, quantity: 2 }];
    const refused = await expectErrorBody(
      await place({ type: 'takeaway', lines: line, discount }, staff),
      403,
      'permission-denied',
    );
    expect(refused.message).toMatch(/manager/i);
    await expectErrorBody(
      await place({ type: 'takeaway', lines: line, discount }, customer),
      403,
      'permission-denied',
    );
    const order = await placed({ lines: line, discount } as Partial<OrderInput>, manager);
    // 1390 − 139 = 1251; tax 10 % → 125.1 → 125.
    expect(order).toMatchObject({
      subtotal: 1390,
      discount: 139,
      discountReason: 'Regular guest',
      tax: 125,
      total: 1376,
    });
    const audit = (await (await t.get('/api/admin/audit?area=orders', { as: admin })).json()) as {
      items: { action: string; targetId: string; summary: string }[];
    };
    expect(audit.items).toContainEqual(
      expect.objectContaining({
        action: 'order.discounted',
        targetId: order.id,
        summary: expect.stringContaining('Regular guest'),
      }),
    );
    const amount = await placed(
      { lines: line, discount: { kind: 'amount', value: 5000, reason: 'Comped' } } as Partial<OrderInput>,
      manager,
    );
    expect(amount).toMatchObject({ discount: 1390, tax: 0, total: 0 });
    await expectErrorBody(
      await place(
        { type: 'takeaway', lines: line, discount: { kind: 'percent', value: 12.345, reason: 'x' } },
        manager,
      ),
      400,
      'invalid-argument',
    );
  });
});

describe('a customer’s order request', () => {
  it('is pending and online, belongs to the customer, and announces itself', async () => {
    const before = t.services.liveTopics.version('order-requests');
    const order = await placed({ type: 'takeaway', customerPhone: '555 0100' }, customer);
    expect(order).toMatchObject({
      status: 'pending',
      source: 'online',
      customer: { id: customer.id, name: 'Cleo Customer' },
      customerName: 'Cleo Customer',
      customerPhone: '555 0100',
      serviceCharge: 0,
    });
    expect(order.allowedMoves).toEqual([{ status: 'cancelled', reason: 'optional' }]);
    await t.liveSettled();
    expect(t.services.liveTopics.version('order-requests')).toBeGreaterThan(before);
    expect(t.services.liveTopics.version(`order:${order.id}`)).toBeGreaterThan(0);
  });

  it('may not be a partner order or include an item hidden online, and needs online ordering on', async () => {
    const made = await t.post(
      '/api/partners',
      { name: uniqueName('Rider'), kind: 'delivery', commissionPercent: 15 },
      { as: admin },
    );
    expect(made.status, await made.clone().text()).toBe(201);
    const partner = (await made.json()) as { id: string };
    await expectErrorBody(
      await place(
        { type: 'takeaway', partnerId: partner.id, lines: [{ menuItemId: soup.id, quantity: 1 }] },
        customer,
      ),
      403,
      'permission-denied',
    );
    const hidden = await buildMenuItem(
      t,
      { name: uniqueName('Staff meal'), shownOnline: false },
      { as: admin },
    );
    const refusal = await expectErrorBody(
      await place({ type: 'takeaway', lines: [{ menuItemId: hidden.id, quantity: 1 }] }, customer),
      409,
      'aborted',
    );
    expect(refusal.message).toBe(`“${hidden.name}” cannot be ordered online.`);
    // Staff sell it at the counter, and a partner order names its partner.
    const partnerOrder = await placed(
      { lines: [{ menuItemId: hidden.id, quantity: 1 }], partnerId: partner.id, partnerReference: 'UE-123' },
      staff,
    );
    expect(partnerOrder).toMatchObject({
      source: 'partner',
      partnerReference: 'UE-123',
      partner: { id: partner.id },
    });
    const below = await expectErrorBody(
      await place(
        { type: 'delivery', deliveryAddress: '2 Side St', lines: [{ menuItemId: soup.id, quantity: 1 }] },
        customer,
      ),
      409,
      'aborted',
    );
    expect(below.message).toBe('The minimum for a delivery order is $10.00: add something to the order.');
    await t.patchLatest('/api/settings', { onlineOrdering: false }, { as: admin });
    try {
      const off = await expectErrorBody(
        await place({ type: 'takeaway', lines: [{ menuItemId: soup.id, quantity: 1 }] }, customer),
        409,
        'aborted',
      );
      expect(off.message).toMatch(/^Online ordering is turned off/);
    } finally {
      await t.patchLatest('/api/settings', { onlineOrdering: true }, { as: admin });
    }
  });

  it('is read only by its customer and staff; a customer lists only their own orders', async () => {
    const mine = await placed({}, customer);
    const theirs = await placed({}, otherCustomer);
    expect((await t.get(`/api/orders/${mine.id}`, { as: customer })).status).toBe(200);
    await expectErrorBody(await t.get(`/api/orders/${theirs.id}`, { as: customer }), 404, 'not-found');
    await expectErrorBody(await move(theirs, 'cancelled', customer), 404, 'not-found');
    const list = (await (await t.get('/api/orders?limit=500', { as: customer })).json()) as OrderPage;
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((order) => order.customer?.id === customer.id)).toBe(true);
    expect(list.items.map((order) => order.id)).not.toContain(theirs.id);
    const all = (await (await t.get('/api/orders?limit=500', { as: staff })).json()) as OrderPage;
    expect(all.items.map((order) => order.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the order the first attempt made, and refuses the key with another body', async () => {
    const key = newKey();
    const body = { type: 'takeaway', lines: [{ menuItemId: soup.id, quantity: 3 }] };
    const first = await place(body, staff, key);
    expect(first.status).toBe(201);
    const made = (await first.json()) as Order;
    const before = await countOrders();
    const retry = await place(body, staff, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retry.json()) as Order).id).toBe(made.id);
    expect(await countOrders()).toBe(before);
    const other = await expectErrorBody(
      await place({ ...body, lines: [{ menuItemId: soup.id, quantity: 4 }] }, staff, key),
      409,
      'aborted',
    );
    expect(other.message).toMatch(/used for a different order/);
    // Keys belong to their caller: another user's key of the same text makes a new order.
    expect((await place(body, manager, key)).status).toBe(201);
    // A refused attempt keeps no key: the same key works once the order is right.
    const retryKey = newKey();
    expect((await place({ type: 'dine-in', lines: body.lines }, staff, retryKey)).status).toBe(400);
    expect((await place({ type: 'dine-in', tableId, lines: body.lines }, staff, retryKey)).status).toBe(201);
  });

  it('answers a retry with its order even when an item has sold out since', async () => {
    const scone = await buildMenuItem(t, { name: uniqueName('Scone') }, { as: admin });
    const key = newKey();
    const body = { type: 'takeaway', lines: [{ menuItemId: scone.id, quantity: 2 }] };
    const first = await place(body, staff, key);
    expect(first.status).toBe(201);
    const made = (await first.json()) as Order;
    await t.patchLatest(`/api/menu/items/${scone.id}`, { availableToday: false }, { as: admin });
    const before = await countOrders();
    const retry = await place(body, staff, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retry.json()) as Order).id).toBe(made.id);
    // A new attempt is refused by name, and the same refusal with a key used for another body is a 409
    // about the key.
    await expectErrorBody(await place(body, staff), 409, 'aborted');
    const other = await expectErrorBody(
      await place({ ...body, lines: [{ menuItemId: scone.id, quantity: 3 }] }, staff, key),
      409,
      'aborted',
    );
    expect(other.message).toMatch(/used for a different order/);
    expect(await countOrders()).toBe(before);
  });

  it('is required, and must be a visible string of at most 255 characters', async () => {
    const body = { type: 'takeaway', lines: [{ menuItemId: soup.id, quantity: 1 }] };
    const missing = await expectErrorBody(await place(body, staff, null), 400, 'invalid-argument');
    expect(missing.message).toMatch(/idempotency-key/);
    await expectErrorBody(await place(body, staff, 'x'.repeat(256)), 400, 'invalid-argument');
    await expectErrorBody(await place(body, staff, 'has space'), 400, 'invalid-argument');
  });
});

/** Puts a fresh order (of `type`) into `status` through the API, as an administrator. */
async function orderIn(status: OrderStatus, type: Order['type'] = 'takeaway', paid = false): Promise<Order> {
  const body: Partial<OrderInput> =
    type === 'delivery'
      ? { type, deliveryAddress: '3 High St', lines: [{ menuItemId: soup.id, quantity: 2 }] }
      : { type };
  let order = await placed(body, customer);
  const path: Partial<Record<OrderStatus, OrderStatus[]>> = {
    pending: [],
    confirmed: ['confirmed'],
    preparing: ['confirmed', 'preparing'],
    ready: ['confirmed', 'preparing', 'ready'],
    'out-for-delivery': ['confirmed', 'preparing', 'ready', 'out-for-delivery'],
    completed: ['confirmed', 'preparing', 'ready', 'completed'],
    rejected: ['rejected'],
    cancelled: ['cancelled'],
  };
  for (const step of path[status] ?? []) order = await moved(order, step, admin, 'Test');
  if (paid) {
    // A paid order made in the database: this file tests the order's moves, not taking money.
    await t.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, order.id));
    order = (await (await t.get(`/api/orders/${order.id}`, { as: admin })).json()) as Order;
  }
  return order;
}

describe('the status table, for every role', () => {
  const roles: { role: Role | 'owner'; user: () => TestUser }[] = [
    { role: 'owner', user: () => customer },
    { role: 'customer', user: () => otherCustomer },
    { role: 'staff', user: () => staff },
    { role: 'manager', user: () => manager },
    { role: 'admin', user: () => admin },
  ];
  const allowedFor = (row: StatusMove, role: Role | 'owner'): boolean => {
    const staffRoles = ['staff', 'manager', 'admin'];
    switch (row.action) {
      case 'order.accept':
      case 'order.advance':
      case 'order.cancel':
        return staffRoles.includes(role);
      case 'order.cancel.pending':
        return role === 'owner' || staffRoles.includes(role);
      case 'order.cancel.paid':
        return role === 'manager' || role === 'admin';
    }
  };

  for (const row of STATUS_MOVES) {
    const type = row.onlyFor ?? (row.from === 'out-for-delivery' ? 'delivery' : 'takeaway');
    const label = `${row.from} → ${row.to}${row.payment ? ` (${row.payment})` : ''}`;
    it(`${label}: ${roles.map(({ role }) => `${role} ${allowedFor(row, role) ? 'may' : 'may not'}`).join(', ')}`, async () => {
      for (const { role, user } of roles) {
        const order = await orderIn(row.from, type, row.payment === 'paid');
        const reason = row.reason === 'none' ? undefined : 'Because';
        const response = await move(order, row.to, user(), reason);
        if (allowedFor(row, role)) {
          expect(response.status, `${role}: ${await response.clone().text()}`).toBe(200);
          const after = (await response.json()) as Order;
          expect(after.status).toBe(row.to);
          expect(after.version).toBe(order.version + 1);
          expect(after.timeline.at(-1)).toMatchObject({
            status: row.to,
            by: { id: user().id },
            reason: reason ?? null,
          });
        } else if (role === 'customer') {
          // Someone else's order does not exist for a customer.
          await expectErrorBody(response, 404, 'not-found');
        } else if (role === 'owner' && row.to === 'cancelled') {
          // Their own order once accepted: its status, not their role, is why (online-orders.test.ts).
          await expectErrorBody(response, 409, 'aborted');
        } else {
          await expectErrorBody(response, 403, 'permission-denied');
        }
      }
    });
  }

  it('refuses a move the table does not allow with 409 naming the moves that are', async () => {
    const order = await orderIn('confirmed');
    const refusal = await expectErrorBody(await move(order, 'completed', admin), 409, 'aborted');
    expect(refusal.message).toBe(
      'A confirmed order cannot become completed; it can become preparing or cancelled.',
    );
    expect((refusal.details as { allowed: unknown }).allowed).toEqual([
      { status: 'preparing', reason: 'none' },
      { status: 'cancelled', reason: 'required' },
    ]);
    const takeaway = await orderIn('ready');
    const noDelivery = await expectErrorBody(await move(takeaway, 'out-for-delivery', admin), 409, 'aborted');
    expect(noDelivery.message).toBe('A ready order cannot become out for delivery; it can become completed.');
    const done = await orderIn('completed');
    expect((await expectErrorBody(await move(done, 'cancelled', admin), 409, 'aborted')).message).toBe(
      'A completed order cannot change any more.',
    );
  });

  it('needs a reason to reject and to cancel a confirmed order, keeps it, and audits both', async () => {
    const pending = await orderIn('pending');
    const noReason = await expectErrorBody(await move(pending, 'rejected', staff), 400, 'invalid-argument');
    expect(noReason.message).toBe('Invalid body: reason: say why the order is rejected');
    const rejected = await moved(pending, 'rejected', staff, 'Kitchen closed');
    expect(rejected).toMatchObject({ rejectReason: 'Kitchen closed', allowedMoves: [] });
    const confirmed = await orderIn('confirmed');
    await expectErrorBody(await move(confirmed, 'cancelled', staff, '  '), 400, 'invalid-argument');
    const cancelled = await moved(confirmed, 'cancelled', staff, 'Guest left');
    expect(cancelled.cancelReason).toBe('Guest left');
    // A customer may cancel their pending order without a reason.
    const own = await orderIn('pending');
    expect((await moved(own, 'cancelled', customer)).cancelReason).toBeNull();
    const audit = (await (await t.get('/api/admin/audit?area=orders&limit=500', { as: admin })).json()) as {
      items: { action: string; targetId: string }[];
    };
    expect(audit.items).toContainEqual(
      expect.objectContaining({ action: 'order.rejected', targetId: rejected.id }),
    );
    expect(audit.items).toContainEqual(
      expect.objectContaining({ action: 'order.cancelled', targetId: cancelled.id }),
    );
  });

  it('records who accepted a request and when each status was reached', async () => {
    let order = await orderIn('pending');
    order = await moved(order, 'confirmed', staff);
    expect(order.acceptedBy).toEqual({ id: staff.id, name: 'Sam Staff' });
    order = await moved(order, 'preparing', staff);
    expect(order.timeline.map((step) => step.status)).toEqual(['pending', 'confirmed', 'preparing']);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    expect(row?.preparingAt).toBeInstanceOf(Date);
    expect(row?.readyAt).toBeNull();
  });

  it('refuses a move based on an old version with 409 stale', async () => {
    const order = await orderIn('confirmed');
    await moved(order, 'preparing', staff);
    const stale = await expectErrorBody(await move(order, 'preparing', manager), 409, 'aborted');
    expect(stale.details).toEqual({ reason: 'stale', version: order.version + 1 });
    expect(stale.message).toContain(`order #${order.number}`);
  });
});

describe('lists, counts and the point of sale', () => {
  it('filters by status, type, source, search and date, newest first, with cursor pages', async () => {
    const named = await placed({
      type: 'dine-in',
      tableId,
      customerName: uniqueName('Zelda'),
      customerPhone: '555 9876',
    });
    const search = async (query: string) =>
      ((await (await t.get(`/api/orders?${query}`, { as: staff })).json()) as OrderPage).items.map(
        (o) => o.id,
      );
    expect(await search(`search=${named.number}`)).toContain(named.id);
    expect(await search(`search=%23${named.number}`)).toContain(named.id);
    expect(await search(`search=${encodeURIComponent(named.customerName.slice(0, 8))}`)).toContain(named.id);
    expect(await search('search=9876')).toContain(named.id);
    expect(await search('status=confirmed&type=dine-in&source=pos')).toContain(named.id);
    expect(await search('status=pending')).not.toContain(named.id);
    expect(await search('type=delivery')).not.toContain(named.id);
    const today = new Date().toISOString().slice(0, 10);
    expect(await search(`from=${today}&to=${today}`)).toContain(named.id);
    expect(await search('to=2001-01-01')).not.toContain(named.id);
    await expectErrorBody(await t.get('/api/orders?status=', { as: staff }), 400, 'invalid-argument');
    await expectErrorBody(await t.get('/api/orders?status=lost', { as: staff }), 400, 'invalid-argument');
    await expectErrorBody(await t.get('/api/orders?from=2026-02-30', { as: staff }), 400, 'invalid-argument');
    await expectErrorBody(
      await t.get('/api/orders?from=2026-03-02&to=2026-03-01', { as: staff }),
      400,
      'invalid-argument',
    );
    // Pages follow each other without gaps or repeats.
    const first = (await (await t.get('/api/orders?limit=3', { as: staff })).json()) as OrderPage;
    const second = (await (
      await t.get(`/api/orders?limit=3&cursor=${first.nextCursor}`, { as: staff })
    ).json()) as OrderPage;
    const all = (await (await t.get('/api/orders?limit=6', { as: staff })).json()) as OrderPage;
    expect([...first.items, ...second.items].map((o) => o.id)).toEqual(all.items.map((o) => o.id));
    const times = all.items.map((o) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('sums the whole filtered list on request, not only the page, leaving out cancelled and rejected orders', async () => {
    const name = uniqueName('Tally');
    const soups = (quantity: number) =>
      placed({ customerName: name, lines: [{ menuItemId: soup.id, quantity }] });
    // Takeaways (no service charge), 10% tax on top: 2 soups 1390 + 139, 4 soups 2780 + 278,
    // 6 soups 4170 + 417.
    const two = await soups(2);
    const four = await soups(4);
    const six = await soups(6);
    expect([two.total, four.total, six.total]).toEqual([1529, 3058, 4587]);
    await moved(two, 'cancelled', admin, 'Guest left');
    const query = `search=${encodeURIComponent(name)}`;

    // A page of one: the summary is still the whole list's, 3058 + 4587 without the cancelled 1529.
    const first = (await (
      await t.get(`/api/orders?${query}&limit=1&summary=true`, { as: staff })
    ).json()) as OrderPage;
    expect(first.items.map((o) => o.id)).toEqual([six.id]);
    expect(first.nextCursor).not.toBeNull();
    expect(first.summary).toEqual({
      count: 3,
      unsold: 1,
      totals: [{ currency: six.currency, amount: 7645 }],
    });
    // The same for the next page; the filters narrow it (only the cancelled one: nothing to sum).
    const next = (await (
      await t.get(`/api/orders?${query}&limit=1&summary=true&cursor=${first.nextCursor}`, { as: staff })
    ).json()) as OrderPage;
    expect(next.summary).toEqual(first.summary);
    const cancelled = (await (
      await t.get(`/api/orders?${query}&status=cancelled&summary=true`, { as: staff })
    ).json()) as OrderPage;
    expect(cancelled.summary).toEqual({ count: 1, unsold: 1, totals: [] });
    const none = (await (
      await t.get('/api/orders?to=2001-01-01&summary=true', { as: staff })
    ).json()) as OrderPage;
    expect(none.summary).toEqual({ count: 0, unsold: 0, totals: [] });
    // Only when asked for; a bad value is refused.
    expect(
      ((await (await t.get(`/api/orders?${query}`, { as: staff })).json()) as OrderPage).summary,
    ).toBeUndefined();
    await expectErrorBody(await t.get('/api/orders?summary=yes', { as: staff }), 400, 'invalid-argument');

    // A customer's summary is of their own orders only.
    const own = (await (await t.get('/api/orders?limit=500', { as: customer })).json()) as OrderPage;
    const mine = (await (await t.get('/api/orders?summary=true', { as: customer })).json()) as OrderPage;
    expect(mine.summary?.count).toBe(own.items.length);
  });

  it('answers an unchanged list, order and summary with 304 from the ETag, and a changed one with 200', async () => {
    await t.liveSettled();
    const order = await placed({});
    await t.liveSettled();
    for (const path of ['/api/orders?status=confirmed', `/api/orders/${order.id}`, '/api/orders/summary']) {
      const first = await t.get(path, { as: staff });
      const etag = first.headers.get('etag') as string;
      expect(etag).toMatch(/^"orders-\d+-/);
      expect(first.headers.get('cache-control')).toBe('private, no-cache');
      const again = await t.get(path, { as: staff, headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      // Another role has another tag (other moves); staff of one role share the answer and its tag.
      const other = await t.get(path, { as: manager, headers: { 'if-none-match': etag } });
      expect(other.status).toBe(200);
      const colleague = await t.get(path, { as: otherStaff, headers: { 'if-none-match': etag } });
      expect(colleague.status).toBe(304);
    }
    const list = await t.get('/api/orders?status=confirmed', { as: staff });
    const etag = list.headers.get('etag') as string;
    await moved(order, 'preparing', staff);
    await t.liveSettled();
    expect(
      (await t.get('/api/orders?status=confirmed', { as: staff, headers: { 'if-none-match': etag } })).status,
    ).toBe(200);
  });

  it('counts pending requests and open orders per table for the badge and the table picker', async () => {
    const table = await buildTable(t, { name: uniqueName('Booth') }, { as: admin });
    const before = (await (await t.get('/api/orders/summary', { as: staff })).json()) as OrderSummary;
    await placed({}, customer);
    await placed({ type: 'dine-in', tableId: table.id });
    await placed({ type: 'dine-in', tableId: table.id });
    const after = (await (await t.get('/api/orders/summary', { as: staff })).json()) as OrderSummary;
    expect(after.pendingRequests).toBe(before.pendingRequests + 1);
    expect(after.openOrders).toBe(before.openOrders + 2);
    expect(after.tables).toContainEqual({ tableId: table.id, openOrders: 2 });
    expect(after.ageThresholds).toEqual({ amberMinutes: 10, redMinutes: 20 });
  });

  it('gives the point of sale the menu staff sell, the tables, partners and pricing settings', async () => {
    const hidden = await buildMenuItem(
      t,
      { name: uniqueName('Counter only'), shownOnline: false },
      { as: admin },
    );
    const gone = await buildMenuItem(t, { name: uniqueName('Gone') }, { as: admin });
    await t.patchLatest(`/api/menu/items/${gone.id}`, { active: false }, { as: admin });
    const pos = (await (await t.get('/api/orders/point-of-sale', { as: staff })).json()) as PointOfSale;
    const ids = pos.categories.flatMap((category) => category.items.map((item) => item.id));
    expect(ids).toEqual(expect.arrayContaining([latte.id, soup.id, hidden.id]));
    expect(ids).not.toContain(gone.id);
    expect(pos.pricing).toEqual({
      taxPercent: 10,
      taxInclusive: false,
      serviceChargePercent: 5,
      deliveryFee: 300,
    });
    expect(pos.currency).toBe('USD');
    expect(pos.tables.map((table) => table.id)).toContain(tableId);
    expect(pos.canDiscount).toBe(false);
    const asManager = (await (
      await t.get('/api/orders/point-of-sale', { as: manager })
    ).json()) as PointOfSale;
    expect(asManager.canDiscount).toBe(true);
  });

  it('refuses to change the currency once orders are recorded', async () => {
    const refusal = await expectErrorBody(
      await t.patchLatest('/api/settings', { currency: 'EUR' }, { as: admin }),
      409,
      'aborted',
    );
    expect(refusal.message).toMatch(/orders/);
  });
});

describe('the access ladder: 401 → 403 → 400 → 404 → success', () => {
  const missing = '00000000-0000-4000-8000-000000000000';

  it('POST /api/orders', async () => {
    const body = { type: 'takeaway', lines: [{ menuItemId: soup.id, quantity: 1 }] };
    await expectErrorBody(await place(body, null), 401, 'unauthenticated');
    await expectErrorBody(
      await place({ ...body, discount: { kind: 'amount', value: 1, reason: 'x' } }, staff),
      403,
      'permission-denied',
    );
    await expectErrorBody(await place({ type: 'nope', lines: [] }, staff), 400, 'invalid-argument');
    await expectErrorBody(
      await place({ type: 'takeaway', lines: [{ menuItemId: missing, quantity: 1 }] }, staff),
      404,
      'not-found',
    );
    expect((await place(body, staff)).status).toBe(201);
  });

  it('GET /api/orders and /api/orders/{id}', async () => {
    const order = await placed({});
    await expectErrorBody(await t.get('/api/orders'), 401, 'unauthenticated');
    await expectErrorBody(await t.get(`/api/orders/${order.id}`), 401, 'unauthenticated');
    await expectErrorBody(await t.get('/api/orders?limit=0', { as: staff }), 400, 'invalid-argument');
    await expectErrorBody(await t.get('/api/orders/not-an-id', { as: staff }), 400, 'invalid-argument');
    await expectErrorBody(await t.get(`/api/orders/${missing}`, { as: staff }), 404, 'not-found');
    // A customer: someone else's order is not found.
    await expectErrorBody(await t.get(`/api/orders/${order.id}`, { as: customer }), 404, 'not-found');
    expect((await t.get(`/api/orders/${order.id}`, { as: staff })).status).toBe(200);
    expect((await t.get('/api/orders', { as: staff })).status).toBe(200);
  });

  it('GET /api/orders/summary and /api/orders/point-of-sale (staff)', async () => {
    for (const path of ['/api/orders/summary', '/api/orders/point-of-sale']) {
      await expectErrorBody(await t.get(path), 401, 'unauthenticated');
      await expectErrorBody(await t.get(path, { as: customer }), 403, 'permission-denied');
      expect((await t.get(path, { as: staff })).status).toBe(200);
    }
  });

  it('POST /api/orders/{id}/status', async () => {
    const order = await orderIn('confirmed');
    const own = await placed({}, customer);
    const path = `/api/orders/${order.id}/status`;
    await expectErrorBody(await t.post(path, { status: 'preparing', version: 1 }), 401, 'unauthenticated');
    // The customer's own order, once confirmed, is moved by staff only.
    const ownConfirmed = await moved(own, 'confirmed', staff);
    await expectErrorBody(await move(ownConfirmed, 'preparing', customer), 403, 'permission-denied');
    await expectErrorBody(
      await t.post(path, { status: 'eaten', version: order.version }, { as: staff }),
      400,
      'invalid-argument',
    );
    await expectErrorBody(
      await t.post(path, { status: 'preparing' }, { as: staff }),
      400,
      'invalid-argument',
    );
    await expectErrorBody(
      await t.post(`/api/orders/${missing}/status`, { status: 'preparing', version: 1 }, { as: staff }),
      404,
      'not-found',
    );
    expect((await move(order, 'preparing', staff)).status).toBe(200);
  });
});

async function countOrders(): Promise<number> {
  const result = await t.db.execute(sql`select count(*)::int as n from orders`);
  return (result.rows[0] as { n: number }).n;
}
