import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_API, type InventoryItem } from '../../src/shared/contracts/inventory';
import { INVENTORY_USAGE_PATH, type UsageReport } from '../../src/shared/contracts/inventory-usage';
import type { Supplier, Unit } from '../../src/shared/contracts/master-data';
import type { Order } from '../../src/shared/contracts/orders';
import { PURCHASE_ORDERS_API, type PurchaseOrder } from '../../src/shared/contracts/purchase-orders';
import { STOCK_COUNTS_API, type StockCount } from '../../src/shared/contracts/stock-counts';
import { restaurantToday } from '../../src/shared/coupon-rules';
import { formatQuantity, parseQuantity } from '../../src/shared/quantity';
import { buildMenuItem, buildSupplier, buildUnit, uniqueName } from '../support/factories';
import { movedOrder, placedOrder } from '../support/orders';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

/**
 * The books tie to their records whatever happens, in any order, through the API as people use it:
 * deliveries received against purchase orders at changing costs, completed orders taking their
 * recipes, waste, adjustments and counts. After every step each item's stock on hand and value are the
 * sums of its movements, the value is the stock at its average cost within rounding (zero when nothing
 * is left), and the usage report closes today on exactly the item's stock.
 */
let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let kg: Unit;
let gram: Unit;
let supplier: Supplier;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = (await Promise.all([t.buildUser({ role: 'admin' }), t.buildUser({ role: 'staff' })])) as [
    TestUser,
    TestUser,
  ];
  kg = await buildUnit(t, { name: uniqueName('Kilogram'), symbol: 'kg' }, { as: admin });
  gram = await buildUnit(
    t,
    { name: uniqueName('Gram'), symbol: 'g', baseUnitId: kg.id, factor: 0.001 },
    { as: admin },
  );
  supplier = await buildSupplier(t, { name: uniqueName('Mill') }, { as: admin });
});
afterAll(() => t.close());

const thousandths = (text: string) => {
  const parsed = parseQuantity(text);
  if (!parsed.ok) throw new Error(`not a quantity: ${text}`);
  return parsed.value;
};

async function ok<T>(response: Promise<Response>, status = 200): Promise<T> {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return (await answer.json()) as T;
}

const readItem = (item: { id: string }) =>
  ok<InventoryItem>(t.get(INVENTORY_API.item(item.id), { as: admin }));

/** A delivery: a purchase order for `quantity` stock units at `cost` each, sent, and received whole. */
async function receive(item: InventoryItem, quantity: number, cost: number) {
  const draft = await ok<PurchaseOrder>(
    t.post(
      PURCHASE_ORDERS_API.orders,
      {
        supplierId: supplier.id,
        lines: [{ inventoryItemId: item.id, quantity: formatQuantity(quantity), unitCost: cost }],
      },
      { as: admin },
    ),
    201,
  );
  const sent = await ok<PurchaseOrder>(
    t.post(
      PURCHASE_ORDERS_API.status(draft.id),
      { status: 'ordered', version: draft.version },
      { as: admin },
    ),
  );
  const line = sent.lines[0]!;
  await ok(
    t.post(
      PURCHASE_ORDERS_API.receipts(draft.id),
      { lines: [{ lineId: line.id, quantity: formatQuantity(quantity) }] },
      { as: admin },
    ),
    201,
  );
}

/** A sale: `portions` of the dish placed at the point of sale and taken through to completed. */
async function sell(menuItemId: string, portions: number) {
  const order = await placedOrder(
    t,
    { type: 'takeaway', lines: [{ menuItemId, quantity: portions }] },
    staff,
  );
  let moved: Order = order;
  for (const status of ['preparing', 'ready', 'completed'] as const) {
    moved = await movedOrder(t, moved, status, staff);
  }
}

async function record(item: InventoryItem, type: 'waste' | 'adjustment', quantity: number) {
  await ok(
    t.post(
      INVENTORY_API.movements,
      {
        itemId: item.id,
        type,
        quantity: formatQuantity(quantity),
        reason: type === 'waste' ? 'spoiled' : 'Found in the cellar',
      },
      { as: admin },
    ),
    201,
  );
}

/** A count of everything in which only `item` is counted, at `counted`, then finished. */
async function count(item: InventoryItem, counted: number) {
  const opened = await ok<StockCount>(t.post(STOCK_COUNTS_API.counts, {}, { as: admin }), 201);
  await ok(
    t.patch(
      STOCK_COUNTS_API.lines(opened.id),
      { lines: [{ itemId: item.id, counted: formatQuantity(counted) }] },
      { as: admin },
    ),
  );
  const current = await ok<StockCount>(t.get(STOCK_COUNTS_API.count(opened.id), { as: admin }));
  await ok(t.post(STOCK_COUNTS_API.finish(opened.id), { version: current.version }, { as: admin }));
}

