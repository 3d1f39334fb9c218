import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/server/lib/csv';
import { inventoryItems, stockMovements } from '../../src/server/modules/inventory/inventory.schema';
import {
  INVENTORY_API,
  type InventoryImportRefusal,
  type InventoryItem,
  type InventoryItemPage,
  type InventorySummary,
} from '../../src/shared/contracts/inventory';
import type { Supplier, Unit } from '../../src/shared/contracts/master-data';
import { buildSupplier, buildUnit, uniqueName } from '../support/factories';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * The inventory items' CSV file and the page's counts: the ladder on the three routes, an import of
 * 300 items, refused rows named with their number and reason while nothing is written, the header's
 * rules, an export imported into a second restaurant giving back the same file, and the counts of
 * low and below-zero items. After every test, each item's totals equal the sums of its movements.
 */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let staff: TestUser;
let customer: TestUser;
let kg: Unit;
let piece: Unit;
let box: Unit;
let archivedUnit: Unit;
let supplier: Supplier;
let archivedSupplier: Supplier;

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, staff, customer] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'manager' }),
    t.buildUser({ role: 'staff' }),
    t.buildUser({ role: 'customer' }),
  ])) as [TestUser, TestUser, TestUser, TestUser];
  kg = await buildUnit(t, { name: uniqueName('Kilogram'), symbol: 'kg' }, { as: admin });
  await buildUnit(
    t,
    { name: uniqueName('Gram'), symbol: 'g', baseUnitId: kg.id, factor: 0.001 },
    { as: admin },
  );
  piece = await buildUnit(t, { name: uniqueName('Piece'), symbol: 'pc' }, { as: admin });
  box = await buildUnit(t, { name: uniqueName('Box'), symbol: 'box' }, { as: admin });
  archivedUnit = await buildUnit(t, { name: uniqueName('Old unit'), symbol: 'old' }, { as: admin });
  expect(
    (await t.patchLatest(`/api/units/${archivedUnit.id}`, { active: false }, { as: admin })).status,
  ).toBe(200);
  supplier = await buildSupplier(t, { name: uniqueName('Mill') }, { as: admin });
  archivedSupplier = await buildSupplier(t, { name: uniqueName('Closed shop') }, { as: admin });
  expect(
    (await t.patchLatest(`/api/suppliers/${archivedSupplier.id}`, { active: false }, { as: admin })).status,
  ).toBe(200);
});
afterAll(() => t.close());

afterEach(async () => {
  const result = await t.db.execute(sql`
    select i.id from ${inventoryItems} i left join ${stockMovements} m on m.item_id = i.id
    group by i.id
    having i.on_hand <> coalesce(sum(m.quantity), 0) or i.stock_value <> coalesce(sum(m.value), 0)`);
  expect(result.rows).toEqual([]);
});

const HEADER = 'Name,SKU,Group,Unit,Purchase unit,Purchase factor,Reorder level,Par level,Preferred supplier';
const csvOf = (rows: string[], header = HEADER) => [header, ...rows].join('\r\n');

async function itemCount(): Promise<number> {
  const result = await t.db.execute(sql`select count(*)::int as n from ${inventoryItems}`);
  return (result.rows[0] as { n: number }).n;
}

async function importCsv(csv: string, as: TestUser | null = admin) {
  return t.post(INVENTORY_API.itemsImport, { csv }, { as });
}

/** A 400 refusing the file: its refused rows, after checking that nothing was written. */
async function expectRefused(csv: string): Promise<InventoryImportRefusal[]> {
  const before = await itemCount();
  const error = await expectErrorBody(await importCsv(csv), 400, 'invalid-argument');
  expect(error.message).toMatch(/nothing was imported/);
  expect(await itemCount()).toBe(before);
  return (error.details as { rows: InventoryImportRefusal[] }).rows;
}

