import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/server/db/transaction';
import { postStockMovements, type StockPosting } from '../../src/server/modules/inventory';
import { inventoryItems, stockMovements } from '../../src/server/modules/inventory/inventory.schema';
import { notifications } from '../../src/server/modules/notifications/notifications.schema';
import type { AuditEntry } from '../../src/shared/contracts/audit';
import {
  INVENTORY_API,
  type InventoryItem,
  type InventoryItemPage,
  type StockMovementPage,
  type StockMovementResult,
} from '../../src/shared/contracts/inventory';
import type { Supplier, Unit } from '../../src/shared/contracts/master-data';
import { formatQuantity, parseQuantity } from '../../src/shared/quantity';
import { buildSupplier, buildUnit, uniqueName } from '../support/factories';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * Inventory: the ladder (401, 403, 400 per field, 404, success) on every route, unique SKUs, stale
 * changes, the stock unit that stays once stock moved, archived items, units of one base, valuation
 * at the average cost, low-stock notices once per crossing, twenty movements at once, and a property
 * run of random movements. After every test, each item's totals equal the sums of its movements.
 */
let t: TestApp;
let admin: TestUser;
let otherAdmin: TestUser;
let manager: TestUser;
let staff: TestUser;
let customer: TestUser;
let kg: Unit;
let gram: Unit;
let tonne: Unit;
let piece: Unit;
let litre: Unit;
let supplier: Supplier;

type Body = Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  [admin, otherAdmin, manager, staff, customer] = (await Promise.all([
    t.buildUser({ role: 'admin', name: 'Ada Admin' }),
    t.buildUser({ role: 'admin', name: 'Otto Owner' }),
    t.buildUser({ role: 'manager' }),
    t.buildUser({ role: 'staff' }),
    t.buildUser({ role: 'customer' }),
  ])) as [TestUser, TestUser, TestUser, TestUser, TestUser];
  kg = await buildUnit(t, { name: uniqueName('Kilogram'), symbol: 'kg' }, { as: admin });
  gram = await buildUnit(
    t,
    { name: uniqueName('Gram'), symbol: 'g', baseUnitId: kg.id, factor: 0.001 },
    { as: admin },
  );
  tonne = await buildUnit(
    t,
    { name: uniqueName('Tonne'), symbol: 't', baseUnitId: kg.id, factor: 1000 },
    { as: admin },
  );
  piece = await buildUnit(t, { name: uniqueName('Piece'), symbol: 'pc' }, { as: admin });
  litre = await buildUnit(t, { name: uniqueName('Litre'), symbol: 'l' }, { as: admin });
  supplier = await buildSupplier(t, {}, { as: admin });
});
afterAll(() => t.close());

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
    { name: uniqueName('Flour'), group: 'ingredient', unitId: kg.id, ...overrides },
    { as: admin },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as InventoryItem;
}

async function move(body: Body, as: TestUser = admin): Promise<StockMovementResult> {
  const response = await t.post(INVENTORY_API.movements, body, { as });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as StockMovementResult;
}

const adjust = (item: { id: string }, quantity: string, extra: Body = {}) =>
  move({ itemId: item.id, type: 'adjustment', quantity, reason: 'Counted the shelf', ...extra });
const waste = (item: { id: string }, quantity: string, extra: Body = {}) =>
  move({ itemId: item.id, type: 'waste', quantity, reason: 'spoiled', ...extra });

async function readItem(id: string): Promise<InventoryItem> {
  const response = await t.get(INVENTORY_API.item(id), { as: admin });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as InventoryItem;
}

/** A 400 whose issues name `path` (or an entry of it: `group.0`). */
async function expectFieldError(response: Response, path: string) {
  const error = await expectErrorBody(response, 400, 'invalid-argument');
  const issues = (error.details as { issues?: { path: string }[] } | undefined)?.issues ?? [];
  const named = issues.map((issue) => issue.path.split('.')[0]);
  expect(named, error.message).toContain(path);
}

const thousandths = (text: string) => (parseQuantity(text) as { value: number }).value;

