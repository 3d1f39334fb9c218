import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, stockMovements } from '../../src/server/modules/inventory/inventory.schema';
import {
  purchaseOrderLines,
  purchaseOrderReceipts,
  purchaseOrders,
} from '../../src/server/modules/purchase-orders/purchase-orders.schema';
import {
  INVENTORY_API,
  type InventoryItem,
  type StockMovementPage,
} from '../../src/shared/contracts/inventory';
import type { Supplier, Unit } from '../../src/shared/contracts/master-data';
import {
  PURCHASE_ORDERS_API,
  type PurchaseOrder,
  type PurchaseOrderPage,
} from '../../src/shared/contracts/purchase-orders';
import { buildSupplier, buildUnit, uniqueName } from '../support/factories';
import { latestMessage } from '../support/outbox';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * Purchase orders: the ladder (401, 403, 400, 404, success) on every route, drafts changed only as
 * drafts, sending and cancelling, deliveries received in parts, more than ordered refused (also by
 * two deliveries at once), the moving average cost to the minor unit, suggestions in purchase units,
 * the supplier's page and e-mail. After every test, each item's totals equal the sums of its movements.
 */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let staff: TestUser;
let customer: TestUser;
let kg: Unit;
let piece: Unit;
let box: Unit;
let supplier: Supplier;

type Body = Record<string, unknown>;
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, staff, customer] = (await Promise.all([
    t.buildUser({ role: 'admin', name: 'Ada Admin' }),
    t.buildUser({ role: 'manager' }),
    t.buildUser({ role: 'staff' }),
    t.buildUser({ role: 'customer' }),
  ])) as [TestUser, TestUser, TestUser, TestUser];
  kg = await buildUnit(t, { name: uniqueName('Kilogram'), symbol: 'kg' }, { as: admin });
  piece = await buildUnit(t, { name: uniqueName('Piece'), symbol: 'pc' }, { as: admin });
  box = await buildUnit(t, { name: uniqueName('Case'), symbol: 'case' }, { as: admin });
  supplier = await buildSupplier(t, { email: 'orders@mill.test', contactName: 'Mona Miller' }, { as: admin });
});
afterAll(() => t.close());

