import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_API, type InventoryItem } from '../../src/shared/contracts/inventory';
import {
  INVENTORY_USAGE_PATH,
  type UsageLine,
  type UsageReport,
} from '../../src/shared/contracts/inventory-usage';
import type { Unit } from '../../src/shared/contracts/master-data';
import { formatQuantity, parseQuantity } from '../../src/shared/quantity';
import { buildUnit, uniqueName } from '../support/factories';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * Where stock went: the ladder, a worked period with every kind of movement, the CSV file, and a
 * property run of random movements on random days: every line adds up (opening + movements =
 * closing), one period's closing is the next one's opening, and the last closing is the item's stock.
 */
let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let manager: TestUser;
let customer: TestUser;
let kg: Unit;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, manager, customer] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'staff' }),
    t.buildUser({ role: 'manager' }),
    t.buildUser({ role: 'customer' }),
  ])) as [TestUser, TestUser, TestUser, TestUser];
  kg = await buildUnit(t, { name: uniqueName('Kilogram'), symbol: 'kg' }, { as: admin });
  // Days are the restaurant's: UTC keeps each movement below on the day it names.
  await t.db.execute(sql`update restaurant_settings set time_zone = 'UTC'`);
});
afterAll(() => t.close());

const thousandths = (text: string) => (parseQuantity(text) as { value: number }).value;

async function createItem(group = 'ingredient'): Promise<InventoryItem> {
  const response = await t.post(
    INVENTORY_API.items,
    { name: uniqueName('Flour'), group, unitId: kg.id },
    { as: admin },
  );
  expect(response.status).toBe(201);
  return (await response.json()) as InventoryItem;
}

type Movement = { type: string; quantity: number; value: number; day: string };

/**
 * Movements on past days, written as the posting would (the totals kept with them): the API records
 * only today's, and the report is about days.
 */
async function backdate(item: InventoryItem, movements: Movement[]) {
  for (const m of movements) {
    await t.db.execute(sql`
      insert into stock_movements (item_id, type, quantity, value, unit_cost, reason, created_at)
      values (${item.id}, ${m.type}, ${formatQuantity(m.quantity)}::numeric, ${m.value}, 0, 'test',
              ${`${m.day}T12:00:00Z`}::timestamptz)`);
  }
  await t.db.execute(sql`
    update inventory_items i
       set on_hand = coalesce((select sum(quantity) from stock_movements where item_id = i.id), 0),
           stock_value = coalesce((select sum(value) from stock_movements where item_id = i.id), 0)
     where i.id = ${item.id}`);
}

async function report(from: string, to: string, extra = ''): Promise<UsageReport> {
  const response = await t.get(`${INVENTORY_USAGE_PATH}?from=${from}&to=${to}${extra}`, { as: admin });
  expect(response.status).toBe(200);
  return (await response.json()) as UsageReport;
}

const lineOf = (usage: UsageReport, item: InventoryItem) =>
  usage.lines.find((line) => line.itemId === item.id) as UsageLine;

