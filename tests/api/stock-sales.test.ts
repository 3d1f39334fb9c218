import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/server/db/transaction';
import { postStockMovements } from '../../src/server/modules/inventory';
import { inventoryItems, stockMovements } from '../../src/server/modules/inventory/inventory.schema';
import { postOrderSales } from '../../src/server/modules/inventory/stock-posting';
import {
  applyStockChange,
  rateOf,
  rateText,
  type StockState,
} from '../../src/server/modules/inventory/valuation';
import { INVENTORY_API, type InventoryItem, quantityOf } from '../../src/shared/contracts/inventory';
import type { Unit } from '../../src/shared/contracts/master-data';
import type { Order } from '../../src/shared/contracts/orders';
import { buildMenuItem, buildUnit, uniqueName } from '../support/factories';
import { movedOrder, moveOrder, placedOrder } from '../support/orders';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

/**
 * The sales of completed orders are valued and written in SQL, in the one statement that locks their
 * items (`postOrderSales`); every other movement is valued in TypeScript (`applyStockChange`). These
 * tests hold the two to the same rule, and the locking to its purpose: completions of the same dish
 * at once each take their share, none lost.
 */
let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let kg: Unit;
let plainDish: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = (await Promise.all([t.buildUser({ role: 'admin' }), t.buildUser({ role: 'staff' })])) as [
    TestUser,
    TestUser,
  ];
  kg = await buildUnit(t, { name: uniqueName('Kilogram'), symbol: 'kg' }, { as: admin });
  plainDish = (await buildMenuItem(t, { name: uniqueName('Toast') }, { as: admin })).id;
});
afterAll(() => t.close());

async function createItem(): Promise<InventoryItem> {
  const response = await t.post(
    INVENTORY_API.items,
    { name: uniqueName('Flour'), group: 'ingredient', unitId: kg.id },
    { as: admin },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as InventoryItem;
}

/** A delivery of `thousandths` of the item for `cost` minor units, through the one posting primitive. */
function receive(itemId: string, thousandths: number, cost: number) {
  return withTransaction(t.db, (tx) =>
    postStockMovements(tx, null, [
      { itemId, type: 'purchase-receipt', quantity: thousandths, receiptCost: cost, reason: 'Delivery' },
    ]),
  );
}

/** A placed order of a dish without a recipe: what an order's sales reference. */
async function anOrder(): Promise<{ id: string; number: number; linesNotTaken: string[] }> {
  const order = await placedOrder(
    t,
    { type: 'takeaway', lines: [{ menuItemId: plainDish, quantity: 1 }] },
    staff,
  );
  return { id: order.id, number: order.number, linesNotTaken: [] };
}

async function itemState(id: string): Promise<StockState> {
  const [row] = await t.db
    .select({
      onHand: inventoryItems.onHand,
      stockValue: inventoryItems.stockValue,
      averageCost: inventoryItems.averageCost,
    })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, id));
  if (!row) throw new Error('no such item');
  return {
    onHand: quantityOf(row.onHand),
    stockValue: Number(row.stockValue),
    rate: rateOf(row.averageCost),
  };
}

