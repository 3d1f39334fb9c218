import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/server/db/transaction';
import { type PostedMovementType, postStockMovements } from '../../src/server/modules/inventory';
import { inventoryItems, stockMovements } from '../../src/server/modules/inventory/inventory.schema';
import { INVENTORY_API, type InventoryItem } from '../../src/shared/contracts/inventory';
import type { Unit } from '../../src/shared/contracts/master-data';
import {
  STOCK_COUNTS_API,
  type StockCount,
  type StockCountPage,
} from '../../src/shared/contracts/stock-counts';
import { parseQuantity } from '../../src/shared/quantity';
import { buildUnit, uniqueName } from '../support/factories';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * Stock counts: the ladder (401, 403, 400, 404, success) on every route; open counts that overlap;
 * lines saved by two people, stamped and cleared; a count that overlaps a sale adjusts by what was
 * counted at that moment; finishing twice, a stale version and changes after finishing are 409s; a
 * cancelled count writes nothing; a 300-item count finishes in one transaction. After every test,
 * each item's totals equal the sums of its movements.
 */
let t: TestApp;
let admin: TestUser;
let otherAdmin: TestUser;
let manager: TestUser;
let kg: Unit;

type Body = Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  [admin, otherAdmin, manager] = (await Promise.all([
    t.buildUser({ role: 'admin', name: 'Ada Admin' }),
    t.buildUser({ role: 'admin', name: 'Otto Owner' }),
    t.buildUser({ role: 'manager' }),
  ])) as [TestUser, TestUser, TestUser];
  kg = await buildUnit(t, { name: uniqueName('Kilogram'), symbol: 'kg' }, { as: admin });
});
afterAll(() => t.close());

/** Every test starts with no count open. */
beforeEach(async () => {
  const response = await t.get(`${STOCK_COUNTS_API.counts}?status=open`, { as: admin });
  const page = (await response.json()) as StockCountPage;
  for (const count of page.items) {
    const cancelled = await t.post(
      STOCK_COUNTS_API.cancel(count.id),
      { version: count.version },
      { as: admin },
    );
    expect(cancelled.status).toBe(200);
  }
});

/** The rule every test must leave true: an item's totals are the sums of its movements. */
afterEach(async () => {
  const result = await t.db.execute(sql`
    select i.id, i.on_hand::text as on_hand, coalesce(sum(m.quantity), 0)::text as quantities,
           i.stock_value, coalesce(sum(m.value), 0)::bigint as "values"
    from ${inventoryItems} i left join ${stockMovements} m on m.item_id = i.id
    group by i.id
    having i.on_hand <> coalesce(sum(m.quantity), 0) or i.stock_value <> coalesce(sum(m.value), 0)`);
  expect(result.rows).toEqual([]);
});

async function createItem(overrides: Body = {}): Promise<InventoryItem> {
  const response = await t.post(
    INVENTORY_API.items,
    { name: uniqueName('Butter'), group: 'ingredient', unitId: kg.id, ...overrides },
    { as: admin },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as InventoryItem;
}

const thousandths = (text: string) => (parseQuantity(text) as { value: number }).value;

/** A movement posted as another module would (a sale of a completed order, a receipt). */
async function post(itemId: string, type: PostedMovementType, quantity: string, receiptCost?: number) {
  await withTransaction(t.db, (tx) =>
    postStockMovements(tx, null, [
      { itemId, type, quantity: thousandths(quantity), reason: `Test ${type}`, receiptCost },
    ]),
  );
}

async function readItem(id: string): Promise<InventoryItem> {
  const response = await t.get(INVENTORY_API.item(id), { as: admin });
  expect(response.status).toBe(200);
  return (await response.json()) as InventoryItem;
}

async function open(body: Body = {}, as: TestUser = admin): Promise<StockCount> {
  const response = await t.post(STOCK_COUNTS_API.counts, body, { as });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as StockCount;
}

async function count(id: string, lines: { itemId: string; counted: string | null }[], as = admin) {
  const response = await t.patch(STOCK_COUNTS_API.lines(id), { lines }, { as });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as StockCount;
}

async function read(id: string): Promise<StockCount> {
  const response = await t.get(STOCK_COUNTS_API.count(id), { as: admin });
  expect(response.status).toBe(200);
  return (await response.json()) as StockCount;
}

async function finish(id: string): Promise<StockCount> {
  const { version } = await read(id);
  const response = await t.post(STOCK_COUNTS_API.finish(id), { version }, { as: admin });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as StockCount;
}

const lineOf = (stockCount: StockCount, itemId: string) => {
  const line = stockCount.lines.find((entry) => entry.itemId === itemId);
  if (!line) throw new Error(`no line for ${itemId}`);
  return line;
};

/** A 400 whose issues name `path`. */
async function expectFieldError(response: Response, path: string) {
  const error = await expectErrorBody(response, 400, 'invalid-argument');
  const issues = (error.details as { issues?: { path: string }[] } | undefined)?.issues ?? [];
  expect(
    issues.map((issue) => issue.path),
    error.message,
  ).toContain(path);
}

async function countMovements(countId: string) {
  return t.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.referenceType, 'count'), eq(stockMovements.referenceId, countId)));
}