describe('the usage report', () => {
  it('is for admins only, and refuses bad periods with a 400 naming the field', async () => {
    const path = `${INVENTORY_USAGE_PATH}?from=2026-01-01&to=2026-01-31`;
    await expectErrorBody(await t.get(path, { as: null }), 401, 'unauthenticated');
    for (const user of [staff, manager, customer]) {
      await expectErrorBody(await t.get(path, { as: user }), 403, 'permission-denied');
    }
    const bad: [string, string][] = [
      ['?to=2026-01-31', 'from'],
      ['?from=2026-01-01', 'to'],
      ['?from=2026-02-30&to=2026-03-01', 'from'],
      ['?from=1066-01-01&to=2026-01-01', 'from'],
      ['?from=2026-02-01&to=2026-01-01', 'from'],
      ['?from=2026-01-01&to=2026-01-31&format=pdf', 'format'],
      ['?from=2026-01-01&to=2026-01-31&group=meat', 'group'],
      ['?from=2026-01-01&to=2026-01-31&sort=name', 'sort'],
    ];
    for (const [query, field] of bad) {
      const error = await expectErrorBody(
        await t.get(`${INVENTORY_USAGE_PATH}${query}`, { as: admin }),
        400,
        'invalid-argument',
      );
      expect(JSON.stringify(error.details), query).toContain(field);
    }
  });

  it('sums each kind of movement of the period, and puts the most money lost first', async () => {
    const [flour, milk] = [await createItem(), await createItem('beverage')];
    await backdate(flour, [
      { type: 'purchase-receipt', quantity: 10_000, value: 1000, day: '2025-12-20' },
      { type: 'sale', quantity: -1_000, value: -100, day: '2025-12-31' },
      { type: 'purchase-receipt', quantity: 5_000, value: 650, day: '2026-01-02' },
      { type: 'sale', quantity: -4_000, value: -440, day: '2026-01-10' },
      { type: 'waste', quantity: -500, value: -55, day: '2026-01-11' },
      { type: 'adjustment', quantity: 250, value: 28, day: '2026-01-12' },
      { type: 'revaluation', quantity: 0, value: -3, day: '2026-01-12' },
      { type: 'count', quantity: -1_250, value: -138, day: '2026-01-31' },
      { type: 'sale', quantity: -2_000, value: -220, day: '2026-02-01' },
    ]);
    await backdate(milk, [
      { type: 'purchase-receipt', quantity: 4_000, value: 400, day: '2026-01-05' },
      { type: 'sale', quantity: -3_000, value: -300, day: '2026-01-06' },
    ]);
    const usage = await report('2026-01-01', '2026-01-31');
    const line = lineOf(usage, flour);
    expect(line).toMatchObject({
      name: flour.name,
      unitSymbol: 'kg',
      opening: { quantity: '9.000', value: 900 },
      received: { quantity: '5.000', value: 650 },
      sold: { quantity: '-4.000', value: -440 },
      wasted: { quantity: '-0.500', value: -55 },
      adjusted: { quantity: '0.250', value: 25 },
      counted: { quantity: '-1.250', value: -138 },
      closing: { quantity: '8.500', value: 942 },
      theoreticalUse: { quantity: '4.000', value: 440 },
      actualUse: { quantity: '5.500', value: 608 },
      variance: { quantity: '1.500', value: 168 },
    });
    expect(lineOf(usage, milk).variance).toEqual({ quantity: '0.000', value: 0 });
    const flourAt = usage.lines.findIndex((l) => l.itemId === flour.id);
    const milkAt = usage.lines.findIndex((l) => l.itemId === milk.id);
    expect(flourAt).toBeLessThan(milkAt);
    expect(usage.totals.variance).toBe(usage.lines.reduce((sum, l) => sum + l.variance.value, 0));

    // A group filter keeps only that group.
    const drinks = await report('2026-01-01', '2026-01-31', '&group=beverage');
    expect(drinks.lines.map((l) => l.itemId)).toContain(milk.id);
    expect(drinks.lines.map((l) => l.itemId)).not.toContain(flour.id);

    // The same as a file: a quantity and a money column per figure, as written.
    const csv = await t.get(`${INVENTORY_USAGE_PATH}?from=2026-01-01&to=2026-01-31&format=csv`, {
      as: admin,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toContain('stock-usage-2026-01-01-to-2026-01-31.csv');
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toMatch(/^Item,SKU,Group,Unit,Opening qty,Opening [A-Z]{3},Received qty/);
    const flourRow = rows.find((row) => row.startsWith(flour.name));
    expect(flourRow).toContain(',9.000,9.00,5.000,6.50,-4.000,-4.40,');
  });

  it('adds up on every line, and one period closes where the next opens (property)', async () => {
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-03-${String(d).padStart(2, '0')}`);
    const movement = fc.record({
      type: fc.constantFrom('purchase-receipt', 'sale', 'waste', 'adjustment', 'count'),
      quantity: fc.integer({ min: -50_000, max: 50_000 }).filter((q) => q !== 0),
      value: fc.integer({ min: -10_000, max: 10_000 }),
      day,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(movement, { minLength: 1, maxLength: 12 }), day, async (movements, split) => {
        const item = await createItem();
        await backdate(item, movements);
        const next = `2026-03-${String(Number(split.slice(8)) + 1).padStart(2, '0')}`;
        const [first, second, whole] = await Promise.all([
          report('2026-03-01', split),
          report(next, '2026-03-31'),
          report('2026-02-01', '2026-04-30'),
        ]);
        const a = lineOf(first, item);
        const b = lineOf(second, item);
        expect(a.closing).toEqual(b.opening);
        for (const line of [a, b]) {
          const flows = [line.opening, line.received, line.sold, line.wasted, line.adjusted, line.counted];
          expect(flows.reduce((sum, f) => sum + thousandths(f.quantity), 0)).toBe(
            thousandths(line.closing.quantity),
          );
          expect(flows.reduce((sum, f) => sum + f.value, 0)).toBe(line.closing.value);
          const unexplained =
            thousandths(line.wasted.quantity) +
            thousandths(line.adjusted.quantity) +
            thousandths(line.counted.quantity);
          expect(thousandths(line.variance.quantity) + unexplained).toBe(0);
        }
        const all = lineOf(whole, item);
        const stock = await t.get(INVENTORY_API.item(item.id), { as: admin });
        const current = (await stock.json()) as InventoryItem;
        expect(all.opening).toEqual({ quantity: '0.000', value: 0 });
        expect(all.closing).toEqual({ quantity: current.onHand, value: current.stockValue });
      }),
      { numRuns: 25 },
    );
  });
});