describe('the ladder on every route', () => {
  let item: InventoryItem;
  beforeAll(async () => {
    item = await createItem();
  });
  const calls: [string, (user: TestUser | null) => Promise<Response>][] = [
    ['GET items', (user) => t.get(INVENTORY_API.items, { as: user })],
    ['GET item', (user) => t.get(INVENTORY_API.item(item.id), { as: user })],
    [
      'POST items',
      (user) => t.post(INVENTORY_API.items, { name: 'Ladder', group: 'other', unitId: kg.id }, { as: user }),
    ],
    [
      'PATCH item',
      (user) => t.patch(INVENTORY_API.item(item.id), { name: 'Renamed', version: 1 }, { as: user }),
    ],
    ['GET movements', (user) => t.get(INVENTORY_API.itemMovements(item.id), { as: user })],
    [
      'POST movements',
      (user) =>
        t.post(
          INVENTORY_API.movements,
          { itemId: item.id, type: 'adjustment', quantity: '1', reason: 'x' },
          { as: user },
        ),
    ],
  ];

  it.each(calls)('%s: 401 without a session, 403 for staff, managers and customers', async (_name, call) => {
    await expectErrorBody(await call(null), 401, 'unauthenticated');
    for (const user of [staff, manager, customer]) {
      await expectErrorBody(await call(user), 403, 'permission-denied');
    }
    // Nothing was written by the refused calls.
    const after = await readItem(item.id);
    expect([after.name, after.onHand, after.version]).toEqual([item.name, '0.000', 1]);
  });

  it('answers 404 for an item that does not exist', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    await expectErrorBody(await t.get(INVENTORY_API.item(id), { as: admin }), 404, 'not-found');
    await expectErrorBody(
      await t.patch(INVENTORY_API.item(id), { name: 'X', version: 1 }, { as: admin }),
      404,
      'not-found',
    );
    await expectErrorBody(await t.get(INVENTORY_API.itemMovements(id), { as: admin }), 404, 'not-found');
    await expectErrorBody(
      await t.post(
        INVENTORY_API.movements,
        { itemId: id, type: 'adjustment', quantity: '1', reason: 'x' },
        { as: admin },
      ),
      404,
      'not-found',
    );
    await expectFieldError(await t.get(`${INVENTORY_API.items}/not-an-id`, { as: admin }), 'id');
  });
});