describe('the ladder on every route', () => {
  it('lists counts: 401, 403, 400, success', async () => {
    expect((await t.get(STOCK_COUNTS_API.counts)).status).toBe(401);
    await expectErrorBody(await t.get(STOCK_COUNTS_API.counts, { as: manager }), 403, 'permission-denied');
    await expectErrorBody(
      await t.get(`${STOCK_COUNTS_API.counts}?status=closed`, { as: admin }),
      400,
      'invalid-argument',
    );
    await expectErrorBody(
      await t.get(`${STOCK_COUNTS_API.counts}?limit=0`, { as: admin }),
      400,
      'invalid-argument',
    );
    const response = await t.get(STOCK_COUNTS_API.counts, { as: admin });
    expect(response.status).toBe(200);
  });

  it('opens a count: 401, 403, 400, success; refusals change nothing', async () => {
    await createItem({ group: 'beverage' });
    expect((await t.post(STOCK_COUNTS_API.counts, {})).status).toBe(401);
    await expectErrorBody(
      await t.post(STOCK_COUNTS_API.counts, {}, { as: manager }),
      403,
      'permission-denied',
    );
    await expectFieldError(
      await t.post(STOCK_COUNTS_API.counts, { group: 'drinks' }, { as: admin }),
      'group',
    );
    await expectFieldError(
      await t.post(STOCK_COUNTS_API.counts, { note: 'x'.repeat(501) }, { as: admin }),
      'note',
    );
    await expectErrorBody(
      await t.post(STOCK_COUNTS_API.counts, { extra: 1 }, { as: admin }),
      400,
      'invalid-argument',
    );
    const listed = (await (
      await t.get(`${STOCK_COUNTS_API.counts}?status=open`, { as: admin })
    ).json()) as StockCountPage;
    expect(listed.items).toEqual([]);
    const opened = await open({ group: 'beverage', note: '  Friday night  ' });
    expect(opened).toMatchObject({ status: 'open', group: 'beverage', note: 'Friday night', version: 1 });
    expect(opened.lines.length).toBeGreaterThan(0);
    expect(opened.lines.every((line) => line.counted === null && line.expected === '0.000')).toBe(true);
  });

  it('reads a count: 401, 403, 400, 404, success', async () => {
    await createItem();
    const opened = await open();
    expect((await t.get(STOCK_COUNTS_API.count(opened.id))).status).toBe(401);
    await expectErrorBody(
      await t.get(STOCK_COUNTS_API.count(opened.id), { as: manager }),
      403,
      'permission-denied',
    );
    await expectErrorBody(
      await t.get(STOCK_COUNTS_API.count('nope'), { as: admin }),
      400,
      'invalid-argument',
    );
    await expectErrorBody(await t.get(STOCK_COUNTS_API.count(randomUUID()), { as: admin }), 404, 'not-found');
    expect(await read(opened.id)).toEqual(opened);
  });

  it('saves lines: 401, 403, 400 per field, 404, success; refusals change nothing', async () => {
    const item = await createItem();
    const opened = await open();
    const path = STOCK_COUNTS_API.lines(opened.id);
    const good = { lines: [{ itemId: item.id, counted: '1.5' }] };
    expect((await t.patch(path, good)).status).toBe(401);
    await expectErrorBody(await t.patch(path, good, { as: manager }), 403, 'permission-denied');
    await expectFieldError(await t.patch(path, { lines: [] }, { as: admin }), 'lines');
    await expectFieldError(
      await t.patch(path, { lines: [{ itemId: item.id, counted: '-1' }] }, { as: admin }),
      'lines.0.counted',
    );
    await expectFieldError(
      await t.patch(path, { lines: [{ itemId: item.id, counted: '1.2345' }] }, { as: admin }),
      'lines.0.counted',
    );
    await expectFieldError(
      await t.patch(path, { lines: [{ itemId: item.id, counted: 2 }] }, { as: admin }),
      'lines.0.counted',
    );
    await expectFieldError(
      await t.patch(
        path,
        {
          lines: [
            { itemId: item.id, counted: '1' },
            { itemId: item.id, counted: '2' },
          ],
        },
        { as: admin },
      ),
      'lines.1.itemId',
    );
    await expectFieldError(
      await t.patch(path, { lines: [{ itemId: randomUUID(), counted: '1' }] }, { as: admin }),
      'lines.0.itemId',
    );
    await expectErrorBody(
      await t.patch(STOCK_COUNTS_API.lines(randomUUID()), good, { as: admin }),
      404,
      'not-found',
    );
    expect(await read(opened.id)).toEqual(opened);
    const saved = await count(opened.id, good.lines);
    expect(lineOf(saved, item.id)).toMatchObject({ counted: '1.500', countedByName: 'Ada Admin' });
    expect(saved.version).toBe(opened.version + 1);
  });

  it('finishes a count: 401, 403, 400, 404, success', async () => {
    const item = await createItem();
    const opened = await open();
    await count(opened.id, [{ itemId: item.id, counted: '2' }]);
    const { version } = await read(opened.id);
    const path = STOCK_COUNTS_API.finish(opened.id);
    expect((await t.post(path, { version })).status).toBe(401);
    await expectErrorBody(await t.post(path, { version }, { as: manager }), 403, 'permission-denied');
    await expectFieldError(await t.post(path, {}, { as: admin }), 'version');
    await expectFieldError(await t.post(path, { version: 'one' }, { as: admin }), 'version');
    await expectErrorBody(
      await t.post(STOCK_COUNTS_API.finish(randomUUID()), { version }, { as: admin }),
      404,
      'not-found',
    );
    expect((await readItem(item.id)).onHand).toBe('0.000');
    const response = await t.post(path, { version }, { as: admin });
    expect(response.status).toBe(200);
    const finished = (await response.json()) as StockCount;
    expect(finished.status).toBe('finished');
    expect(lineOf(finished, item.id).difference).toBe('2.000');
    expect((await readItem(item.id)).onHand).toBe('2.000');
  });

  it('cancels a count: 401, 403, 400, 404, success, and writes nothing', async () => {
    const item = await createItem();
    const opened = await open();
    await count(opened.id, [{ itemId: item.id, counted: '5' }]);
    const { version } = await read(opened.id);
    const path = STOCK_COUNTS_API.cancel(opened.id);
    expect((await t.post(path, { version })).status).toBe(401);
    await expectErrorBody(await t.post(path, { version }, { as: manager }), 403, 'permission-denied');
    await expectFieldError(await t.post(path, { version: 0 }, { as: admin }), 'version');
    await expectErrorBody(
      await t.post(STOCK_COUNTS_API.cancel(randomUUID()), { version }, { as: admin }),
      404,
      'not-found',
    );
    const response = await t.post(path, { version }, { as: admin });
    expect(response.status).toBe(200);
    expect(((await response.json()) as StockCount).status).toBe('cancelled');
    expect(await countMovements(opened.id)).toEqual([]);
    expect((await readItem(item.id)).onHand).toBe('0.000');
    const again = await t.patch(
      STOCK_COUNTS_API.lines(opened.id),
      { lines: [{ itemId: item.id, counted: '1' }] },
      { as: admin },
    );
    const error = await expectErrorBody(again, 409, 'aborted');
    expect(error.details).toMatchObject({ reason: 'count-closed' });
  });
});

