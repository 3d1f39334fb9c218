import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/shared/contracts/audit';
import type { DemoDataStatus, DemoRemoval } from '../../src/shared/contracts/demo';
import type { FoodCategory } from '../../src/shared/contracts/master-data';
import type { PublicMenu } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import type { RestaurantSettings } from '../../src/shared/contracts/settings';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/** The owner removes the demo cafe in one step; what they made themselves stays. */
let t: TestApp;
let admin: TestUser;
const DEMO = '/api/admin/demo-data';

type Page<T> = { items: T[]; nextCursor: string | null };

async function json<T>(response: Response | Promise<Response>): Promise<T> {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
  return (await answer.json()) as T;
}

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  admin = await t.buildUser({ role: 'admin' });
});
afterAll(() => t.close());

describe('the demo data', () => {
  it('is for administrators only', async () => {
    await expectErrorBody(await t.get(DEMO), 401, 'unauthenticated');
    await expectErrorBody(await t.del(DEMO), 401, 'unauthenticated');
    for (const role of ['customer', 'staff', 'manager'] as const) {
      const user = await t.buildUser({ role });
      await expectErrorBody(await t.get(DEMO, { as: user }), 403, 'permission-denied');
      await expectErrorBody(await t.del(DEMO, { as: user }), 403, 'permission-denied');
    }
    expect((await json<DemoDataStatus>(t.get(DEMO, { as: admin }))).present).toBe(true);
  });

  it('goes in one step, except what the owner’s own records use, and only once', async () => {
    const before = await json<DemoDataStatus>(t.get(DEMO, { as: admin }));
    expect(before.counts).toMatchObject({ menuItems: 45, foodCategories: 8, diningTables: 10, coupons: 2 });
    expect(before.counts.inventoryItems).toBeGreaterThanOrEqual(40);
    expect(before.counts).toMatchObject({ stockCounts: 1, recipes: 45 });
    expect(before.counts.purchaseOrders).toBeGreaterThan(20);

    // The owner has started: their own dish in the demo "Coffee" category, and their own supplier.
    const categories = await json<Page<FoodCategory>>(
      t.get('/api/food-categories?search=Coffee', { as: admin }),
    );
    const coffee = categories.items.find((category) => category.name === 'Coffee');
    expect(coffee).toBeDefined();
    const cortado = await json<{ id: string }>(
      t.post('/api/menu/items', { name: 'House Cortado', categoryId: coffee?.id, price: 390 }, { as: admin }),
    );
    await json(t.post('/api/suppliers', { name: 'My Own Dairy' }, { as: admin }));
    const settingsBefore = await json<RestaurantSettings>(t.get('/api/settings', { as: admin }));
    expect(Object.values(settingsBefore.paymentAccounts).some((id) => id !== null)).toBe(true);
    // Trying the demo: a payment taken on one of its orders, and part of it refunded.
    const demoOrder = (await json<Page<Order>>(t.get('/api/orders?limit=1', { as: admin }))).items[0];
    if (!demoOrder) throw new Error('the demo has no orders');
    const payment = await json<{ id: string }>(
      t.post(`/api/orders/${demoOrder.id}/payments`, { method: 'card', amount: 500 }, { as: admin }),
    );
    await json(
      t.post(`/api/payments/${payment.id}/refunds`, { amount: 100, reason: 'Trying it' }, { as: admin }),
    );

    // Their own order of their dish with the demo's counter coupon, which therefore stays.
    const own = await json<Order>(
      t.post(
        '/api/orders',
        { type: 'takeaway', lines: [{ menuItemId: cortado.id, quantity: 1 }], couponCode: 'regular2' },
        { as: admin, headers: { 'idempotency-key': 'own-order-with-demo-coupon' } },
      ),
    );
    expect(own).toMatchObject({ couponCode: 'REGULAR2', discount: 200 });

    const removal = await json<DemoRemoval>(t.del(DEMO, { as: admin }));
    expect(removal.kept).toEqual(['coupon REGULAR2', 'food category “Coffee”']);
    const total = Object.values(before.counts).reduce((sum, count) => sum + count, 0);
    expect(removal.removed).toBe(total - 2);
    const coupons = await json<Page<{ code: string }>>(t.get('/api/coupons', { as: admin }));
    expect(coupons.items.map((coupon) => coupon.code)).toEqual(['REGULAR2']);
    // The payment went with its order: its refund and its ledger rows too.
    const left = await t.db.execute(sql`
      select (select count(*) from payments where order_id = ${demoOrder.id})::int as payments,
             (select count(*) from refunds where payment_id = ${payment.id})::int as refunds,
             (select count(*) from bank_transactions where source_kind = 'payment' and source_id = ${payment.id})::int as ledger,
             (select count(*) from orders where id = ${demoOrder.id})::int as orders`);
    expect(left.rows[0]).toEqual({ payments: 0, refunds: 0, ledger: 0, orders: 0 });

    const menu = await json<PublicMenu>(t.get('/api/menu/public'));
    expect(menu.categories.map((category) => category.name)).toEqual(['Coffee']);
    expect(menu.categories[0]?.items.map((item) => item.name)).toEqual(['House Cortado']);
    const tables = await json<Page<unknown>>(
      t.get('/api/dining-tables?status=active,archived', { as: admin }),
    );
    expect(tables.items).toHaveLength(0);
    const supplierNames = (
      await json<Page<{ name: string }>>(t.get('/api/suppliers?status=active,archived', { as: admin }))
    ).items.map((supplier) => supplier.name);
    expect(supplierNames).toEqual(['My Own Dairy']);
    const settings = await json<RestaurantSettings>(t.get('/api/settings', { as: admin }));
    expect(Object.values(settings.paymentAccounts).every((id) => id === null)).toBe(true);

    const audit = await json<Page<AuditEntry>>(t.get('/api/admin/audit?area=master-data', { as: admin }));
    expect(audit.items[0]).toMatchObject({ action: 'demo-data.removed', actorId: admin.id });

    // The pantry went with everything it had: items, movements, recipes, the count and the orders.
    const pantry = await t.db.execute(sql`
      select (select count(*) from inventory_items)::int as items,
             (select count(*) from stock_movements)::int as movements,
             (select count(*) from recipes)::int as recipes,
             (select count(*) from recipe_lines)::int as "recipeLines",
             (select count(*) from stock_counts)::int as counts,
             (select count(*) from purchase_orders)::int as "purchaseOrders",
             (select count(*) from purchase_order_receipts)::int as receipts`);
    expect(pantry.rows[0]).toEqual({
      items: 0,
      movements: 0,
      recipes: 0,
      recipeLines: 0,
      counts: 0,
      purchaseOrders: 0,
      receipts: 0,
    });

    expect(await json<DemoDataStatus>(t.get(DEMO, { as: admin }))).toEqual({ present: false, counts: {} });
    const again = await expectErrorBody(await t.del(DEMO, { as: admin }), 404, 'not-found');
    expect(again.message).toBe('There is no demo data to remove.');
  });
});