/** The rule every test must leave true: an item's totals are the sums of its movements. */
afterEach(async () => {
  const result = await t.db.execute(sql`
    select i.id from ${inventoryItems} i left join ${stockMovements} m on m.item_id = i.id
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

async function readItem(id: string): Promise<InventoryItem> {
  const response = await t.get(INVENTORY_API.item(id), { as: admin });
  expect(response.status).toBe(200);
  return (await response.json()) as InventoryItem;
}

async function adjust(item: { id: string }, quantity: string) {
  const response = await t.post(
    INVENTORY_API.movements,
    { itemId: item.id, type: 'adjustment', quantity, reason: 'Opening stock' },
    { as: admin },
  );
  expect(response.status, await response.clone().text()).toBe(201);
}

async function expectStatus(response: Response, status: number): Promise<PurchaseOrder> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as PurchaseOrder;
}

const createOrder = async (body: Body) =>
  expectStatus(await t.post(PURCHASE_ORDERS_API.orders, body, { as: admin }), 201);

async function orderFor(item: { id: string }, quantity: string, unitCost: number, extra: Body = {}) {
  return createOrder({
    supplierId: supplier.id,
    lines: [{ inventoryItemId: item.id, quantity, unitCost, ...extra }],
  });
}

async function send(order: PurchaseOrder): Promise<PurchaseOrder> {
  return expectStatus(
    await t.post(
      PURCHASE_ORDERS_API.status(order.id),
      { status: 'ordered', version: order.version },
      { as: admin },
    ),
    200,
  );
}

const receive = (order: { id: string }, lines: Body[], as: TestUser = admin) =>
  t.post(PURCHASE_ORDERS_API.receipts(order.id), { lines }, { as });

/** A 400 whose issues name `path`. */
async function expectFieldError(response: Response, path: string) {
  const error = await expectErrorBody(response, 400, 'invalid-argument');
  const issues = (error.details as { issues?: { path: string }[] } | undefined)?.issues ?? [];
  expect(
    issues.map((issue) => issue.path),
    error.message,
  ).toContain(path);
}

async function orderCount(): Promise<number> {
  const result = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ${purchaseOrders}`);
  return result.rows[0]?.n ?? 0;
}

describe('the ladder on every route', () => {
  let item: InventoryItem;
  let order: PurchaseOrder;
  beforeAll(async () => {
    item = await createItem({ preferredSupplierId: supplier.id });
    order = await orderFor(item, '2', 100);
  });
  const calls = (): [string, (user: TestUser | null) => Promise<Response>][] => [
    ['GET list', (user) => t.get(PURCHASE_ORDERS_API.orders, { as: user })],
    ['GET one', (user) => t.get(PURCHASE_ORDERS_API.order(order.id), { as: user })],
    [
      'POST create',
      (user) =>
        t.post(
          PURCHASE_ORDERS_API.orders,
          { supplierId: supplier.id, lines: [{ inventoryItemId: item.id, quantity: '1', unitCost: 1 }] },
          { as: user },
        ),
    ],
    [
      'PATCH',
      (user) => t.patch(PURCHASE_ORDERS_API.order(order.id), { note: 'x', version: 1 }, { as: user }),
    ],
    [
      'POST status',
      (user) =>
        t.post(PURCHASE_ORDERS_API.status(order.id), { status: 'cancelled', version: 1 }, { as: user }),
    ],
    [
      'POST receipts',
      (user) => receive(order, [{ lineId: order.lines[0]?.id, quantity: '1' }], user as TestUser),
    ],
    [
      'POST suggest',
      (user) => t.post(PURCHASE_ORDERS_API.suggest, { supplierId: supplier.id }, { as: user }),
    ],
    ['GET document', (user) => t.get(PURCHASE_ORDERS_API.document(order.id), { as: user })],
    ['POST email', (user) => t.post(PURCHASE_ORDERS_API.email(order.id), {}, { as: user })],
  ];

  it('answers 401 without a session and 403 to staff, managers and customers, and writes nothing', async () => {
    for (const [name, call] of calls()) {
      await expectErrorBody(await call(null), 401, 'unauthenticated');
      for (const user of [staff, manager, customer]) {
        const response = await call(user);
        expect(response.status, `${name} as ${user.role}`).toBe(403);
      }
    }
    const after = await expectStatus(await t.get(PURCHASE_ORDERS_API.order(order.id), { as: admin }), 200);
    expect([after.status, after.version, after.note]).toEqual(['draft', 1, '']);
    expect(await orderCount()).toBe(1);
  });

  it('answers 404 for an order that does not exist, and 400 for an id that is not one', async () => {
    const body = { status: 'cancelled', version: 1 };
    await expectErrorBody(await t.get(PURCHASE_ORDERS_API.order(MISSING), { as: admin }), 404, 'not-found');
    await expectErrorBody(
      await t.patch(PURCHASE_ORDERS_API.order(MISSING), { note: 'x', version: 1 }, { as: admin }),
      404,
      'not-found',
    );
    await expectErrorBody(
      await t.post(PURCHASE_ORDERS_API.status(MISSING), body, { as: admin }),
      404,
      'not-found',
    );
    await expectErrorBody(
      await t.post(
        PURCHASE_ORDERS_API.receipts(MISSING),
        { lines: [{ lineId: MISSING, quantity: '1' }] },
        { as: admin },
      ),
      404,
      'not-found',
    );
    await expectErrorBody(
      await t.get(PURCHASE_ORDERS_API.document(MISSING), { as: admin }),
      404,
      'not-found',
    );
    await expectErrorBody(
      await t.post(PURCHASE_ORDERS_API.email(MISSING), {}, { as: admin }),
      404,
      'not-found',
    );
    await expectFieldError(await t.get(PURCHASE_ORDERS_API.order('not-an-id'), { as: admin }), 'id');
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const before = await orderCount();
    const line = { inventoryItemId: item.id, quantity: '1', unitCost: 100 };
    const create = (body: Body) => t.post(PURCHASE_ORDERS_API.orders, body, { as: admin });
    await expectFieldError(await create({ lines: [line] }), 'supplierId');
    await expectFieldError(await create({ supplierId: supplier.id, lines: [] }), 'lines');
    await expectFieldError(
      await create({ supplierId: supplier.id, lines: [{ ...line, quantity: '0' }] }),
      'lines.0.quantity',
    );
    await expectFieldError(
      await create({ supplierId: supplier.id, lines: [{ ...line, quantity: '1.2345' }] }),
      'lines.0.quantity',
    );
    await expectFieldError(
      await create({ supplierId: supplier.id, lines: [{ ...line, quantity: 1 }] }),
      'lines.0.quantity',
    );
    await expectFieldError(
      await create({ supplierId: supplier.id, lines: [{ ...line, unitCost: 1.5 }] }),
      'lines.0.unitCost',
    );
    await expectFieldError(
      await create({ supplierId: supplier.id, lines: [{ ...line, unitCost: -1 }] }),
      'lines.0.unitCost',
    );
    await expectFieldError(await create({ supplierId: MISSING, lines: [line] }), 'supplierId');
    await expectFieldError(
      await create({
        supplierId: supplier.id,
        lines: [{ ...line, quantity: '99999999', unitCost: 99_999_999 }],
      }),
      'lines.0.quantity',
    );
    await expectFieldError(
      await create({ supplierId: supplier.id, lines: [line, { ...line, inventoryItemId: MISSING }] }),
      'lines.1.inventoryItemId',
    );
    await expectFieldError(
      await create({ supplierId: supplier.id, lines: [{ ...line, unitId: piece.id }] }),
      'lines.0.unitId',
    );
    await expectFieldError(
      await create({ supplierId: supplier.id, lines: [line], expectedDate: '2026-13-01' }),
      'expectedDate',
    );
    await expectErrorBody(
      await create({ supplierId: supplier.id, lines: [line], extra: true }),
      400,
      'invalid-argument',
    );
    await expectFieldError(await t.post(PURCHASE_ORDERS_API.suggest, {}, { as: admin }), 'supplierId');
    await expectFieldError(
      await t.post(PURCHASE_ORDERS_API.status(order.id), { status: 'received', version: 1 }, { as: admin }),
      'status',
    );
    await expectFieldError(await receive(order, []), 'lines');
    await expectFieldError(
      await receive(order, [{ lineId: order.lines[0]?.id, quantity: '-1' }]),
      'lines.0.quantity',
    );
    await expectFieldError(
      await t.post(PURCHASE_ORDERS_API.email(order.id), { to: 'nope' }, { as: admin }),
      'to',
    );
    await expectFieldError(
      await t.get(`${PURCHASE_ORDERS_API.orders}?status=lost`, { as: admin }),
      'status.0',
    );
    expect(await orderCount()).toBe(before);
  });
});

describe('drafts', () => {
  it('writes a draft with a number from the database, its lines and total', async () => {
    const flour = await createItem({ purchaseUnitId: box.id, purchaseFactor: '25' });
    const yeast = await createItem({ name: uniqueName('Yeast') });
    const first = await createOrder({
      supplierId: supplier.id,
      expectedDate: '2026-12-01',
      note: '  Back door, before 9  ',
      lines: [
        { inventoryItemId: flour.id, quantity: '2', unitId: box.id, unitCost: 1999 },
        { inventoryItemId: yeast.id, quantity: '0.333', unitCost: 1000 },
      ],
    });
    expect(first).toMatchObject({
      number: expect.stringMatching(/^PO-\d{4,}$/),
      status: 'draft',
      version: 1,
      supplierId: supplier.id,
      supplierName: supplier.name,
      expectedDate: '2026-12-01',
      note: 'Back door, before 9',
      createdByName: 'Ada Admin',
      // 2 × 19.99 = 39.98; 0.333 × 10.00 = 3.33.
      total: 3998 + 333,
      receivedTotal: 0,
      receipts: [],
    });
    expect(first.lines).toEqual([
      expect.objectContaining({
        inventoryItemId: flour.id,
        quantity: '2.000',
        unitId: box.id,
        unitSymbol: 'case',
        factor: '25.000',
        stockUnitSymbol: 'kg',
        unitCost: 1999,
        receivedQuantity: '0.000',
        total: 3998,
      }),
      expect.objectContaining({ inventoryItemId: yeast.id, unitId: kg.id, factor: '1.000', total: 333 }),
    ]);
    const second = await orderFor(yeast, '1', 1);
    expect(Number(second.number.slice(3))).toBe(Number(first.number.slice(3)) + 1);
  });

  it('refuses an archived item or supplier', async () => {
    const item = await createItem();
    const archived = await t.patch(INVENTORY_API.item(item.id), { active: false, version: 1 }, { as: admin });
    expect(archived.status).toBe(200);
    await expectFieldError(
      await t.post(
        PURCHASE_ORDERS_API.orders,
        { supplierId: supplier.id, lines: [{ inventoryItemId: item.id, quantity: '1', unitCost: 1 }] },
        { as: admin },
      ),
      'lines.0.inventoryItemId',
    );
  });

  it('changes only a draft, only from its current version, and replaces the lines whole', async () => {
    const item = await createItem();
    const other = await createItem();
    const order = await orderFor(item, '1', 500);
    const changed = await expectStatus(
      await t.patch(
        PURCHASE_ORDERS_API.order(order.id),
        {
          note: 'Call first',
          lines: [{ inventoryItemId: other.id, quantity: '3', unitCost: 250 }],
          version: 1,
        },
        { as: admin },
      ),
      200,
    );
    expect(changed).toMatchObject({ note: 'Call first', version: 2, total: 750 });
    expect(changed.lines.map((line) => [line.inventoryItemId, line.quantity])).toEqual([[other.id, '3.000']]);

    const stale = await expectErrorBody(
      await t.patch(PURCHASE_ORDERS_API.order(order.id), { note: 'Old', version: 1 }, { as: admin }),
      409,
      'aborted',
    );
    expect(stale.details).toMatchObject({ reason: 'stale', version: 2 });

    const sent = await send(changed);
    const refused = await expectErrorBody(
      await t.patch(
        PURCHASE_ORDERS_API.order(order.id),
        { note: 'Late', version: sent.version },
        { as: admin },
      ),
      409,
      'aborted',
    );
    expect(refused.details).toMatchObject({ reason: 'not-draft' });
    const after = await expectStatus(await t.get(PURCHASE_ORDERS_API.order(order.id), { as: admin }), 200);
    expect([after.note, after.status, after.version]).toEqual(['Call first', 'ordered', sent.version]);
  });

  it('lists newest first, by status and supplier', async () => {
    const otherSupplier = await buildSupplier(t, {}, { as: admin });
    const item = await createItem();
    const draft = await createOrder({
      supplierId: otherSupplier.id,
      lines: [{ inventoryItemId: item.id, quantity: '1', unitCost: 1 }],
    });
    const ordered = await send(
      await createOrder({
        supplierId: otherSupplier.id,
        lines: [{ inventoryItemId: item.id, quantity: '1', unitCost: 1 }],
      }),
    );
    const list = async (query: string) => {
      const response = await t.get(`${PURCHASE_ORDERS_API.orders}?${query}`, { as: admin });
      expect(response.status).toBe(200);
      return ((await response.json()) as PurchaseOrderPage).items.map((order) => order.id);
    };
    expect(await list(`supplierId=${otherSupplier.id}`)).toEqual([ordered.id, draft.id]);
    expect(await list(`supplierId=${otherSupplier.id}&status=draft`)).toEqual([draft.id]);
    expect(await list(`supplierId=${otherSupplier.id}&status=ordered,received`)).toEqual([ordered.id]);
    const page = (await (
      await t.get(`${PURCHASE_ORDERS_API.orders}?limit=1`, { as: admin })
    ).json()) as PurchaseOrderPage;
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ lineCount: expect.any(Number), supplierName: expect.any(String) });
    expect(page.nextCursor).not.toBeNull();
  });
});