describe('opening', () => {
  it('snapshots the expected stock of active items, in storage order', async () => {
    const late = await createItem({
      group: 'packaging',
      name: uniqueName('A cups'),
      storageOrder: 20,
      storageArea: 'Dry store',
    });
    const early = await createItem({
      group: 'packaging',
      name: uniqueName('Z lids'),
      storageOrder: 10,
      storageArea: 'Walk-in',
    });
    const archived = await createItem({ group: 'packaging' });
    // Storage area and order change through the item's PATCH; an empty area is none.
    const moved = await t.patch(
      INVENTORY_API.item(archived.id),
      { storageArea: '  ', storageOrder: 5, version: archived.version },
      { as: admin },
    );
    expect(moved.status).toBe(200);
    const movedItem = (await moved.json()) as InventoryItem;
    expect(movedItem).toMatchObject({ storageArea: null, storageOrder: 5 });
    await expectFieldError(
      await t.patch(
        INVENTORY_API.item(archived.id),
        { storageOrder: -1, version: movedItem.version },
        { as: admin },
      ),
      'storageOrder',
    );
    await post(early.id, 'adjustment', '4.25');
    const patched = await t.patch(
      INVENTORY_API.item(archived.id),
      { active: false, version: movedItem.version },
      { as: admin },
    );
    expect(patched.status, await patched.clone().text()).toBe(200);
    const opened = await open({ group: 'packaging' });
    const ids = opened.lines.map((line) => line.itemId);
    expect(ids).not.toContain(archived.id);
    expect(ids.indexOf(early.id)).toBeLessThan(ids.indexOf(late.id));
    expect(lineOf(opened, early.id)).toMatchObject({
      expected: '4.250',
      storageArea: 'Walk-in',
      unitSymbol: 'kg',
    });
  });

  it('refuses a count that overlaps an open one, and opens one of another group', async () => {
    await createItem({ group: 'ingredient' });
    await createItem({ group: 'beverage' });
    const ingredients = await open({ group: 'ingredient' });
    const again = await t.post(STOCK_COUNTS_API.counts, { group: 'ingredient' }, { as: otherAdmin });
    const error = await expectErrorBody(again, 409, 'aborted');
    expect(error.details).toMatchObject({ reason: 'count-overlaps', countId: ingredients.id });
    expect(error.message).toMatch(/count of ingredients is already open/);
    await expectErrorBody(await t.post(STOCK_COUNTS_API.counts, {}, { as: admin }), 409, 'aborted');
    await open({ group: 'beverage' });
  });

  it('opens one of two counts asked for at once', async () => {
    await createItem();
    const responses = await Promise.all([
      t.post(STOCK_COUNTS_API.counts, {}, { as: admin }),
      t.post(STOCK_COUNTS_API.counts, {}, { as: otherAdmin }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
  });
});

describe('counting and finishing', () => {
  it('stamps each line with who counted it, keeps a repeated save, and clears a null', async () => {
    const first = await createItem();
    const second = await createItem();
    const opened = await open();
    const afterAda = await count(opened.id, [{ itemId: first.id, counted: '3' }]);
    const stamped = lineOf(afterAda, first.id);
    expect(stamped).toMatchObject({ counted: '3.000', onHandAtCount: '0.000', countedById: admin.id });
    const afterOtto = await count(opened.id, [{ itemId: second.id, counted: '1' }], otherAdmin);
    expect(lineOf(afterOtto, first.id)).toEqual(stamped);
    expect(lineOf(afterOtto, second.id)).toMatchObject({ countedByName: 'Otto Owner' });
    expect(afterOtto.countedCount).toBe(2);
    // The same quantity saved again by the other counter keeps its first stamp.
    const repeated = await count(opened.id, [{ itemId: first.id, counted: '3.000' }], otherAdmin);
    expect(lineOf(repeated, first.id)).toEqual(stamped);
    const cleared = await count(opened.id, [{ itemId: first.id, counted: null }]);
    expect(lineOf(cleared, first.id)).toMatchObject({
      counted: null,
      countedAt: null,
      countedById: null,
      onHandAtCount: null,
    });
    expect(cleared.countedCount).toBe(1);
  });

  it('takes lines saved by two people at once, losing none', async () => {
    const items = await Promise.all(Array.from({ length: 12 }, () => createItem()));
    const opened = await open();
    const responses = await Promise.all(
      items.map((item, index) =>
        t.patch(
          STOCK_COUNTS_API.lines(opened.id),
          { lines: [{ itemId: item.id, counted: String(index + 1) }] },
          { as: index % 2 === 0 ? admin : otherAdmin },
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(items.map(() => 200));
    const after = await read(opened.id);
    items.forEach((item, index) => {
      expect(lineOf(after, item.id)).toMatchObject({
        counted: `${index + 1}.000`,
        countedById: index % 2 === 0 ? admin.id : otherAdmin.id,
      });
    });
    expect(after.version).toBe(opened.version + items.length);
  });

  it('adjusts by the difference from the stock when counted, when stock moved during the count', async () => {
    const soldBefore = await createItem();
    const soldAfter = await createItem();
    const untouched = await createItem();
    for (const item of [soldBefore, soldAfter, untouched])
      await post(item.id, 'purchase-receipt', '10', 5000);
    const opened = await open();
    expect(lineOf(opened, soldBefore.id).expected).toBe('10.000');
    // Sold 2 before it was counted: the shelf shows 7, the books 8, so 1 is missing.
    await post(soldBefore.id, 'sale', '-2');
    // Counted 9 while the books said 10, then 3 sold: 1 is missing, 6 are left.
    await count(opened.id, [
      { itemId: soldBefore.id, counted: '7' },
      { itemId: soldAfter.id, counted: '9' },
      { itemId: untouched.id, counted: '10' },
    ]);
    await post(soldAfter.id, 'sale', '-3');
    const finished = await finish(opened.id);
    expect(lineOf(finished, soldBefore.id)).toMatchObject({
      onHandAtCount: '8.000',
      difference: '-1.000',
      valueDifference: -500,
    });
    expect(lineOf(finished, soldAfter.id)).toMatchObject({
      onHandAtCount: '10.000',
      difference: '-1.000',
      valueDifference: -500,
    });
    expect(lineOf(finished, untouched.id)).toMatchObject({ difference: '0.000', valueDifference: 0 });
    expect(finished.valueDifference).toBe(-1000);
    expect((await readItem(soldBefore.id)).onHand).toBe('7.000');
    expect((await readItem(soldAfter.id)).onHand).toBe('6.000');
    expect((await readItem(untouched.id)).onHand).toBe('10.000');
    // One count movement per difference, none for the line that matched.
    const movements = await countMovements(opened.id);
    expect(movements.map((movement) => [movement.itemId, movement.type, movement.quantity]).sort()).toEqual(
      [
        [soldBefore.id, 'count', '-1.000'],
        [soldAfter.id, 'count', '-1.000'],
      ].sort(),
    );
    const listed = (await (
      await t.get(`${STOCK_COUNTS_API.counts}?status=finished`, { as: admin })
    ).json()) as StockCountPage;
    expect(listed.items.find((entry) => entry.id === opened.id)).toMatchObject({
      valueDifference: -1000,
      countedCount: 3,
    });
  });

  it('leaves lines never counted as they are', async () => {
    const counted = await createItem();
    const skipped = await createItem();
    await post(skipped.id, 'adjustment', '5');
    const opened = await open();
    await count(opened.id, [{ itemId: counted.id, counted: '1' }]);
    const finished = await finish(opened.id);
    expect(lineOf(finished, skipped.id)).toMatchObject({
      counted: null,
      difference: null,
      valueDifference: null,
    });
    expect((await readItem(skipped.id)).onHand).toBe('5.000');
  });

  it('refuses a stale version, a second finish and changes after finishing', async () => {
    const item = await createItem();
    const opened = await open();
    await count(opened.id, [{ itemId: item.id, counted: '4' }]);
    const stale = await t.post(
      STOCK_COUNTS_API.finish(opened.id),
      { version: opened.version },
      { as: admin },
    );
    const staleError = await expectErrorBody(stale, 409, 'aborted');
    expect(staleError.details).toMatchObject({ reason: 'stale', version: opened.version + 1 });
    expect(await countMovements(opened.id)).toEqual([]);
    const { version } = await read(opened.id);
    const [one, two] = await Promise.all([
      t.post(STOCK_COUNTS_API.finish(opened.id), { version }, { as: admin }),
      t.post(STOCK_COUNTS_API.finish(opened.id), { version }, { as: otherAdmin }),
    ]);
    expect([one?.status, two?.status].sort()).toEqual([200, 409]);
    const again = await t.post(STOCK_COUNTS_API.finish(opened.id), { version: version + 1 }, { as: admin });
    expect((await expectErrorBody(again, 409, 'aborted')).details).toMatchObject({ reason: 'count-closed' });
    const cancel = await t.post(STOCK_COUNTS_API.cancel(opened.id), { version: version + 1 }, { as: admin });
    expect((await expectErrorBody(cancel, 409, 'aborted')).details).toMatchObject({ reason: 'count-closed' });
    const patch = await t.patch(
      STOCK_COUNTS_API.lines(opened.id),
      { lines: [{ itemId: item.id, counted: '9' }] },
      { as: admin },
    );
    expect((await expectErrorBody(patch, 409, 'aborted')).details).toMatchObject({ reason: 'count-closed' });
    expect(await countMovements(opened.id)).toHaveLength(1);
    expect((await readItem(item.id)).onHand).toBe('4.000');
  });

  it('finishes a 300-item count in one transaction', async () => {
    const rows = Array.from({ length: 300 }, (_, index) => ({
      name: uniqueName(`Box ${index}`),
      group: 'other',
      unitId: kg.id,
      storageOrder: index,
    }));
    const items = await t.db.insert(inventoryItems).values(rows).returning({ id: inventoryItems.id });
    await withTransaction(t.db, (tx) =>
      postStockMovements(
        tx,
        null,
        items.map((item) => ({
          itemId: item.id,
          type: 'purchase-receipt',
          quantity: 10_000,
          receiptCost: 1000,
          reason: 'Test',
        })),
      ),
    );
    const opened = await open({ group: 'other' });
    expect(opened.lines).toHaveLength(300);
    await count(
      opened.id,
      items.map((item, index) => ({ itemId: item.id, counted: String(index % 2 === 0 ? 9 : 11) })),
    );
    const { version } = await read(opened.id);
    const started = performance.now();
    const response = await t.post(STOCK_COUNTS_API.finish(opened.id), { version }, { as: admin });
    const took = performance.now() - started;
    expect(response.status).toBe(200);
    console.info(`finishing a 300-item count took ${took.toFixed(0)} ms`);
    const finished = (await response.json()) as StockCount;
    expect(finished.lines.every((line) => line.difference === '-1.000' || line.difference === '1.000')).toBe(
      true,
    );
    expect(finished.valueDifference).toBe(0);
    expect(await countMovements(opened.id)).toHaveLength(300);
    const onHand = await t.db.execute<{ on_hand: string }>(
      sql`select on_hand::text from inventory_items where id = ${items[1]?.id}`,
    );
    expect(onHand.rows[0]?.on_hand).toBe('11.000');
  });
});