describe('sales of completed orders', () => {
  it('are valued as applyStockChange values them, through receipts, zero and short stock (property)', async () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('receipt' as const),
        quantity: fc.integer({ min: 1, max: 9_000 }),
        cost: fc.integer({ min: 0, max: 50_000 }),
      }),
      fc.record({ kind: fc.constant('sale' as const), quantity: fc.integer({ min: 1, max: 4_000 }) }),
      // A sale of exactly what is left: the whole remaining value goes with it.
      fc.record({ kind: fc.constant('sell-out' as const) }),
      fc.record({ kind: fc.constant('waste' as const), quantity: fc.integer({ min: 1, max: 2_000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const item = await createItem();
        let expected: StockState = { onHand: 0, stockValue: 0, rate: 0n };
        for (const move of steps) {
          if (move.kind === 'sale' || move.kind === 'sell-out') {
            const quantity = move.kind === 'sale' ? move.quantity : expected.onHand;
            if (quantity <= 0) continue;
            const order = await anOrder();
            const posted = await withTransaction(t.db, (tx) =>
              postOrderSales(tx, null, order, [{ itemId: item.id, quantity }]),
            );
            expect(posted).toBe(true);
            const step = applyStockChange(expected, { quantity: -quantity });
            const [movement] = await t.db
              .select({
                value: stockMovements.value,
                unitCost: stockMovements.unitCost,
                quantity: stockMovements.quantity,
              })
              .from(stockMovements)
              .where(eq(stockMovements.referenceId, order.id));
            expect(movement?.quantity).toBe((-quantity / 1000).toFixed(3));
            // A sale that empties an item worth nothing is valued -0 in TypeScript, 0 in the database.
            expect(Number(movement?.value)).toBe(step.value === 0 ? 0 : step.value);
            expect(Number(movement?.unitCost)).toBe(Math.round(Number(rateText(expected.rate))));
            expected = step.state;
          } else {
            if (move.kind === 'receipt') await receive(item.id, move.quantity, move.cost);
            else {
              await withTransaction(t.db, (tx) =>
                postStockMovements(tx, null, [
                  { itemId: item.id, type: 'waste', quantity: -move.quantity, reason: 'Spoiled' },
                ]),
              );
            }
            expected = applyStockChange(
              expected,
              move.kind === 'receipt'
                ? { quantity: move.quantity, receiptCost: move.cost }
                : { quantity: -move.quantity },
            ).state;
          }
          expect(await itemState(item.id)).toEqual(expected);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('are taken once for an order: a second posting for it writes nothing', async () => {
    const item = await createItem();
    await receive(item.id, 5_000, 1_000);
    const order = await anOrder();
    const post = () =>
      withTransaction(t.db, (tx) => postOrderSales(tx, null, order, [{ itemId: item.id, quantity: 1_000 }]));
    expect(await post()).toBe(true);
    expect(await post()).toBe(false);
    // 1 kg at 200 a kg, once.
    expect(await itemState(item.id)).toEqual({ onHand: 4_000, stockValue: 800, rate: 200_000_000n });
    const movements = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.referenceId, order.id));
    expect(movements.map((movement) => [movement.type, movement.quantity, movement.value])).toEqual([
      ['sale', '-1.000', -200],
    ]);
  });

  it('of the same dish completed at once each take their share, none lost', async () => {
    const item = await createItem();
    await receive(item.id, 10_000, 7_000);
    const bread = await buildMenuItem(t, { name: uniqueName('Bread') }, { as: admin });
    const recipe = await t.request(
      `/api/menu/items/${bread.id}/recipe`,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ lines: [{ inventoryItemId: item.id, quantity: '0.125', unitId: kg.id }] }),
      },
      { as: admin },
    );
    expect(recipe.status, await recipe.clone().text()).toBe(200);
    const ready: Order[] = [];
    for (let index = 0; index < 12; index++) {
      const order = await placedOrder(
        t,
        { type: 'takeaway', lines: [{ menuItemId: bread.id, quantity: 1 }] },
        staff,
      );
      ready.push(await movedOrder(t, await movedOrder(t, order, 'preparing', staff), 'ready', staff));
    }
    const answers = await Promise.all(ready.map((order) => moveOrder(t, order, 'completed', staff)));
    expect(answers.map((answer) => answer.status)).toEqual(ready.map(() => 200));
    // 12 × 0.125 kg at 700 minor units a kg, each sale rounded half away from zero: 87.5 → 88.
    expect(await itemState(item.id)).toEqual({
      onHand: 8_500,
      stockValue: 7_000 - 12 * 88,
      rate: 700_000_000n,
    });
    const [sums] = await t.db
      .select({
        quantity: sql<string>`sum(${stockMovements.quantity})::text`,
        value: sql<string>`sum(${stockMovements.value})::text`,
      })
      .from(stockMovements)
      .where(eq(stockMovements.itemId, item.id));
    expect(sums).toEqual({ quantity: '8.500', value: String(7_000 - 12 * 88) });
  });
});
