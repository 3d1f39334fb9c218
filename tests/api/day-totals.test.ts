import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/server/db/transaction';
import { postStockMovements } from '../../src/server/modules/inventory';
import { EXPENSES_API } from '../../src/shared/contracts/expenses';
import { INVENTORY_API, type InventoryItem } from '../../src/shared/contracts/inventory';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import { RECIPE_API } from '../../src/shared/contracts/recipes';
import { keptDayTotals, scannedDayTotals } from '../support/day-totals';
import { buildMenuItem, buildTable, buildUnit, uniqueName } from '../support/factories';
import { movedOrder, placedOrder } from '../support/orders';
import { accountFor, paid, settingsForPayments } from '../support/payments';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

/**
 * The per-day totals the database keeps for the reports (completed orders, stock value, each
 * account's money in and out) always equal a scan of the records they sum: after any sequence of
 * orders placed, completed, recalled, voided, paid and refunded, stock received, expenses backdated,
 * completions moved across a daylight saving change, and the time zone changed.
 */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let staff: TestUser;
let dish: MenuItem;
let plain: MenuItem;
let flour: InventoryItem;
let categoryId: string;
let cash: { id: string };
let table: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, staff] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'manager' }),
    t.buildUser({ role: 'staff' }),
  ])) as [TestUser, TestUser, TestUser];
  await settingsForPayments(t, admin, { timeZone: 'Europe/Berlin', taxPercent: 10, serviceChargePercent: 5 });
  cash = await accountFor(t, admin, ['cash'], { type: 'cash', openingBalance: 5_000 });
  dish = await buildMenuItem(t, { name: uniqueName('Bread'), price: 1_250 }, { as: admin });
  plain = await buildMenuItem(t, { name: uniqueName('Tea'), price: 400 }, { as: admin });
  const kg = await buildUnit(t, { name: uniqueName('Kilogram'), symbol: 'kg' }, { as: admin });
  const created = await t.post(
    INVENTORY_API.items,
    { name: uniqueName('Flour'), group: 'ingredient', unitId: kg.id },
    { as: admin },
  );
  flour = (await created.json()) as InventoryItem;
  const recipe = await t.request(
    RECIPE_API.recipe(dish.id),
    {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [{ inventoryItemId: flour.id, quantity: '0.25' }] }),
    },
    { as: admin },
  );
  expect(recipe.status, await recipe.clone().text()).toBe(200);
  const category = await t.post('/api/expense-categories', { name: uniqueName('Rent') }, { as: admin });
  categoryId = ((await category.json()) as { id: string }).id;
  table = await buildTable(t, {}, { as: admin });
});
afterAll(() => t.close());

async function expectOk<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