async function search(text: string): Promise<InventoryItem[]> {
  const response = await t.get(`${INVENTORY_API.items}?limit=500&search=${encodeURIComponent(text)}`, {
    as: admin,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as InventoryItemPage).items;
}

async function createItem(body: Record<string, unknown>): Promise<InventoryItem> {
  const response = await t.post(
    INVENTORY_API.items,
    { name: uniqueName('Item'), group: 'ingredient', unitId: kg.id, ...body },
    { as: admin },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as InventoryItem;
}

async function summary(): Promise<InventorySummary> {
  const response = await t.get(INVENTORY_API.summary, { as: admin });
  expect(response.status).toBe(200);
  return (await response.json()) as InventorySummary;
}

describe('the ladder', () => {
  const calls: [string, (user: TestUser | null) => Promise<Response>][] = [
    ['GET export', (user) => t.get(INVENTORY_API.itemsExport, { as: user })],
    ['POST import', (user) => importCsv(csvOf(['Ladder,,other,kg,,,,,']), user)],
    ['GET summary', (user) => t.get(INVENTORY_API.summary, { as: user })],
  ];

  it.each(calls)('%s: 401 without a session, 403 for staff, managers and customers', async (_name, call) => {
    const before = await itemCount();
    await expectErrorBody(await call(null), 401, 'unauthenticated');
    for (const user of [staff, manager, customer]) {
      await expectErrorBody(await call(user), 403, 'permission-denied');
    }
    expect(await itemCount()).toBe(before);
  });

  it('answers 400 for a malformed request, naming the field', async () => {
    for (const body of [{}, { csv: 42 }, { csv: '' }, { csv: 'Name', extra: true }]) {
      const error = await expectErrorBody(
        await t.post(INVENTORY_API.itemsImport, body, { as: admin }),
        400,
        'invalid-argument',
      );
      const paths = (error.details as { issues: { path: string }[] }).issues.map((issue) => issue.path);
      expect(paths.some((path) => path === 'csv' || path === '' || path === 'extra')).toBe(true);
    }
    await expectErrorBody(
      await t.get(`${INVENTORY_API.itemsExport}?group=food`, { as: admin }),
      400,
      'invalid-argument',
    );
    await expectErrorBody(
      await t.get(`${INVENTORY_API.itemsExport}?lowStock=maybe`, { as: admin }),
      400,
      'invalid-argument',
    );
  });

  it('has no record to miss: the export of an unknown supplier is a file with the header alone', async () => {
    const response = await t.get(
      `${INVENTORY_API.itemsExport}?supplierId=00000000-0000-4000-8000-000000000000`,
      { as: admin },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(parseCsv(await response.text())).toHaveLength(1);
  });
});

describe('import', () => {
  it('adds 300 items in one go, with their units, levels and supplier', async () => {
    const prefix = uniqueName('Bulk');
    const rows = Array.from({ length: 300 }, (_, index) =>
      [
        `${prefix} ${index + 1}`,
        `${prefix.replace(/\W/g, '')}-${index + 1}`,
        index % 2 === 0 ? 'Ingredient' : 'beverage',
        'kg',
        index % 3 === 0 ? 'box' : '',
        index % 3 === 0 ? '12.5' : '',
        '2',
        '10.250',
        supplier.name.toUpperCase(),
      ].join(','),
    );
    // Blank lines (a spreadsheet's trailing rows) are not items.
    const response = await importCsv(`\uFEFF${csvOf(rows)}\r\n,,,,,,,,\r\n\r\n`);
    expect(response.status, await response.clone().text()).toBe(201);
    expect(await response.json()).toEqual({ created: 300 });
    const items = await search(prefix);
    expect(items).toHaveLength(300);
    const first = items.find((item) => item.name === `${prefix} 1`);
    expect(first).toMatchObject({
      group: 'ingredient',
      unitId: kg.id,
      purchaseUnitId: box.id,
      purchaseFactor: '12.500',
      reorderLevel: '2.000',
      parLevel: '10.250',
      preferredSupplierId: supplier.id,
      onHand: '0.000',
      lowStock: true,
    });
    expect(items.find((item) => item.name === `${prefix} 2`)).toMatchObject({
      group: 'beverage',
      purchaseUnitId: null,
      purchaseFactor: null,
    });
    const audit = await t.get('/api/admin/audit?limit=5', { as: admin });
    expect(JSON.stringify(await audit.json())).toContain('Imported 300 inventory items');
  });

  it('refuses 301 items and writes nothing', async () => {
    const prefix = uniqueName('Too many');
    const rows = Array.from({ length: 301 }, (_, index) => `${prefix} ${index},,other,pc,,,,,`);
    const refused = await expectRefused(csvOf(rows));
    expect(refused).toEqual([{ row: 302, column: null, message: expect.stringMatching(/at most 300/) }]);
    expect(await search(prefix)).toEqual([]);
  });

  it('names every refused row with its number, column and reason, and writes none of the good ones', async () => {
    const taken = await createItem({ name: uniqueName('Taken'), sku: `TK-${Date.now()}` });
    const prefix = uniqueName('Mixed');
    const refused = await expectRefused(
      csvOf([
        `${prefix} good,,ingredient,kg,,,,,`, // row 2
        `${prefix} bad unit,,ingredient,kgs,,,,,`, // row 3
        `${prefix} bad group,,food,kg,,,,,`, // row 4
        `${prefix} no supplier,,ingredient,kg,,,,,Nobody Ltd`, // row 5
        `,,ingredient,kg,,,,,`, // row 6
        `${prefix} good,,ingredient,kg,,,,,`, // row 7: the name of row 2
        `${taken.name.toUpperCase()},,ingredient,kg,,,,,`, // row 8
        `${prefix} sku,${taken.sku?.toLowerCase()},ingredient,kg,,,,,`, // row 9
        `${prefix} level,,ingredient,kg,,,-1,2.5555,`, // row 10
        `${prefix} case,,ingredient,kg,box,,,,`, // row 11: a purchase unit without its factor
        `${prefix} archived,,ingredient,old,,,,,${archivedSupplier.name}`, // row 12
        `${prefix} g,,ingredient,g,,,,,`, // row 13: fine
        `${prefix} extra,,ingredient,kg,,,,,,surprise`, // row 14
      ]),
    );
    const by = (row: number) => refused.filter((refusal) => refusal.row === row);
    expect(by(2)).toEqual([]);
    expect(by(13)).toEqual([]);
    expect(by(3)).toEqual([{ row: 3, column: 'Unit', message: expect.stringContaining('“kgs”') }]);
    expect(by(4)).toEqual([{ row: 4, column: 'Group', message: expect.stringContaining('ingredient') }]);
    expect(by(5)).toEqual([
      { row: 5, column: 'Preferred supplier', message: expect.stringContaining('Nobody Ltd') },
    ]);
    expect(by(6)).toEqual([{ row: 6, column: 'Name', message: expect.stringMatching(/name/) }]);
    expect(by(7)).toEqual([{ row: 7, column: 'Name', message: 'is the name of row 2 too' }]);
    expect(by(8)).toEqual([{ row: 8, column: 'Name', message: expect.stringMatching(/already/) }]);
    expect(by(9)).toEqual([{ row: 9, column: 'SKU', message: expect.stringMatching(/already/) }]);
    expect(
      by(10)
        .map((refusal) => refusal.column)
        .sort(),
    ).toEqual(['Par level', 'Reorder level']);
    expect(by(11)).toEqual([{ row: 11, column: 'Purchase factor', message: expect.any(String) }]);
    expect(
      by(12)
        .map((refusal) => refusal.column)
        .sort(),
    ).toEqual(['Preferred supplier', 'Unit']);
    expect(by(14)).toEqual([{ row: 14, column: null, message: expect.stringMatching(/more cells/) }]);
    expect(await search(prefix)).toEqual([]);
  });

  it('refuses a file whose header lacks a column it needs, names a column it does not know, or is not CSV', async () => {
    expect(await expectRefused('Name,Group\r\nSalt,ingredient')).toEqual([
      { row: 1, column: 'Unit', message: 'is missing from the header' },
    ]);
    expect(await expectRefused('Name,Group,Unit,Colour\r\nSalt,ingredient,kg,red')).toEqual([
      { row: 1, column: 'Colour', message: expect.stringMatching(/not a column/) },
    ]);
    expect(await expectRefused('Name,Group,Unit,Unit\r\nSalt,ingredient,kg,kg')).toEqual([
      { row: 1, column: 'Unit', message: 'is given twice' },
    ]);
    expect(await expectRefused('Name,Group,Unit\r\n"Salt,ingredient,kg')).toEqual([
      { row: 2, column: null, message: expect.stringMatching(/not closed/) },
    ]);
    expect(await expectRefused('Name,Group,Unit\r\n\r\n')).toEqual([
      { row: 2, column: null, message: expect.stringMatching(/no items/) },
    ]);
  });

  it('reads the columns in any order and case, and ignores the stock columns', async () => {
    const name = uniqueName('Oat milk');
    const response = await importCsv(`unit,ON HAND,name,group,stock value\npc,99,${name},Beverage,1000\n`);
    expect(response.status, await response.clone().text()).toBe(201);
    const [item] = await search(name);
    expect(item).toMatchObject({ name, unitId: piece.id, group: 'beverage', onHand: '0.000', stockValue: 0 });
  });
});

describe('export', () => {
  it('writes the filtered items with their stock, disarming formulas, and an import gives the same file back elsewhere', async () => {
    const mill = await buildSupplier(t, { name: uniqueName('Round mill') }, { as: admin });
    const names = ['=SUM(A1)+1', 'Salt, coarse', 'Say "cheese"', '-minus', uniqueName('Plain')];
    for (const [index, name] of names.entries()) {
      await createItem({
        name,
        sku: index === 0 ? null : `RT-${index}-${Date.now()}`,
        group: index % 2 === 0 ? 'ingredient' : 'packaging',
        unitId: index === 1 ? piece.id : kg.id,
        purchaseUnitId: index === 2 ? box.id : null,
        purchaseFactor: index === 2 ? '24' : null,
        reorderLevel: index === 3 ? '1.5' : null,
        parLevel: index === 3 ? '6' : null,
        preferredSupplierId: mill.id,
      });
    }
    const exported = await t.get(`${INVENTORY_API.itemsExport}?supplierId=${mill.id}`, { as: admin });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(
      /attachment; filename="inventory-items\.csv"/,
    );
    const file = await exported.text();
    expect(file).toContain("'=SUM(A1)+1,");
    expect(file).toContain("'-minus,");
    expect(file).toContain('"Salt, coarse"');
    const records = parseCsv(file);
    expect(records[0]).toEqual([
      'Name',
      'SKU',
      'Group',
      'Unit',
      'Purchase unit',
      'Purchase factor',
      'Reorder level',
      'Par level',
      'Preferred supplier',
      'Active',
      'On hand',
      'Average cost',
      'Stock value',
    ]);
    expect(records.slice(1).map((record) => record[0])).toEqual(
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );

    // A second restaurant with the same units and supplier takes the file and exports it unchanged.
    const other = await createTestApp();
    try {
      const otherAdmin = await other.buildUser({ role: 'admin' });
      for (const unit of [kg, piece, box]) {
        await buildUnit(other, { name: unit.name, symbol: unit.symbol }, { as: otherAdmin });
      }
      const otherMill = await buildSupplier(other, { name: mill.name }, { as: otherAdmin });
      const imported = await other.post(INVENTORY_API.itemsImport, { csv: file }, { as: otherAdmin });
      expect(imported.status, await imported.clone().text()).toBe(201);
      expect(await imported.json()).toEqual({ created: names.length });
      const again = await other.get(`${INVENTORY_API.itemsExport}?supplierId=${otherMill.id}`, {
        as: otherAdmin,
      });
      expect(await again.text()).toBe(file);
    } finally {
      await other.close();
    }
  });

  it('takes the list’s filters and writes stock, cost and value', async () => {
    const prefix = uniqueName('Filtered');
    const low = await createItem({ name: `${prefix} low`, reorderLevel: '5' });
    await createItem({ name: `${prefix} fine`, group: 'beverage' });
    const move = await t.post(
      INVENTORY_API.movements,
      { itemId: low.id, type: 'adjustment', quantity: '-2.5', reason: 'Found short' },
      { as: admin },
    );
    expect(move.status).toBe(201);
    const response = await t.get(
      `${INVENTORY_API.itemsExport}?lowStock=true&group=ingredient&search=${encodeURIComponent(prefix)}`,
      { as: admin },
    );
    const records = parseCsv(await response.text());
    expect(records).toHaveLength(2);
    expect(records[1]?.slice(0, 1)).toEqual([`${prefix} low`]);
    expect(records[1]?.slice(9)).toEqual(['yes', '-2.500', '0.00', '0.00']);
  });
});

describe('summary', () => {
  it('counts the active items, the low ones, the ones below zero and the stock value', async () => {
    const before = await summary();
    const below = await createItem({ reorderLevel: '1' });
    const low = await createItem({ reorderLevel: '3' });
    await createItem({});
    const archived = await createItem({ reorderLevel: '1' });
    await t.post(
      INVENTORY_API.movements,
      { itemId: below.id, type: 'waste', quantity: '0.5', reason: 'spoiled' },
      { as: admin },
    );
    await t.post(
      INVENTORY_API.movements,
      { itemId: low.id, type: 'adjustment', quantity: '2', reason: 'Found' },
      { as: admin },
    );
    expect(
      (await t.patch(INVENTORY_API.item(archived.id), { active: false, version: 1 }, { as: admin })).status,
    ).toBe(200);
    const after = await summary();
    expect(after).toEqual({
      items: before.items + 3,
      lowStock: before.lowStock + 2,
      belowZero: before.belowZero + 1,
      stockValue: before.stockValue,
      currency: expect.any(String),
    });
  });
});