describe('a restaurant that started without demo data', () => {
  it('has none to remove', async () => {
    const plain = await createTestApp();
    try {
      const owner = await plain.buildUser({ role: 'admin' });
      expect(await json<DemoDataStatus>(plain.get(DEMO, { as: owner }))).toEqual({
        present: false,
        counts: {},
      });
      await expectErrorBody(await plain.del(DEMO, { as: owner }), 404, 'not-found');
    } finally {
      await plain.close();
    }
  });
});

describe('two removals at the same time', () => {
  it('remove the demo once: one answer says what went, the other that there is nothing left', async () => {
    const both = await createTestApp({ demoData: true });
    try {
      const owner = await both.buildUser({ role: 'admin' });
      const answers = await Promise.all([both.del(DEMO, { as: owner }), both.del(DEMO, { as: owner })]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 404]);
      const removal = (await answers.find((answer) => answer.status === 200)!.json()) as DemoRemoval;
      expect(removal).toMatchObject({ kept: [] });
      expect(removal.removed).toBeGreaterThan(80);
      const audit = await json<Page<AuditEntry>>(
        both.get('/api/admin/audit?area=master-data', { as: owner }),
      );
      expect(audit.items.filter((entry) => entry.action === 'demo-data.removed')).toHaveLength(1);
    } finally {
      await both.close();
    }
  });
});