describe('items', () => {
  it('adds an item and answers it whole', async () => {
    const sku = `FL-${Math.random().toString(36).slice(2, 8)}`;
    const item = await createItem({
      name: '  Bread flour  ',
      sku: ` ${sku} `,
      purchaseUnitId: piece.id,
      purchaseFactor: '25',
      reorderLevel: '5.5',
      parLevel: '20',
      preferredSupplierId: supplier.id,
    });
    expect(item).toMatchObject({
      name: 'Bread flour',
      sku,
      group: 'ingredient',
      unitId: kg.id,
      unitSymbol: 'kg',
      purchaseUnitId: piece.id,
      purchaseFactor: '25.000',
      reorderLevel: '5.500',
      parLevel: '20.000',
      preferredSupplierId: supplier.id,
      preferredSupplierName: supplier.name,
      active: true,
      onHand: '0.000',
      averageCost: 0,
      stockValue: 0,
      lowStock: true,
      version: 1,
    });
    expect(await readItem(item.id)).toEqual(item);
    const audit = await t.get('/api/admin/audit?area=inventory&limit=50', { as: admin });
    const entries = ((await audit.json()) as { items: AuditEntry[] }).items;
    expect(entries.find((entry) => entry.targetId === item.id)?.action).toBe('inventory.item.created');
  });

  it('refuses bad input with a 400 naming each field', async () => {
    const valid = { name: 'Sugar', group: 'ingredient', unitId: kg.id };
    const cases: [Body, string][] = [
      [{ ...valid, name: '   ' }, 'name'],
      [{ ...valid, name: 'x'.repeat(121) }, 'name'],
      [{ ...valid, name: 7 }, 'name'],
      [{ ...valid, sku: 'x'.repeat(65) }, 'sku'],
      [{ ...valid, group: 'spices' }, 'group'],
      [{ ...valid, unitId: 'kg' }, 'unitId'],
      [{ ...valid, unitId: '00000000-0000-4000-8000-000000000000' }, 'unitId'],
      [{ ...valid, purchaseUnitId: piece.id }, 'purchaseFactor'],
      [{ ...valid, purchaseFactor: '24' }, 'purchaseUnitId'],
      [{ ...valid, purchaseUnitId: piece.id, purchaseFactor: '0' }, 'purchaseFactor'],
      [{ ...valid, purchaseUnitId: piece.id, purchaseFactor: '1.2345' }, 'purchaseFactor'],
      [
        { ...valid, purchaseUnitId: '00000000-0000-4000-8000-000000000000', purchaseFactor: '2' },
        'purchaseUnitId',
      ],
      [{ ...valid, reorderLevel: '-1' }, 'reorderLevel'],
      [{ ...valid, reorderLevel: 'lots' }, 'reorderLevel'],
      [{ ...valid, reorderLevel: 5 }, 'reorderLevel'],
      [{ ...valid, parLevel: '1e3' }, 'parLevel'],
      [{ ...valid, parLevel: '100000000' }, 'parLevel'],
      [{ ...valid, preferredSupplierId: 'acme' }, 'preferredSupplierId'],
      [{ ...valid, preferredSupplierId: '00000000-0000-4000-8000-000000000000' }, 'preferredSupplierId'],
      [{ ...valid, onHand: '5' }, 'onHand'],
    ];
    for (const [body, path] of cases) {
      await expectFieldError(await t.post(INVENTORY_API.items, body, { as: admin }), path);
    }
    const archivedSupplier = await buildSupplier(t, {}, { as: admin });
    await t.patch(
      `/api/suppliers/${archivedSupplier.id}`,
      { active: false, version: archivedSupplier.version },
      { as: admin },
    );
    await expectFieldError(
      await t.post(
        INVENTORY_API.items,
        { ...valid, preferredSupplierId: archivedSupplier.id },
        { as: admin },
      ),
      'preferredSupplierId',
    );
    const { items } = (await (
      await t.get(`${INVENTORY_API.items}?search=Sugar`, { as: admin })
    ).json()) as InventoryItemPage;
    expect(items).toEqual([]);
  });

  it('keeps SKUs unique whatever their case, and an empty SKU is none', async () => {
    const sku = `OAT-${Math.random().toString(36).slice(2, 8)}`;
    await createItem({ sku });
    const clash = await t.post(
      INVENTORY_API.items,
      { name: 'Oat milk', group: 'beverage', unitId: litre.id, sku: sku.toLowerCase() },
      { as: admin },
    );
    const error = await expectErrorBody(clash, 409, 'aborted');
    expect(error.message).toContain(sku.toLowerCase());
    expect(error.details).toMatchObject({ path: 'sku' });
    const first = await createItem({ sku: '' });
    const second = await createItem({ sku: '  ' });
    expect([first.sku, second.sku]).toEqual([null, null]);
    // A change to a taken SKU is refused the same way.
    const changed = await t.patch(INVENTORY_API.item(first.id), { sku, version: 1 }, { as: admin });
    expect((await expectErrorBody(changed, 409, 'aborted')).details).toMatchObject({ path: 'sku' });
  });

  it('changes an item based on its version, refuses a stale one, and archives it', async () => {
    const item = await createItem();
    const changed = await t.patch(
      INVENTORY_API.item(item.id),
      { name: 'Rye flour', reorderLevel: '2', group: 'other', version: 1 },
      { as: admin },
    );
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await changed.json()).toMatchObject({
      name: 'Rye flour',
      reorderLevel: '2.000',
      group: 'other',
      version: 2,
    });
    const stale = await t.patch(INVENTORY_API.item(item.id), { name: 'Old', version: 1 }, { as: admin });
    expect((await expectErrorBody(stale, 409, 'aborted')).details).toMatchObject({
      reason: 'stale',
      version: 2,
    });
    await expectFieldError(
      await t.patch(INVENTORY_API.item(item.id), { purchaseUnitId: piece.id, version: 2 }, { as: admin }),
      'purchaseFactor',
    );
    await expectFieldError(
      await t.patch(INVENTORY_API.item(item.id), { name: 'No version' }, { as: admin }),
      'version',
    );
    const archived = await t.patch(INVENTORY_API.item(item.id), { active: false, version: 2 }, { as: admin });
    expect(((await archived.json()) as InventoryItem).active).toBe(false);
    const refused = await t.post(
      INVENTORY_API.movements,
      { itemId: item.id, type: 'adjustment', quantity: '1', reason: 'x' },
      { as: admin },
    );
    expect((await expectErrorBody(refused, 409, 'aborted')).details).toMatchObject({ reason: 'archived' });
  });

  it('changes the stock unit only while the item has no movements', async () => {
    const item = await createItem();
    const toGrams = await t.patch(
      INVENTORY_API.item(item.id),
      { unitId: gram.id, version: 1 },
      { as: admin },
    );
    expect(((await toGrams.json()) as InventoryItem).unitSymbol).toBe('g');
    await adjust(item, '500');
    const refused = await t.patch(INVENTORY_API.item(item.id), { unitId: kg.id, version: 2 }, { as: admin });
    expect((await expectErrorBody(refused, 409, 'aborted')).details).toMatchObject({
      reason: 'has-movements',
    });
    expect((await readItem(item.id)).unitId).toBe(gram.id);
  });

  it('lists by name with filters and pages', async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    const made = [
      await createItem({
        name: `${tag} Cc`,
        group: 'beverage',
        unitId: litre.id,
        preferredSupplierId: supplier.id,
      }),
      await createItem({ name: `${tag} aa`, reorderLevel: '1' }),
      await createItem({ name: `${tag} Bb`, group: 'packaging', unitId: piece.id, sku: `${tag}-SKU` }),
    ];
    await adjust(made[1] as InventoryItem, '3');
    const list = async (query: string) => {
      const response = await t.get(`${INVENTORY_API.items}?search=${tag}&${query}`, { as: admin });
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as InventoryItemPage;
    };
    const names = (page: InventoryItemPage) => page.items.map((item) => item.name);
    expect(names(await list(''))).toEqual([`${tag} aa`, `${tag} Bb`, `${tag} Cc`]);
    expect(names(await list('group=beverage,packaging'))).toEqual([`${tag} Bb`, `${tag} Cc`]);
    expect(names(await list(`supplierId=${supplier.id}`))).toEqual([`${tag} Cc`]);
    expect(names(await list('lowStock=true'))).toEqual([]);
    await waste(made[1] as InventoryItem, '2.5');
    expect(names(await list('lowStock=true'))).toEqual([`${tag} aa`]);
    expect(names(await list('lowStock=false'))).toEqual([`${tag} Bb`, `${tag} Cc`]);
    expect(
      names(await t.get(`${INVENTORY_API.items}?search=${tag}-sku`, { as: admin }).then((r) => r.json())),
    ).toEqual([`${tag} Bb`]);
    await t.patch(
      INVENTORY_API.item((made[0] as InventoryItem).id),
      { active: false, version: 1 },
      { as: admin },
    );
    expect(names(await list('active=false'))).toEqual([`${tag} Cc`]);
    expect(names(await list('active=true'))).toEqual([`${tag} aa`, `${tag} Bb`]);
    const first = await list('limit=2');
    expect(names(first)).toEqual([`${tag} aa`, `${tag} Bb`]);
    const second = await list(`limit=2&cursor=${first.nextCursor}`);
    expect([names(second), second.nextCursor]).toEqual([[`${tag} Cc`], null]);
    for (const [query, path] of [
      ['limit=0', 'limit'],
      ['group=', 'group'],
      ['group=spices', 'group'],
      ['lowStock=yes', 'lowStock'],
      ['active=1', 'active'],
      ['supplierId=acme', 'supplierId'],
      ['cursor=nonsense', 'cursor'],
      ['colour=red', 'colour'],
    ] as const) {
      await expectFieldError(await t.get(`${INVENTORY_API.items}?${query}`, { as: admin }), path);
    }
  });
});