describe('sending and cancelling', () => {
  it('sends a draft once, and cancels only a draft or an ordered order', async () => {
    const item = await createItem();
    const draft = await orderFor(item, '4', 100);
    const cancelledDraft = await expectStatus(
      await t.post(PURCHASE_ORDERS_API.status(draft.id), { status: 'cancelled', version: 1 }, { as: admin }),
      200,
    );
    expect(cancelledDraft).toMatchObject({ status: 'cancelled', version: 2 });
    const again = await expectErrorBody(
      await t.post(PURCHASE_ORDERS_API.status(draft.id), { status: 'cancelled', version: 2 }, { as: admin }),
      409,
      'aborted',
    );
    expect(again.details).toMatchObject({ reason: 'wrong-status' });
    await expectErrorBody(
      await t.post(PURCHASE_ORDERS_API.status(draft.id), { status: 'ordered', version: 2 }, { as: admin }),
      409,
      'aborted',
    );

    const ordered = await send(await orderFor(item, '4', 100));
    expect(ordered).toMatchObject({ status: 'ordered', orderedAt: expect.any(String) });
    const twice = await expectErrorBody(
      await t.post(
        PURCHASE_ORDERS_API.status(ordered.id),
        { status: 'ordered', version: ordered.version },
        { as: admin },
      ),
      409,
      'aborted',
    );
    expect(twice.details).toMatchObject({ reason: 'wrong-status' });
    const cancelled = await expectStatus(
      await t.post(
        PURCHASE_ORDERS_API.status(ordered.id),
        { status: 'cancelled', version: ordered.version },
        { as: admin },
      ),
      200,
    );
    expect(cancelled.status).toBe('cancelled');
    const late = await expectErrorBody(
      await receive(cancelled, [{ lineId: cancelled.lines[0]?.id, quantity: '1' }]),
      409,
      'aborted',
    );
    expect(late.details).toMatchObject({ reason: 'wrong-status' });

    const partly = await send(await orderFor(item, '4', 100));
    const afterDelivery = await expectStatus(
      await receive(partly, [{ lineId: partly.lines[0]?.id, quantity: '1' }]),
      201,
    );
    const refused = await expectErrorBody(
      await t.post(
        PURCHASE_ORDERS_API.status(partly.id),
        { status: 'cancelled', version: afterDelivery.version },
        { as: admin },
      ),
      409,
      'aborted',
    );
    expect(refused.details).toMatchObject({ reason: 'wrong-status' });
    const stale = await expectErrorBody(
      await t.post(PURCHASE_ORDERS_API.status(partly.id), { status: 'cancelled', version: 1 }, { as: admin }),
      409,
      'aborted',
    );
    expect(stale.details).toMatchObject({ reason: 'stale' });
  });

  it('refuses to receive a draft', async () => {
    const item = await createItem();
    const draft = await orderFor(item, '1', 100);
    const refused = await expectErrorBody(
      await receive(draft, [{ lineId: draft.lines[0]?.id, quantity: '1' }]),
      409,
      'aborted',
    );
    expect(refused.details).toMatchObject({ reason: 'wrong-status' });
    expect((await readItem(item.id)).onHand).toBe('0.000');
  });
});