const step = fc.oneof(
  { arbitrary: orderStep(), weight: 4 },
  fc.record({ kind: fc.constant('refund' as const), amount: fc.integer({ min: 1, max: 600 }) }),
  fc.record({ kind: fc.constant('void' as const) }),
  fc.record({ kind: fc.constant('recall' as const) }),
  // Moves the last completion by whole hours, across 2026-03-29's change to summer time.
  {
    arbitrary: fc.record({ kind: fc.constant('shift' as const), hours: fc.integer({ min: -72, max: 72 }) }),
    weight: 2,
  },
  fc.record({
    kind: fc.constant('receipt' as const),
    thousandths: fc.integer({ min: 1, max: 5_000 }),
    cost: fc.integer({ min: 0, max: 9_000 }),
  }),
  fc.record({
    kind: fc.constant('expense' as const),
    daysAgo: fc.integer({ min: 0, max: 400 }),
    amount: fc.integer({ min: 1, max: 90_000 }),
  }),
  fc.record({
    kind: fc.constant('zone' as const),
    zone: fc.constantFrom('Europe/Berlin', 'America/New_York', 'UTC'),
  }),
  // Orders written and deleted many at once in SQL (a restore, the demo's history and its removal).
  fc.record({ kind: fc.constant('copies' as const), count: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('drop-copies' as const) }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

function orderStep() {
  return fc.record({
    kind: fc.constant('order' as const),
    type: fc.constantFrom('takeaway', 'dine-in'),
    breads: fc.integer({ min: 0, max: 3 }),
    teas: fc.integer({ min: 1, max: 3 }),
    discount: fc.integer({ min: 0, max: 30 }),
    complete: fc.boolean(),
    pay: fc.boolean(),
  });
}

/** What the steps act on: the orders placed (newest last) and the cash payments taken. */
interface World {
  open: Order[];
  completed: Order[];
  payments: string[];
}

async function complete(order: Order): Promise<Order> {
  const path = ['confirmed', 'preparing', 'ready', 'completed'] as const;
  let current = order;
  for (const status of path.slice(path.indexOf(order.status as (typeof path)[number]) + 1)) {
    current = await movedOrder(t, current, status, staff);
  }
  return current;
}

async function apply(world: World, move: Step): Promise<void> {
  switch (move.kind) {
    case 'order': {
      const lines = [
        ...(move.breads > 0 ? [{ menuItemId: dish.id, quantity: move.breads }] : []),
        { menuItemId: plain.id, quantity: move.teas },
      ];
      let order = await placedOrder(
        t,
        {
          type: move.type,
          ...(move.type === 'dine-in' ? { tableId: table.id } : {}),
          lines,
          ...(move.discount > 0
            ? { discount: { kind: 'percent', value: move.discount, reason: 'Regular' } }
            : {}),
        },
        manager,
      );
      if (move.pay) {
        const payment = await paid(t, order.id, { method: 'cash', amount: order.total }, staff);
        world.payments.push(payment.id);
        order = await expectOk<Order>(await t.get(`/api/orders/${order.id}`, { as: staff }));
      }
      if (move.complete) world.completed.push(await complete(order));
      else world.open.push(order);
      return;
    }
    case 'refund': {
      const paymentId = world.payments.at(-1);
      if (!paymentId) return;
      const response = await t.post(
        `/api/payments/${paymentId}/refunds`,
        { amount: move.amount, reason: 'Cold' },
        { as: manager },
      );
      // More than is left to refund is refused, and changes nothing.
      expect([201, 409, 400]).toContain(response.status);
      return;
    }
    case 'void': {
      const order = world.open.pop();
      if (!order) return;
      const fresh = await expectOk<Order>(await t.get(`/api/orders/${order.id}`, { as: staff }));
      const line = fresh.lines.find((candidate) => !candidate.voided && !candidate.comped);
      if (!line) return;
      const response = await t.post(
        `/api/orders/${order.id}/lines/${line.id}/void`,
        { version: fresh.version, kind: 'void', reason: 'Entered by mistake' },
        { as: manager },
      );
      // A void below what was paid asks for a refund first.
      expect([200, 409]).toContain(response.status);
      const after = await expectOk<Order>(await t.get(`/api/orders/${order.id}`, { as: staff }));
      world.completed.push(await complete(after));
      return;
    }
    case 'recall': {
      const completed = world.completed.pop();
      if (!completed) return;
      // A refund since its completion moved the order's version on: recall from the order as it is.
      const order = await expectOk<Order>(await t.get(`/api/orders/${completed.id}`, { as: staff }));
      const response = await t.post(
        `/api/orders/${order.id}/status`,
        { status: 'ready', version: order.version, recall: true },
        { as: staff },
      );
      expect(response.status, await response.clone().text()).toBe(200);
      world.open.push((await response.json()) as Order);
      return;
    }
    case 'shift': {
      const order = world.completed.at(-1);
      if (!order) return;
      await t.db.execute(
        sql`update orders set completed_at = timestamptz '2026-03-29 00:30:00+00' + make_interval(hours => ${move.hours})
            where id = ${order.id}`,
      );
      return;
    }
    case 'receipt':
      await withTransaction(t.db, (tx) =>
        postStockMovements(tx, null, [
          {
            itemId: flour.id,
            type: 'purchase-receipt',
            quantity: move.thousandths,
            receiptCost: move.cost,
            reason: 'Delivery',
          },
        ]),
      );
      return;
    case 'expense': {
      const date = new Date(Date.now() - move.daysAgo * 86_400_000).toISOString().slice(0, 10);
      await expectOk(
        await t.post(
          EXPENSES_API.expenses,
          { date, categoryId, amount: move.amount, description: 'Backdated', accountId: cash.id },
          { as: admin },
        ),
        201,
      );
      return;
    }
    case 'copies':
      await t.db.execute(
        sql`insert into orders (type, source, status, payment_status, customer_name, currency, subtotal, discount,
              coupon_code, service_charge, tax, tax_inclusive, delivery_fee, total, completed_at, note)
            select type, source, status, 'unpaid', customer_name, currency, subtotal, discount, coupon_code,
                   service_charge, tax, tax_inclusive, delivery_fee, total,
                   completed_at - make_interval(days => n), 'copy'
              from orders, generate_series(1, ${move.count}) n
             where status = 'completed' and note <> 'copy'`,
      );
      return;
    case 'drop-copies':
      await t.db.execute(sql`delete from orders where note = 'copy'`);
      return;
    case 'zone':
      await settingsForPayments(t, admin, { timeZone: move.zone });
      return;
  }
}

describe('per-day totals', () => {
  it('equal a scan of the records after any sequence of changes (property)', async () => {
    const world: World = { open: [], completed: [], payments: [] };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        // The world carries over from run to run: later runs recall, void and refund earlier orders.
        for (const move of steps) await apply(world, move);
        expect(await keptDayTotals(t.db)).toEqual(await scannedDayTotals(t.db));
      }),
      { numRuns: 15 },
    );
    // And one sequence that surely leaves rows in all three, so the comparison is not of empty tables.
    for (const move of [
      { kind: 'receipt', thousandths: 4_000, cost: 8_000 },
      { kind: 'order', type: 'dine-in', breads: 2, teas: 1, discount: 10, complete: true, pay: true },
      { kind: 'refund', amount: 100 },
      { kind: 'shift', hours: 1 },
    ] satisfies Step[]) {
      await apply(world, move);
    }
    expect(await keptDayTotals(t.db)).toEqual(await scannedDayTotals(t.db));
    const kept = await keptDayTotals(t.db);
    expect(kept.orders.length).toBeGreaterThan(0);
    expect(kept.ledger.length).toBeGreaterThan(0);
    expect(kept.stock.length).toBeGreaterThan(0);
  });

  it('are rebuilt from the records, idempotently', async () => {
    const before = await keptDayTotals(t.db);
    await t.db.execute(sql`select brigade_rebuild_day_totals()`);
    await t.db.execute(sql`select brigade_rebuild_day_totals()`);
    expect(await keptDayTotals(t.db)).toEqual(before);
  });
});