describe('movements', () => {
  it('records adjustments and waste, signed, and lists them newest first', async () => {
    const item = await createItem();
    const up = await adjust(item, '10', { note: 'opening stock' });
    expect(up.movement).toMatchObject({
      itemId: item.id,
      type: 'adjustment',
      quantity: '10.000',
      value: 0,
      unitCost: 0,
      reason: 'Counted the shelf',
      note: 'opening stock',
      actorId: admin.id,
      actorName: 'Ada Admin',
      referenceType: null,
      referenceId: null,
    });
    expect(up.item.onHand).toBe('10.000');
    const down = await waste(item, '2.25');
    expect([down.movement.quantity, down.movement.reason, down.item.onHand]).toEqual([
      '-2.250',
      'spoiled',
      '7.750',
    ]);
    const minus = await adjust(item, '-10');
    // Stock may go below zero.
    expect(minus.item.onHand).toBe('-2.250');
    expect(minus.item.version).toBe(1);
    const page = (await (
      await t.get(`${INVENTORY_API.itemMovements(item.id)}?limit=2`, { as: admin })
    ).json()) as StockMovementPage;
    expect(page.items.map((movement) => movement.quantity)).toEqual(['-10.000', '-2.250']);
    const rest = (await (
      await t.get(`${INVENTORY_API.itemMovements(item.id)}?limit=2&cursor=${page.nextCursor}`, { as: admin })
    ).json()) as StockMovementPage;
    expect([rest.items.map((movement) => movement.quantity), rest.nextCursor]).toEqual([['10.000'], null]);
    const audit = await t.get('/api/admin/audit?area=inventory&limit=100', { as: admin });
    const actions = ((await audit.json()) as { items: AuditEntry[] }).items
      .filter((entry) => entry.targetId === item.id)
      .map((entry) => entry.action);
    expect(actions.filter((action) => action.startsWith('inventory.stock.'))).toEqual([
      'inventory.stock.adjusted',
      'inventory.stock.wasted',
      'inventory.stock.adjusted',
    ]);
  });

  it('refuses bad movements with a 400 naming each field', async () => {
    const item = await createItem();
    const valid = { itemId: item.id, type: 'adjustment', quantity: '1', reason: 'Found a bag' };
    const wasted = { ...valid, type: 'waste', reason: 'dropped' };
    const cases: [Body, string][] = [
      [{ ...valid, itemId: 'flour' }, 'itemId'],
      [{ ...valid, type: 'sale' }, 'type'],
      [{ ...valid, type: 'purchase-receipt' }, 'type'],
      [{ ...valid, quantity: 1 }, 'quantity'],
      [{ ...valid, quantity: '0' }, 'quantity'],
      [{ ...valid, quantity: '1.0005' }, 'quantity'],
      [{ ...valid, quantity: 'one' }, 'quantity'],
      [{ ...valid, quantity: 'NaN' }, 'quantity'],
      [{ ...valid, quantity: '100000000' }, 'quantity'],
      [{ ...valid, reason: '  ' }, 'reason'],
      [{ ...valid, reason: 'x'.repeat(201) }, 'reason'],
      [{ ...wasted, quantity: '-1' }, 'quantity'],
      [{ ...wasted, reason: 'stolen' }, 'reason'],
      [{ ...wasted, reason: 'other' }, 'note'],
      [{ ...valid, unitId: 'g' }, 'unitId'],
      [{ ...valid, unitId: piece.id }, 'unitId'],
      [{ ...valid, unitId: '00000000-0000-4000-8000-000000000000' }, 'unitId'],
      [{ ...valid, unitId: gram.id, quantity: '0.4' }, 'quantity'],
      [{ ...valid, unitId: tonne.id, quantity: '99999999' }, 'quantity'],
      [{ ...valid, extra: true }, 'extra'],
    ];
    for (const [body, path] of cases) {
      await expectFieldError(await t.post(INVENTORY_API.movements, body, { as: admin }), path);
    }
    expect((await readItem(item.id)).onHand).toBe('0.000');
    const other = await waste(item, '1', { reason: 'other', note: 'Mice' });
    expect([other.movement.reason, other.movement.note]).toEqual(['other', 'Mice']);
  });

  it('converts a unit of the same base: 18 g from 1 kg leaves 0.982 kg', async () => {
    const item = await createItem();
    await adjust(item, '1');
    const result = await waste(item, '18', { unitId: gram.id });
    expect(result.movement.quantity).toBe('-0.018');
    expect(result.item.onHand).toBe('0.982');
    const more = await adjust(item, '0.002', { unitId: tonne.id });
    expect([more.movement.quantity, more.item.onHand]).toEqual(['2.000', '2.982']);
    // An item kept in grams takes kilograms: 0.5 kg is 500 g.
    const grams = await createItem({ unitId: gram.id });
    expect((await adjust(grams, '0.5', { unitId: kg.id })).item.onHand).toBe('500.000');
  });

  it('values outflows and positive adjustments at the average cost, rounded half away from zero', async () => {
    const item = await createItem();
    // Receipts set the average cost (not built yet): 12.345 a kg, written here as a receipt would.
    await t.db.update(inventoryItems).set({ averageCost: '1234.5' }).where(eq(inventoryItems.id, item.id));
    const up = await adjust(item, '1');
    expect([up.movement.value, up.movement.unitCost]).toEqual([1235, 1235]);
    const out = await waste(item, '18', { unitId: gram.id });
    // 0.018 × 1234.5 = 22.221 → 22.
    expect(out.movement.value).toBe(-22);
    const half = await adjust(item, '-0.002');
    // 0.002 × 1234.5 = 2.469 → 2; a negative adjustment is valued like waste.
    expect(half.movement.value).toBe(-2);
    expect(half.item).toMatchObject({ stockValue: 1235 - 22 - 2, averageCost: 1235, onHand: '0.980' });
  });

  it('posts receipts at a moving average and revalues stock sold short, in one statement per call', async () => {
    const item = await createItem({ reorderLevel: '1' });
    const post = (postings: Omit<StockPosting, 'itemId' | 'reason'>[]) =>
      withTransaction(t.db, (tx) =>
        postStockMovements(
          tx,
          null,
          postings.map((posting) => ({ itemId: item.id, reason: 'test', ...posting })),
        ),
      );
    // 2 kg sold short at no known cost; 5 kg arrive for 60.00: the rate is 12.00 a kg, 3 kg are
    // worth 36.00, and the 2 kg sold cost 24.00 more than they were valued at (0).
    await post([{ type: 'sale', quantity: -2000 }]);
    const received = await post([{ type: 'purchase-receipt', quantity: 5000, receiptCost: 6000 }]);
    expect(received.map((m) => [m.type, m.quantity, m.value])).toEqual([
      ['purchase-receipt', 5000, 6000],
      ['revaluation', 0, -2400],
    ]);
    // 10 kg more for 130.00: (36.00 + 130.00) / 13 kg = 12.769231 a kg.
    await post([{ type: 'purchase-receipt', quantity: 10_000, receiptCost: 13_000 }]);
    const [row] = await t.db.select().from(inventoryItems).where(eq(inventoryItems.id, item.id));
    expect(row).toMatchObject({ onHand: '13.000', stockValue: 16_600, averageCost: '1276.923077' });
    // Selling all of it takes out exactly what is left.
    const sold = await post([
      { type: 'sale', quantity: -6500 },
      { type: 'sale', quantity: -6500 },
    ]);
    expect(sold.map((m) => m.value)).toEqual([-8300, -8300]);
    const [after] = await t.db.select().from(inventoryItems).where(eq(inventoryItems.id, item.id));
    expect(after).toMatchObject({ onHand: '0.000', stockValue: 0, lowStockNotified: true });
  });

  it('keeps movements append-only in the database', async () => {
    const item = await createItem();
    const { movement } = await adjust(item, '3');
    await expect(
      t.db.update(stockMovements).set({ quantity: '4' }).where(eq(stockMovements.id, movement.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(stockMovements).where(eq(stockMovements.id, movement.id))).rejects.toThrow();
    const [row] = await t.db.select().from(stockMovements).where(eq(stockMovements.id, movement.id));
    expect(row?.quantity).toBe('3.000');
  });

  it('lands twenty movements posted at once on one item', async () => {
    const item = await createItem();
    const quantities = Array.from({ length: 20 }, (_, index) =>
      index % 3 === 0 ? `-${index}.125` : `${index}.5`,
    );
    const responses = await Promise.all(
      quantities.map((quantity) =>
        t.post(
          INVENTORY_API.movements,
          { itemId: item.id, type: 'adjustment', quantity, reason: 'race' },
          { as: admin },
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(quantities.map(() => 201));
    const expected = quantities.reduce((sum, quantity) => sum + thousandths(quantity), 0);
    expect((await readItem(item.id)).onHand).toBe(formatQuantity(expected));
    const [count] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(stockMovements)
      .where(eq(stockMovements.itemId, item.id));
    expect(count?.count).toBe(20);
  });

  it('tells the admins once per crossing of the reorder level', async () => {
    const item = await createItem({ reorderLevel: '2' });
    const told = async () => {
      const rows = await t.db
        .select({ userId: notifications.userId, body: notifications.body })
        .from(notifications)
        .where(
          and(
            eq(notifications.kind, 'low-stock'),
            sql`${notifications.title} = ${`Low stock: ${item.name}`}`,
          ),
        );
      return rows;
    };
    await adjust(item, '5');
    expect(await told()).toEqual([]);
    await waste(item, '3'); // 5 → 2: at the level.
    const first = await told();
    expect(first.map((row) => row.userId).sort()).toEqual(
      expect.arrayContaining([admin.id, otherAdmin.id].sort()),
    );
    expect(first.map((row) => row.userId)).not.toContain(manager.id);
    const perAdmin = first.length;
    expect(first[0]?.body).toContain('2.000 kg');
    await waste(item, '1'); // still low: nobody is told again.
    await adjust(item, '0.5');
    expect(await told()).toHaveLength(perAdmin);
    expect((await readItem(item.id)).lowStock).toBe(true);
    await adjust(item, '2'); // 3.5: above again.
    expect((await readItem(item.id)).lowStock).toBe(false);
    await waste(item, '1.5'); // 2: crossing again.
    expect(await told()).toHaveLength(perAdmin * 2);
    // The bell shows it.
    const bell = await t.get('/api/notifications?limit=50', { as: otherAdmin });
    const kinds = ((await bell.json()) as { items: { kind: string }[] }).items.map((row) => row.kind);
    expect(kinds).toContain('low-stock');
  });

  it('keeps on hand the sum of random movements in random units (property)', async () => {
    const unitChoices = [
      { unit: () => kg, factor: 1000 },
      { unit: () => gram, factor: 1 },
      { unit: () => tonne, factor: 1_000_000 },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            waste: fc.boolean(),
            magnitude: fc.integer({ min: 1, max: 5_000_000 }),
            negative: fc.boolean(),
            unit: fc.integer({ min: 0, max: 2 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (steps) => {
          const item = await createItem({ unitId: gram.id });
          let expected = 0;
          for (const step of steps) {
            const choice = unitChoices[step.unit] as (typeof unitChoices)[number];
            // A quantity that converts to whole thousandths of a gram at least.
            const magnitude = Math.max(1, Math.round(step.magnitude / choice.factor));
            const text = formatQuantity(magnitude);
            const signed = step.waste ? -magnitude : step.negative ? -magnitude : magnitude;
            const body = step.waste
              ? {
                  itemId: item.id,
                  type: 'waste',
                  quantity: text,
                  reason: 'expired',
                  unitId: choice.unit().id,
                }
              : {
                  itemId: item.id,
                  type: 'adjustment',
                  quantity: formatQuantity(signed),
                  reason: 'property',
                  unitId: choice.unit().id,
                };
            const result = await move(body);
            const inGrams = signed * choice.factor;
            expect(result.movement.quantity).toBe(formatQuantity(inGrams));
            expected += inGrams;
            expect(result.item.onHand).toBe(formatQuantity(expected));
          }
          const [sum] = await t.db
            .select({ total: sql<string>`coalesce(sum(${stockMovements.quantity}), 0)::text` })
            .from(stockMovements)
            .where(eq(stockMovements.itemId, item.id));
          expect(thousandths(sum?.total ?? '')).toBe(expected);
          expect((await readItem(item.id)).onHand).toBe(formatQuantity(expected));
        },
      ),
      { numRuns: 12 },
    );
  });
});