describe('receiving', () => {
  it('reaches received over three deliveries, in stock units, with the order as reference', async () => {
    const cups = await createItem({
      name: uniqueName('Cups'),
      unitId: piece.id,
      purchaseUnitId: box.id,
      purchaseFactor: '24',
    });
    const milk = await createItem({ name: uniqueName('Milk') });
    const order = await send(
      await createOrder({
        supplierId: supplier.id,
        lines: [
          { inventoryItemId: cups.id, quantity: '3', unitId: box.id, unitCost: 1200 },
          { inventoryItemId: milk.id, quantity: '10', unitCost: 150 },
        ],
      }),
    );
    const [cupLine, milkLine] = order.lines as [PurchaseOrder['lines'][0], PurchaseOrder['lines'][0]];

    const first = await expectStatus(
      await receive(order, [
        { lineId: cupLine.id, quantity: '1' },
        { lineId: milkLine.id, quantity: '4' },
      ]),
      201,
    );
    expect(first.status).toBe('partially-received');
    expect(first.lines.map((line) => line.receivedQuantity)).toEqual(['1.000', '4.000']);
    // One case holds 24 pieces: stock is in pieces, at 12.00 a case = 0.50 a piece.
    expect(await readItem(cups.id)).toMatchObject({ onHand: '24.000', averageCost: 50, stockValue: 1200 });
    expect(await readItem(milk.id)).toMatchObject({ onHand: '4.000', averageCost: 150, stockValue: 600 });

    const second = await expectStatus(await receive(order, [{ lineId: cupLine.id, quantity: '2' }]), 201);
    expect(second.status).toBe('partially-received');
    const third = await expectStatus(await receive(order, [{ lineId: milkLine.id, quantity: '6' }]), 201);
    expect(third).toMatchObject({ status: 'received', receivedTotal: 3600 + 1500 });
    expect(third.lines.map((line) => line.receivedQuantity)).toEqual(['3.000', '10.000']);
    expect(third.receipts).toHaveLength(4);
    expect(new Set(third.receipts.map((receipt) => receipt.deliveryId)).size).toBe(3);
    expect(third.receipts[0]).toMatchObject({
      lineId: cupLine.id,
      quantity: '1.000',
      unitCost: 1200,
      value: 1200,
      actorName: 'Ada Admin',
    });
    expect(await readItem(cups.id)).toMatchObject({ onHand: '72.000', stockValue: 3600 });

    const movements = (await (
      await t.get(INVENTORY_API.itemMovements(cups.id), { as: admin })
    ).json()) as StockMovementPage;
    expect(
      movements.items.map((movement) => [
        movement.type,
        movement.quantity,
        movement.referenceType,
        movement.referenceId,
      ]),
    ).toEqual([
      ['purchase-receipt', '48.000', 'purchase-order', order.id],
      ['purchase-receipt', '24.000', 'purchase-order', order.id],
    ]);
    const late = await expectErrorBody(
      await receive(order, [{ lineId: milkLine.id, quantity: '1' }]),
      409,
      'aborted',
    );
    expect(late.details).toMatchObject({ reason: 'wrong-status' });
  });

  it('refuses more than ordered with a 409 naming the line, and writes nothing', async () => {
    const item = await createItem({ name: uniqueName('Butter') });
    const order = await send(await orderFor(item, '5', 800));
    const line = order.lines[0] as PurchaseOrder['lines'][0];
    await expectStatus(await receive(order, [{ lineId: line.id, quantity: '3' }]), 201);
    const refused = await expectErrorBody(
      await receive(order, [{ lineId: line.id, quantity: '2.001' }]),
      409,
      'aborted',
    );
    expect(refused.message).toContain(item.name);
    expect(refused.details).toMatchObject({
      reason: 'over-receipt',
      lineId: line.id,
      path: 'lines.0.quantity',
    });
    // Two entries of one line in one delivery count together.
    await expectErrorBody(
      await receive(order, [
        { lineId: line.id, quantity: '1' },
        { lineId: line.id, quantity: '1.5' },
      ]),
      409,
      'aborted',
    );
    const after = await expectStatus(await t.get(PURCHASE_ORDERS_API.order(order.id), { as: admin }), 200);
    expect([after.lines[0]?.receivedQuantity, after.receipts.length, after.status]).toEqual([
      '3.000',
      1,
      'partially-received',
    ]);
    expect((await readItem(item.id)).onHand).toBe('3.000');
    // A line of another order is not this order's.
    const other = await send(await orderFor(item, '1', 1));
    await expectFieldError(
      await receive(order, [{ lineId: other.lines[0]?.id, quantity: '1' }]),
      'lines.0.lineId',
    );
  });

  it('never receives more than ordered when two deliveries are recorded at once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const item = await createItem();
      const order = await send(await orderFor(item, '10', 100));
      const line = order.lines[0] as PurchaseOrder['lines'][0];
      const answers = await Promise.all([
        receive(order, [{ lineId: line.id, quantity: '6' }]),
        receive(order, [{ lineId: line.id, quantity: '6' }]),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const refused = answers.find((answer) => answer.status === 409) as Response;
      expect(((await refused.json()) as { error: { details: unknown } }).error.details).toMatchObject({
        reason: 'over-receipt',
        lineId: line.id,
      });
      const after = await expectStatus(await t.get(PURCHASE_ORDERS_API.order(order.id), { as: admin }), 200);
      expect(after.lines[0]?.receivedQuantity).toBe('6.000');
      expect((await readItem(item.id)).onHand).toBe('6.000');
      const rows = await t.db
        .select()
        .from(purchaseOrderReceipts)
        .where(eq(purchaseOrderReceipts.purchaseOrderId, order.id));
      expect(rows).toHaveLength(1);
    }
  });

  it('moves the average cost weighted by quantity, to the minor unit', async () => {
    // 10 kg at 2.00 then 30 kg at 3.00: 20.00 + 90.00 = 110.00 for 40 kg, 2.75 a kg.
    const rice = await createItem({ name: uniqueName('Rice') });
    const order = await send(await orderFor(rice, '40', 200));
    const line = order.lines[0] as PurchaseOrder['lines'][0];
    await expectStatus(await receive(order, [{ lineId: line.id, quantity: '10' }]), 201);
    expect(await readItem(rice.id)).toMatchObject({ averageCost: 200, stockValue: 2000 });
    // The delivery cost other than ordered: 3.00 a kg.
    const done = await expectStatus(
      await receive(order, [{ lineId: line.id, quantity: '30', unitCost: 300 }]),
      201,
    );
    expect(done).toMatchObject({ status: 'received', receivedTotal: 11_000 });
    expect(await readItem(rice.id)).toMatchObject({ onHand: '40.000', averageCost: 275, stockValue: 11_000 });

    // 3 kg at 1.00 onto 2.5 kg worth 5.00 (2.00 a kg): 8.00 for 5.5 kg = 1.454545… → 1.45 shown, value exact.
    const oats = await createItem({ name: uniqueName('Oats') });
    const first = await send(await orderFor(oats, '2.5', 200));
    await expectStatus(await receive(first, [{ lineId: first.lines[0]?.id, quantity: '2.5' }]), 201);
    const second = await send(await orderFor(oats, '3', 100));
    await expectStatus(await receive(second, [{ lineId: second.lines[0]?.id, quantity: '3' }]), 201);
    expect(await readItem(oats.id)).toMatchObject({ onHand: '5.500', averageCost: 145, stockValue: 800 });
    const [row] = await t.db
      .select({ cost: inventoryItems.averageCost })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, oats.id));
    expect(row?.cost).toBe('145.454545');

    // A line total rounds half away from zero: 0.333 kg at 0.05 = 1.665 → 2 minor units.
    const salt = await createItem({ name: uniqueName('Salt') });
    const small = await send(await orderFor(salt, '0.333', 5));
    expect(small.total).toBe(2);
    const got = await expectStatus(
      await receive(small, [{ lineId: small.lines[0]?.id, quantity: '0.333' }]),
      201,
    );
    expect(got.receivedTotal).toBe(2);
    expect(await readItem(salt.id)).toMatchObject({ onHand: '0.333', stockValue: 2 });
  });
});

