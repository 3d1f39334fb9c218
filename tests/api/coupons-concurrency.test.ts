import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions } from '../../src/server/modules/coupons/coupons.schema';
import { orders } from '../../src/server/modules/orders/orders.schema';
import type { Coupon } from '../../src/shared/contracts/coupons';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import { buildMenuItem } from '../support/factories';
import { newIdempotencyKey, placeOrder } from '../support/orders';
import { settingsForPayments } from '../support/payments';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * Coupons under races: many orders using the last uses of a coupon at the same moment.
 * The coupon's row is locked in each order's transaction, so however PostgreSQL interleaves them,
 * exactly as many orders are discounted as the limit allows, the others are refused with the reason,
 * and what the answers said is what the database holds. A retried order (its Idempotency-Key) never
 * uses a coupon twice.
 */
let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let otherStaff: TestUser;
let customer: TestUser;
let item: MenuItem;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, otherStaff, customer] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'staff' }),
    t.buildUser({ role: 'staff' }),
    t.buildUser({ role: 'customer' }),
  ])) as [TestUser, TestUser, TestUser, TestUser];
  // No tax or service charge, open around the clock with online ordering on.
  await settingsForPayments(t, admin);
  item = await buildMenuItem(t, { price: 1000 }, { as: admin });
});
afterAll(() => t.close());

let codeCounter = 0;
async function coupon(overrides: Record<string, unknown>): Promise<Coupon> {
  const code = `RACE${++codeCounter}${Math.random().toString(36).slice(2, 6)}`;
  const response = await t.post(
    '/api/coupons',
    { code, kind: 'percent', value: 20, channels: ['pos', 'online'], ...overrides },
    { as: admin },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Coupon;
}

const takeaway = (couponCode: string, extra: Record<string, unknown> = {}) => ({
  type: 'takeaway',
  lines: [{ menuItemId: item.id, quantity: 2 }],
  couponCode,
  ...extra,
});

/** The coupon's uses as stored: unreleased redemptions, and the orders that name it. */
async function stored(made: Coupon) {
  const [uses] = await t.db
    .select({ n: sql<number>`count(*)::int`, discount: sql<string>`coalesce(sum(discount), 0)` })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, made.id), isNull(couponRedemptions.releasedAt)));
  const [named] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.couponCode, made.code.toUpperCase()));
  return { uses: uses?.n ?? 0, discount: Number(uses?.discount ?? 0), orders: named?.n ?? 0 };
}

/** Sorts answers into placed orders and refusals, checking each refusal's reason. */
async function outcome(responses: Response[], reason: string) {
  const placed: Order[] = [];
  let refused = 0;
  for (const response of responses) {
    if (response.status === 201) {
      placed.push((await response.json()) as Order);
      continue;
    }
    const error = await expectErrorBody(response, 409, 'aborted');
    expect(error.details).toMatchObject({ reason, path: 'couponCode' });
    refused += 1;
  }
  return { placed, refused };
}

describe('the last uses of a coupon, taken at the same moment', () => {
  it('usage limit 5, 20 orders at once from two tills and online: exactly 5 discounted, 15 refused as used up', async () => {
    const made = await coupon({ usageLimit: 5 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        placeOrder(t, takeaway(made.code), [staff, otherStaff, customer][index % 3] as TestUser),
      ),
    );
    const { placed, refused } = await outcome(responses, 'coupon-used-up');
    expect(placed).toHaveLength(5);
    expect(refused).toBe(15);
    for (const order of placed) {
      expect(order).toMatchObject({ couponCode: made.code.toUpperCase(), subtotal: 2000, discount: 400 });
    }
    expect(await stored(made)).toEqual({ uses: 5, discount: 2000, orders: 5 });
    const read = await t.get(`/api/coupons/${made.id}`, { as: admin });
    expect(await read.json()).toMatchObject({ uses: 5, discountTotal: 2000, status: 'used-up' });
  });

  it('per-customer limit 2, one customer sending 8 orders at once: exactly 2', async () => {
    const made = await coupon({ perCustomerLimit: 2 });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => placeOrder(t, takeaway(made.code), customer)),
    );
    const { placed, refused } = await outcome(responses, 'coupon-already-used');
    expect(placed).toHaveLength(2);
    expect(refused).toBe(6);
    expect(await stored(made)).toEqual({ uses: 2, discount: 800, orders: 2 });
  });

  it('per-customer limit 2 at the counter, 8 orders for one phone number from two tills: exactly 2', async () => {
    const made = await coupon({ perCustomerLimit: 2 });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        placeOrder(
          t,
          takeaway(made.code, { customerPhone: index % 2 ? '+1 555 0110' : '1-555-0110' }),
          index % 2 ? staff : otherStaff,
        ),
      ),
    );
    const { placed, refused } = await outcome(responses, 'coupon-already-used');
    expect(placed).toHaveLength(2);
    expect(refused).toBe(6);
  });
});

describe('a retried order', () => {
  it('the same Idempotency-Key at once and again later uses the coupon once, and the retry gets its order', async () => {
    const made = await coupon({ usageLimit: 1 });
    const key = newIdempotencyKey();
    const body = takeaway(made.code);
    const [first, second] = await Promise.all([
      placeOrder(t, body, staff, key),
      placeOrder(t, body, staff, key),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const placed = (await (first.status === 201 ? first : second).json()) as Order;
    const replay = first.status === 200 ? first : second;
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replay.json()) as Order).id).toBe(placed.id);
    expect(placed).toMatchObject({ couponCode: made.code.toUpperCase(), discount: 400 });

    // Later, with the coupon used up meanwhile: the retry is still answered its order, not refused.
    const later = await placeOrder(t, body, staff, key);
    expect(later.status, await later.clone().text()).toBe(200);
    expect(((await later.json()) as Order).id).toBe(placed.id);
    expect(await stored(made)).toEqual({ uses: 1, discount: 400, orders: 1 });

    // Another key is another order: refused, the coupon is used up.
    const other = await placeOrder(t, body, staff);
    expect((await expectErrorBody(other, 409, 'aborted')).details).toMatchObject({
      reason: 'coupon-used-up',
    });
  });

  it('a customer’s retry does not count against their per-customer limit', async () => {
    const made = await coupon({ perCustomerLimit: 1 });
    const key = newIdempotencyKey();
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => placeOrder(t, takeaway(made.code), customer, key)),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 201]);
    const ids = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as Order).id)));
    expect(ids.size).toBe(1);
    expect(await stored(made)).toEqual({ uses: 1, discount: 400, orders: 1 });
  });
});
