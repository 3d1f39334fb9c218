import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER_ORDER_WINDOW_SECONDS, loadConfig } from '../../src/server/config';
import { withTransaction } from '../../src/server/db/transaction';
import { notify } from '../../src/server/modules/notifications';
import { notifications } from '../../src/server/modules/notifications/notifications.schema';
import { orders } from '../../src/server/modules/orders/orders.schema';
import { RATE_LIMITS } from '../../src/server/modules/security';
import type { Coupon } from '../../src/shared/contracts/coupons';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import { ORDER_REQUEST_TITLE, ORDER_REQUESTS_TITLE, requestToastBody } from '../../src/shared/order-notices';
import { buildMenuItem, uniqueName } from '../support/factories';
import { alwaysOpen } from '../support/opening-hours';
import { movedOrder, placedOrder, placeOrder } from '../support/orders';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * What one customer can make the staff side do: order requests are limited per customer (a rate, and
 * a few waiting at once), a burst of requests is one entry on each staff member's bell, and coupon
 * codes refused on orders count with the code checks, so codes cannot be guessed through orders.
 */
// The limits of a default installation (the shared test apps raise them: their tests share customers).
const { customerOrderLimits } = loadConfig({});
const MAX_PENDING_REQUESTS = customerOrderLimits.pending;
const REQUESTS_PER_WINDOW = customerOrderLimits.requestsPerWindow;

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let soup: MenuItem;

beforeAll(async () => {
  expect(customerOrderLimits).toEqual({ requestsPerWindow: 10, pending: 3 });
  t = await createTestApp({ customerOrderLimits });
  [admin, staff] = (await Promise.all([t.buildUser({ role: 'admin' }), t.buildUser({ role: 'staff' })])) as [
    TestUser,
    TestUser,
  ];
  await alwaysOpen(t, admin);
  soup = await buildMenuItem(t, { name: uniqueName('Soup'), price: 695 }, { as: admin });
});
afterAll(() => t.close());

const takeaway = (extra: Record<string, unknown> = {}) => ({
  type: 'takeaway',
  lines: [{ menuItemId: soup.id, quantity: 1 }],
  ...extra,
});

async function ordersOf(user: TestUser): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.customerId, user.id));
  return row?.n ?? 0;
}

async function bellOf(user: TestUser) {
  return t.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, user.id))
    .orderBy(sql`${notifications.createdAt} desc`);
}