describe('suggesting an order', () => {
  it('orders every low item of the supplier up to its par level, in purchase units rounded up', async () => {
    const own = await buildSupplier(t, {}, { as: admin });
    const other = await buildSupplier(t, {}, { as: admin });
    const cased = await createItem({
      name: uniqueName('A flour'),
      purchaseUnitId: box.id,
      purchaseFactor: '20',
      reorderLevel: '10',
      parLevel: '50',
      preferredSupplierId: own.id,
    });
    // 1 case at 30.00 gives it an average cost of 1.50 a kg; 20 kg less 12 leaves 8 kg.
    const order = await send(await orderFor(cased, '1', 3000, { unitId: box.id }));
    await expectStatus(await receive(order, [{ lineId: order.lines[0]?.id, quantity: '1' }]), 201);
    await adjust(cased, '-12');
    // 8 kg: 42 kg to par = 2.1 cases → 3 cases.
    const loose = await createItem({
      name: uniqueName('B yeast'),
      reorderLevel: '2',
      parLevel: '5.5',
      preferredSupplierId: own.id,
    });
    await adjust(loose, '1.25');
    const noPar = await createItem({
      name: uniqueName('C salt'),
      reorderLevel: '3',
      preferredSupplierId: own.id,
    });
    await adjust(noPar, '1');
    const full = await createItem({
      name: uniqueName('D sugar'),
      reorderLevel: '2',
      parLevel: '9',
      preferredSupplierId: own.id,
    });
    await adjust(full, '3');
    const archived = await createItem({
      name: uniqueName('E old'),
      reorderLevel: '2',
      parLevel: '9',
      preferredSupplierId: own.id,
    });
    await t.patch(INVENTORY_API.item(archived.id), { active: false, version: 1 }, { as: admin });
    const elsewhere = await createItem({
      name: uniqueName('F other'),
      reorderLevel: '2',
      parLevel: '9',
      preferredSupplierId: other.id,
    });

    const draft = await expectStatus(
      await t.post(PURCHASE_ORDERS_API.suggest, { supplierId: own.id }, { as: admin }),
      201,
    );
    expect(draft).toMatchObject({ status: 'draft', supplierId: own.id, version: 1 });
    expect(
      draft.lines.map((line) => [line.inventoryItemId, line.quantity, line.unitId, line.unitCost]),
    ).toEqual([
      // 1.50 a kg × 20 kg = 30.00 a case.
      [cased.id, '3.000', box.id, 3000],
      [loose.id, '4.250', kg.id, 0],
      // No par level: up to the reorder level.
      [noPar.id, '2.000', kg.id, 0],
    ]);
    expect(draft.total).toBe(9000);
    expect(draft.lines.map((line) => line.inventoryItemId)).not.toContain(full.id);
    expect(draft.lines.map((line) => line.inventoryItemId)).not.toContain(elsewhere.id);

    const none = await expectErrorBody(
      await t.post(
        PURCHASE_ORDERS_API.suggest,
        { supplierId: (await buildSupplier(t, {}, { as: admin })).id },
        { as: admin },
      ),
      409,
      'aborted',
    );
    expect(none.details).toMatchObject({ reason: 'nothing-low' });
    expect(none.message).toContain('nothing to order');
    await expectFieldError(
      await t.post(PURCHASE_ORDERS_API.suggest, { supplierId: MISSING }, { as: admin }),
      'supplierId',
    );
  });
});

