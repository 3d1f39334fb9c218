import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import { buildMenuItem } from '../support/factories';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * Orders under races: numbers from the database, one Idempotency-Key sent twice at the same
 * moment, two devices moving one order at once. Each request runs concurrently through the app.
 */
let t: TestApp;
let staff: TestUser;
let otherStaff: TestUser;
let item: MenuItem;

beforeAll(async () => {
  t = await createTestApp();
  [staff, otherStaff] = (await Promise.all([
    t.buildUser({ role: 'staff' }),
    t.buildUser({ role: 'staff' }),
  ])) as [TestUser, TestUser];
  item = await buildMenuItem(t, { price: 500 });
});
afterAll(() => t.close());

const body = (quantity = 1) => ({ type: 'takeaway', lines: [{ menuItemId: item.id, quantity }] });
const place = (as: TestUser, key: string, quantity = 1) =>
  t.post('/api/orders', body(quantity), { as, headers: { 'idempotency-key': key } });

async function orderCount(): Promise<number> {
  const result = await t.db.execute(sql`select count(*)::int as n from orders`);
  return (result.rows[0] as { n: number }).n;
}

describe('orders placed at the same moment', () => {
  it('50 concurrent point-of-sale orders get 50 distinct, consecutive numbers', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => place(index % 2 ? staff : otherStaff, crypto.randomUUID())),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(201));
    const numbers = (await Promise.all(responses.map(async (r) => ((await r.json()) as Order).number))).sort(
      (a, b) => a - b,
    );
    expect(new Set(numbers).size).toBe(50);
    const first = numbers[0] as number;
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, index) => first + index));
  });

  it('two requests with one key at the same moment make one order, and both answer it', async () => {
    for (let round = 0; round < 5; round++) {
      const before = await orderCount();
      const key = crypto.randomUUID();
      const responses = await Promise.all([place(staff, key, 2), place(staff, key, 2), place(staff, key, 2)]);
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([200, 200, 201]);
      const ids = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as Order).id)));
      expect(ids.size).toBe(1);
      expect(await orderCount()).toBe(before + 1);
    }
  });

  it('two staff moving one order at once: one succeeds, the other gets 409 and changes nothing', async () => {
    for (let round = 0; round < 5; round++) {
      const order = (await (await place(staff, crypto.randomUUID())).json()) as Order;
      const path = `/api/orders/${order.id}/status`;
      const [a, b] = await Promise.all([
        t.post(path, { status: 'preparing', version: order.version }, { as: staff }),
        t.post(path, { status: 'cancelled', version: order.version, reason: 'Mistake' }, { as: otherStaff }),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      const winner = (await (a.status === 200 ? a : b).json()) as Order;
      const refusal = await expectErrorBody(loser, 409, 'aborted');
      expect(refusal.details).toEqual({ reason: 'stale', version: order.version + 1 });
      const read = (await (await t.get(`/api/orders/${order.id}`, { as: staff })).json()) as Order;
      expect(read.status).toBe(winner.status);
      expect(read.version).toBe(order.version + 1);
      expect(read.timeline).toHaveLength(2);
    }
  });
});
