import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/lib/context';
import { users } from '../../src/server/modules/auth/auth.schema';
import { placeOrder } from '../../src/server/use-cases/place-order';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order, OrderInput } from '../../src/shared/contracts/orders';
import { buildCategory, buildMenuItem, buildTable, uniqueName } from '../support/factories';
import { ALWAYS_OPEN_HOURS } from '../support/opening-hours';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

/**
 * A plain point-of-sale order is placed from what the process keeps in memory, in one statement;
 * every other order the ordinary way, reading the rows. Both must be the same rules: here generated
 * orders (items with and without options, quantities, notes, tables, partners, takeaways at a time)
 * are placed both ways, under tax added and tax included, and the two orders, as answered and as read
 * back, are compared field by field, all but what names the row itself (id, number, times).
 */
let t: TestApp;
let admin: TestUser;
let cashier: Actor;
let latte: MenuItem;
let items: MenuItem[];
let tableIds: string[];
let partnerId: string;

beforeAll(async () => {
  t = await createTestApp();
  let staff: TestUser;
  [admin, staff] = (await Promise.all([t.buildUser({ role: 'admin' }), t.buildUser({ role: 'staff' })])) as [
    TestUser,
    TestUser,
  ];
  const [row] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, staff.id));
  cashier = { id: staff.id, email: staff.email, name: row?.name ?? '', role: 'staff', sessionId: 'test' };
  const category = await buildCategory(t, { name: uniqueName('Counter') }, { as: admin });
  latte = await buildMenuItem(
    t,
    {
      name: uniqueName('Latte'),
      categoryId: category.id,
      price: 455,
      station: 'bar',
      modifierGroups: [
        {
          name: 'Size',
          minChoices: 1,
          maxChoices: 1,
          options: [
            { name: 'Small', priceDelta: -55 },
            { name: 'Large', priceDelta: 135 },
          ],
        },
        {
          name: 'Extras',
          minChoices: 0,
          maxChoices: 2,
          options: [
            { name: 'Oat milk', priceDelta: 65 },
            { name: 'Extra shot', priceDelta: 85 },
            { name: 'Syrup', priceDelta: 45 },
          ],
        },
      ],
    },
    { as: admin },
  );
  const plain = await Promise.all(
    [1, 333, 695, 99_995].map((price) =>
      buildMenuItem(t, { name: uniqueName('Dish'), categoryId: category.id, price }, { as: admin }),
    ),
  );
  items = [latte, ...plain];
  tableIds = await Promise.all(
    [1, 2].map(async () => (await buildTable(t, { name: uniqueName('T') }, { as: admin })).id),
  );
  const partner = await t.post(
    '/api/partners',
    { name: uniqueName('Rider'), kind: 'delivery', commissionPercent: 10 },
    { as: admin },
  );
  partnerId = ((await partner.json()) as { id: string }).id;
});
afterAll(() => t.close());

const optionIds = (group: string) =>
  latte.modifierGroups.find((g) => g.name === group)?.options.map((o) => o.id) ?? [];

const line = fc
  .record({
    item: fc.integer({ min: 0, max: 4 }),
    quantity: fc.integer({ min: 1, max: 40 }),
    size: fc.integer({ min: 0, max: 1 }),
    extras: fc.subarray([0, 1, 2], { maxLength: 2 }),
    note: fc.option(fc.constantFrom('no ice', 'to share', 'allergy: nuts'), { nil: undefined }),
  })
  .map(({ item, quantity, size, extras, note }) => {
    const menuItem = items[item] as MenuItem;
    const options =
      menuItem.id === latte.id
        ? [optionIds('Size')[size] as string, ...extras.map((e) => optionIds('Extras')[e] as string)]
        : undefined;
    return {
      menuItemId: menuItem.id,
      quantity,
      ...(options ? { optionIds: options } : {}),
      ...(note ? { note } : {}),
    };
  });

const order: fc.Arbitrary<OrderInput> = fc
  .record({
    lines: fc.array(line, { minLength: 1, maxLength: 6 }),
    where: fc.constantFrom('table-0', 'table-1', 'takeaway', 'takeaway-later', 'partner'),
    note: fc.option(fc.constant('birthday'), { nil: undefined }),
    customerName: fc.option(fc.constantFrom('Ana', 'Bo'), { nil: undefined }),
  })
  .map(({ lines, where, note, customerName }): OrderInput => {
    const extra = { ...(note ? { note } : {}), ...(customerName ? { customerName } : {}) };
    if (where.startsWith('table')) {
      return { type: 'dine-in', tableId: tableIds[Number(where.slice(6))] as string, lines, ...extra };
    }
    if (where === 'partner') return { type: 'takeaway', partnerId, partnerReference: 'R-1', lines, ...extra };
    const later = new Date(Date.now() + 3 * 3600_000);
    later.setUTCSeconds(0, 0);
    return {
      type: 'takeaway',
      lines,
      ...(where === 'takeaway-later' ? { pickupAt: later.toISOString() } : {}),
      ...extra,
    };
  });

let keys = 0;
async function place(input: OrderInput, fromMemory: boolean) {
  keys += 1;
  return placeOrder(t.db, cashier, input, {
    key: `both-ways-${keys}-${fromMemory}`,
    limits: t.config.customerOrderLimits,
    foldSeconds: t.config.orderRequestFoldSeconds,
    ...(fromMemory ? { live: t.services.liveTopics } : {}),
  });
}

/**
 * An order without what names its row: id, number, times (a line's id and its time sent too), and the
 * read answer's payment link, which carries the order's id and a key of its own.
 */
function comparable(o: Order & { paymentLink?: string }) {
  const { id, number: _number, createdAt: _c, updatedAt: _u, lines, timeline, paymentLink, ...rest } = o;
  if (paymentLink !== undefined) expect(paymentLink).toContain(`/payment/${id}?key=`);
  return {
    ...rest,
    lines: lines.map(({ id: _lineId, sentAt: _sent, ...kept }) => kept),
    timeline: timeline.map(({ at: _at, ...kept }) => kept),
  };
}

async function readBack(id: string): Promise<Order> {
  const response = await t.get(`/api/orders/${id}`, { as: admin });
  expect(response.status).toBe(200);
  return (await response.json()) as Order;
}

describe('an order placed from memory and the ordinary way', () => {
  it.each([
    ['tax added and a service charge', { taxPercent: 8.25, taxInclusive: false, serviceChargePercent: 12.5 }],
    ['tax included, no service charge', { taxPercent: 21, taxInclusive: true, serviceChargePercent: 0 }],
  ])('come out the same, field by field, with %s (property)', async (_name, rates) => {
    const settings = await t.patchLatest(
      '/api/settings',
      { openingHours: ALWAYS_OPEN_HOURS, ...rates },
      { as: admin },
    );
    expect(settings.status, await settings.clone().text()).toBe(200);
    await t.liveSettled();
    await fc.assert(
      fc.asyncProperty(order, async (input) => {
        const fromMemory = await place(input, true);
        const ordinary = await place(input, false);
        // The first was really placed from memory (only that way hands back its events), the second not.
        expect(fromMemory.events).toBeDefined();
        expect(ordinary.events).toBeUndefined();
        expect(comparable(fromMemory.order)).toEqual(comparable(ordinary.order));
        const [a, b] = await Promise.all([readBack(fromMemory.order.id), readBack(ordinary.order.id)]);
        expect(comparable(a)).toEqual(comparable(b));
        // What the placing answered is what is read back (the read adds the payments and amounts).
        expect(comparable(a)).toMatchObject(comparable(fromMemory.order));
      }),
      { numRuns: 40 },
    );
  });
});