describe('a customer’s order requests', () => {
  beforeEach(async () => {
    // Each test starts with nobody's bell holding an unread request (a burst is folded into it).
    await t.db.execute(sql`update notifications set read_at = now() where read_at is null`);
  });

  it(`wait at most ${MAX_PENDING_REQUESTS} at once: the next is a 409 that says why, and nothing is written`, async () => {
    const customer = await t.buildUser({ role: 'customer' });
    const waiting: Order[] = [];
    for (let i = 0; i < MAX_PENDING_REQUESTS; i++) waiting.push(await placedOrder(t, takeaway(), customer));
    const refused = await expectErrorBody(await placeOrder(t, takeaway(), customer), 409, 'aborted');
    expect(refused.message).toBe(
      `You already have ${MAX_PENDING_REQUESTS} orders waiting for the restaurant to accept them. Please wait until one is accepted before you send another.`,
    );
    expect(refused.details).toEqual({ reason: 'too-many-pending', limit: MAX_PENDING_REQUESTS });
    expect(await ordersOf(customer)).toBe(MAX_PENDING_REQUESTS);
    // Once the restaurant accepts one, there is room for another.
    await movedOrder(t, waiting[0] as Order, 'confirmed', staff);
    expect((await placedOrder(t, takeaway(), customer)).status).toBe('pending');
  });

  it('sent at once are counted one after the other: never more than the limit waits', async () => {
    const customer = await t.buildUser({ role: 'customer' });
    const answers = await Promise.all(
      Array.from({ length: MAX_PENDING_REQUESTS + 5 }, () => placeOrder(t, takeaway(), customer)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_PENDING_REQUESTS);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect(await ordersOf(customer)).toBe(MAX_PENDING_REQUESTS);
  });

  it(`are at most ${REQUESTS_PER_WINDOW} in ${CUSTOMER_ORDER_WINDOW_SECONDS / 60} minutes: then a 429, and nothing is written`, async () => {
    const customer = await t.buildUser({ role: 'customer' });
    for (let i = 0; i < REQUESTS_PER_WINDOW; i++) {
      const order = await placedOrder(t, takeaway(), customer);
      await movedOrder(t, order, 'rejected', staff, 'Kitchen closed');
    }
    const refused = await expectErrorBody(
      await placeOrder(t, takeaway(), customer),
      429,
      'resource-exhausted',
    );
    expect(refused.message).toMatch(
      /^You have sent many orders in a short time\. Please try again in (a minute|\d+ minutes)\.$/,
    );
    expect(await ordersOf(customer)).toBe(REQUESTS_PER_WINDOW);
    // Another customer is not held up by this one.
    const other = await t.buildUser({ role: 'customer' });
    expect((await placedOrder(t, takeaway(), other)).status).toBe('pending');
    // Staff at the counter are not limited.
    for (let i = 0; i < 3; i++) expect((await placedOrder(t, takeaway(), staff)).status).toBe('confirmed');
  });

  it('in a burst are one entry on each staff member’s bell, counted up', async () => {
    const [first, second, third] = (await Promise.all([
      t.buildUser({ role: 'customer' }),
      t.buildUser({ role: 'customer' }),
      t.buildUser({ role: 'customer' }),
    ])) as [TestUser, TestUser, TestUser];
    const before = (await bellOf(staff)).length;
    const opening = await placedOrder(t, takeaway(), first);
    const [told] = await bellOf(staff);
    expect(told).toMatchObject({
      title: ORDER_REQUEST_TITLE,
      body: requestToastBody(opening),
      orderId: opening.id,
      link: `/orders/${opening.id}`,
      occurrences: 1,
    });
    await placedOrder(t, takeaway(), second);
    await placedOrder(t, takeaway(), third);
    const bell = await bellOf(staff);
    expect(bell).toHaveLength(before + 1);
    expect(bell[0]).toMatchObject({
      id: told?.id,
      title: ORDER_REQUESTS_TITLE,
      body: '3 new order requests',
      orderId: null,
      link: '/orders/requests',
      occurrences: 3,
      readAt: null,
    });
    // The admins and managers are told the same way; the customers are not told at all.
    const adminBell = await bellOf(admin);
    expect(adminBell[0]).toMatchObject({ body: '3 new order requests', occurrences: 3 });
    expect(await bellOf(first)).toHaveLength(0);

    // Once read, the next request is told in full again.
    await t.post(`/api/notifications/${told?.id}/read`, undefined, { as: staff });
    const later = await placedOrder(t, takeaway(), await t.buildUser({ role: 'customer' }));
    const [next] = await bellOf(staff);
    expect(next).toMatchObject({ body: requestToastBody(later), orderId: later.id, occurrences: 1 });
    expect(next?.id).not.toBe(told?.id);
  });
});

describe('folding, as notify does it', () => {
  it('folds nothing with a window of 0 (ORDER_REQUEST_FOLD_SECONDS=0): each is told on its own', async () => {
    const person = await t.buildUser({ role: 'staff' });
    const fold = { withinSeconds: 0, title: ORDER_REQUESTS_TITLE, counted: 'new order requests', link: '/x' };
    for (const title of ['One', 'Two']) {
      await withTransaction(t.db, (tx) =>
        notify(tx, { userId: person.id }, { kind: 'order-request', title, fold }),
      );
    }
    expect((await bellOf(person)).map((row) => [row.title, row.occurrences])).toEqual([
      ['Two', 1],
      ['One', 1],
    ]);
  });
});

describe('coupon codes refused on orders', () => {
  let coupon: Coupon;
  beforeAll(async () => {
    const made = await t.post(
      '/api/coupons',
      {
        code: uniqueName('REAL').replace(/\W/g, ''),
        kind: 'percent',
        value: 10,
        channels: ['online', 'pos'],
      },
      { as: admin },
    );
    expect(made.status, await made.clone().text()).toBe(201);
    coupon = (await made.json()) as Coupon;
  });

  it('count with the code checks: guessing through orders ends in a 429, and the real code too', async () => {
    const guesser = await t.buildUser({ role: 'customer' });
    const { limit } = RATE_LIMITS.couponCheckPerUser;
    // Half the allowance spent on checks, the rest on orders with made-up codes.
    const checks = Math.floor(limit / 2);
    for (let i = 0; i < checks; i++) {
      const checked = await t.post(
        '/api/coupons/check',
        { code: `GUESS${i}`, subtotal: 1000 },
        { as: guesser },
      );
      expect(checked.status).toBe(404);
    }
    for (let i = checks; i < limit; i++) {
      const refused = await placeOrder(t, takeaway({ couponCode: `GUESS${i}` }), guesser);
      expect(refused.status).toBe(404);
    }
    const stopped = await expectErrorBody(
      await placeOrder(t, takeaway({ couponCode: coupon.code }), guesser),
      429,
      'resource-exhausted',
    );
    expect(stopped.details).toMatchObject({ limit: RATE_LIMITS.couponCheckPerUser.name });
    const checked = await t.post(
      '/api/coupons/check',
      { code: coupon.code, subtotal: 1000 },
      { as: guesser },
    );
    expect(checked.status).toBe(429);
    expect(await ordersOf(guesser)).toBe(0);
    // An order without a code still goes through.
    expect((await placedOrder(t, takeaway(), guesser)).status).toBe('pending');
  });

  it('a code that is used is not counted: a cashier applies a real code all day', async () => {
    const { limit } = RATE_LIMITS.couponCheckPerUser;
    const cashier = await t.buildUser({ role: 'staff' });
    for (let i = 0; i <= limit; i++) {
      const order = await placedOrder(t, takeaway({ couponCode: coupon.code }), cashier);
      expect(order.couponCode).toBe(coupon.code.toUpperCase());
    }
  });
});