describe("the supplier's copy", () => {
  it('is a printable page with the lines and total, its text escaped', async () => {
    const item = await createItem({ name: `Flour <b>&</b> ${uniqueName('x')}` });
    const order = await createOrder({
      supplierId: supplier.id,
      note: 'Ring <twice>',
      lines: [{ inventoryItemId: item.id, quantity: '2.5', unitCost: 400 }],
    });
    const response = await t.get(PURCHASE_ORDERS_API.document(order.id), { as: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain(`Purchase order ${order.number}`);
    expect(html).toContain('Flour &#60;b&#62;&#38;&#60;/b&#62;');
    expect(html).not.toContain('<b>&</b>');
    expect(html).toContain('Ring &#60;twice&#62;');
    expect(html).toContain('2.5 kg');
    expect(html).toContain(supplier.name);
  });

  it("is e-mailed to the supplier's address through the mail sender", async () => {
    const item = await createItem({ name: uniqueName('Coffee') });
    const order = await orderFor(item, '3', 1250);
    const response = await t.post(PURCHASE_ORDERS_API.email(order.id), {}, { as: admin });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ to: 'orders@mill.test' });
    const message = await latestMessage(t.db, 'orders@mill.test', 'purchase-order');
    expect(message?.subject).toContain(order.number);
    expect(message?.body).toContain(`${item.name}: 3 kg`);
    expect(message?.body).toContain('Hello Mona Miller');

    const elsewhere = await t.post(
      PURCHASE_ORDERS_API.email(order.id),
      { to: 'buyer@cafe.test' },
      { as: admin },
    );
    expect(elsewhere.status).toBe(200);
    expect(await latestMessage(t.db, 'buyer@cafe.test', 'purchase-order')).toBeDefined();

    const silent = await buildSupplier(t, {}, { as: admin });
    const noAddress = await createOrder({
      supplierId: silent.id,
      lines: [{ inventoryItemId: item.id, quantity: '1', unitCost: 1 }],
    });
    const refused = await expectErrorBody(
      await t.post(PURCHASE_ORDERS_API.email(noAddress.id), {}, { as: admin }),
      409,
      'aborted',
    );
    expect(refused.details).toMatchObject({ reason: 'no-email' });
  });
});

describe('the database keeps the rules too', () => {
  it('refuses a received quantity above the ordered one', async () => {
    const item = await createItem();
    const order = await orderFor(item, '1', 1);
    await expect(
      t.db
        .update(purchaseOrderLines)
        .set({ receivedQuantity: '1.001' })
        .where(eq(purchaseOrderLines.id, order.lines[0]?.id ?? '')),
    ).rejects.toThrow();
  });
});