/** The sums of the item's movements, straight from the table. */
async function movementSums(item: InventoryItem) {
  const result = await t.db.execute<{ quantity: string; value: string; since_receipt: string }>(sql`
    select coalesce(sum(m.quantity), 0)::text as quantity, coalesce(sum(m.value), 0)::text as value,
           count(*) filter (where m.created_at > coalesce(
             (select max(r.created_at) from stock_movements r
              where r.item_id = ${item.id} and r.type = 'purchase-receipt'), '-infinity'))::text as since_receipt
    from stock_movements m where m.item_id = ${item.id}`);
  const row = result.rows[0]!;
  return {
    quantity: Number(row.quantity) * 1000,
    value: Number(row.value),
    sinceReceipt: Number(row.since_receipt),
  };
}

async function expectBooksTie(item: InventoryItem, today: string) {
  const current = await readItem(item);
  const onHand = thousandths(current.onHand);
  const sums = await movementSums(item);
  expect(onHand).toBe(Math.round(sums.quantity));
  expect(current.stockValue).toBe(sums.value);
  if (onHand === 0) expect(current.stockValue).toBe(0);
  // The average cost answered is rounded to a whole minor unit (half a minor unit per stock unit at
  // most), and each movement since the last delivery rounded its value once.
  const drift = Math.abs(current.stockValue - (onHand * current.averageCost) / 1000);
  expect(drift).toBeLessThanOrEqual((Math.abs(onHand) / 1000) * 0.5 + 1 + sums.sinceReceipt);
  expect(current.averageCost).toBeGreaterThanOrEqual(0);
  const report = await ok<UsageReport>(
    t.get(`${INVENTORY_USAGE_PATH}?from=${today}&to=${today}`, { as: admin }),
  );
  const line = report.lines.find((candidate) => candidate.itemId === item.id);
  if (line) expect(line.closing).toEqual({ quantity: current.onHand, value: current.stockValue });
}

const step = fc.oneof(
  fc.record({
    kind: fc.constant('receive' as const),
    quantity: fc.integer({ min: 1, max: 20_000 }),
    cost: fc.integer({ min: 1, max: 5_000 }),
  }),
  fc.record({ kind: fc.constant('sell' as const), portions: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('waste' as const), quantity: fc.integer({ min: 1, max: 3_000 }) }),
  fc.record({
    kind: fc.constant('adjust' as const),
    quantity: fc.integer({ min: -3_000, max: 3_000 }).filter((quantity) => quantity !== 0),
  }),
  fc.record({ kind: fc.constant('count' as const), counted: fc.integer({ min: 0, max: 15_000 }) }),
);

describe('stock books over any sequence of what a kitchen does', () => {
  it('keep on hand and value the sums of the movements, and value ≈ on hand × average cost', async () => {
    const config = await ok<{ timeZone: string }>(t.get('/api/config'));
    const day = restaurantToday(config.timeZone);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const flour = await ok<InventoryItem>(
          t.post(
            INVENTORY_API.items,
            { name: uniqueName('Flour'), group: 'ingredient', unitId: kg.id },
            { as: admin },
          ),
          201,
        );
        // A loaf takes 350 g of the flour (kept in kilograms).
        const loaf = await buildMenuItem(t, { name: uniqueName('Loaf') }, { as: admin });
        const recipe = {
          lines: [{ inventoryItemId: flour.id, quantity: '350', unitId: gram.id }],
          options: [],
        };
        await ok(
          t.request(
            `/api/menu/items/${loaf.id}/recipe`,
            { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(recipe) },
            { as: admin },
          ),
        );
        // What the stock must be after each step, in thousandths of a kilogram.
        let expected = 0;
        for (const next of steps) {
          if (next.kind === 'receive') {
            await receive(flour, next.quantity, next.cost);
            expected += next.quantity;
          } else if (next.kind === 'sell') {
            await sell(loaf.id, next.portions);
            expected -= 350 * next.portions;
          } else if (next.kind === 'waste') {
            await record(flour, 'waste', next.quantity);
            expected -= next.quantity;
          } else if (next.kind === 'adjust') {
            await record(flour, 'adjustment', next.quantity);
            expected += next.quantity;
          } else {
            await count(flour, next.counted);
            expected = next.counted;
          }
          expect(thousandths((await readItem(flour)).onHand)).toBe(expected);
          await expectBooksTie(flour, day);
        }
        // Every item of the test, not only this run's: its columns are the sums of its movements.
        const drifted = await t.db.execute(sql`
          select i.id from inventory_items i left join stock_movements m on m.item_id = i.id
          group by i.id
          having i.on_hand <> coalesce(sum(m.quantity), 0) or i.stock_value <> coalesce(sum(m.value), 0)`);
        expect(drifted.rows).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });
});
