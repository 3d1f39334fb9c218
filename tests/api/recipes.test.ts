import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/server/db/transaction';
import { deductOrderStock, postStockMovements } from '../../src/server/modules/inventory';
import { inventoryItems, stockMovements } from '../../src/server/modules/inventory/inventory.schema';
import { INVENTORY_API, type InventoryItem } from '../../src/shared/contracts/inventory';
import type { Unit } from '../../src/shared/contracts/master-data';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import type { OrderWithPayments } from '../../src/shared/contracts/payments';
import { RECIPE_API, type Recipe } from '../../src/shared/contracts/recipes';
import { buildMenuItem, buildUnit, uniqueName } from '../support/factories';
import { movedOrder, moveOrder, placedOrder } from '../support/orders';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * Recipes: the ladder on both routes, costs and food cost percent, option recipes that survive an
 * edit of the menu item, and the stock a completed order takes: units of one base converted, options
 * that add and replace, once when two devices complete at once, nothing for lines sent before the
 * item had a recipe (and the order says so), and given back when the completion is recalled. After
 * every test, each item's totals equal the sums of its movements.
 */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let staff: TestUser;
let customer: TestUser;
let kg: Unit;
let gram: Unit;
let litre: Unit;
let millilitre: Unit;
let piece: Unit;

type Body = Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, staff, customer] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'manager' }),
    t.buildUser({ role: 'staff' }),
    t.buildUser({ role: 'customer' }),
  ])) as [TestUser, TestUser, TestUser, TestUser];
  kg = await buildUnit(t, { name: uniqueName('Kilogram'), symbol: 'kg' }, { as: admin });
  gram = await buildUnit(
    t,
    { name: uniqueName('Gram'), symbol: 'g', baseUnitId: kg.id, factor: 0.001 },
    { as: admin },
  );
  litre = await buildUnit(t, { name: uniqueName('Litre'), symbol: 'l' }, { as: admin });
  millilitre = await buildUnit(
    t,
    { name: uniqueName('Millilitre'), symbol: 'ml', baseUnitId: litre.id, factor: 0.001 },
    { as: admin },
  );
  piece = await buildUnit(t, { name: uniqueName('Piece'), symbol: 'pc' }, { as: admin });
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

async function createItem(unit: Unit, overrides: Body = {}): Promise<InventoryItem> {
  const response = await t.post(
    INVENTORY_API.items,
    { name: uniqueName('Stock'), group: 'ingredient', unitId: unit.id, ...overrides },
    { as: admin },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as InventoryItem;
}

/** Stock received at a cost (minor units for the whole quantity), through the one posting primitive. */
async function receive(item: { id: string }, thousandths: number, cost: number) {
  await withTransaction(t.db, (tx) =>
    postStockMovements(tx, null, [
      {
        itemId: item.id,
        type: 'purchase-receipt',
        quantity: thousandths,
        receiptCost: cost,
        reason: 'Delivery',
      },
    ]),
  );
}

function putRecipe(menuItemId: string, body: unknown, as: TestUser | null = admin) {
  return t.request(
    RECIPE_API.recipe(menuItemId),
    { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    { as },
  );
}

async function savedRecipe(menuItemId: string, body: Body): Promise<Recipe> {
  const response = await putRecipe(menuItemId, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Recipe;
}

async function readRecipe(menuItemId: string): Promise<Recipe> {
  const response = await t.get(RECIPE_API.recipe(menuItemId), { as: admin });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Recipe;
}

async function onHand(item: { id: string }): Promise<string> {
  const response = await t.get(INVENTORY_API.item(item.id), { as: admin });
  return ((await response.json()) as InventoryItem).onHand;
}

/** A 400 whose issues name `path`. */
async function expectFieldError(response: Response, path: string) {
  const error = await expectErrorBody(response, 400, 'invalid-argument');
  const issues = (error.details as { issues?: { path: string }[] } | undefined)?.issues ?? [];
  expect(
    issues.map((issue) => issue.path),
    error.message,
  ).toContain(path);
}

/** A latte: 18 g of coffee and 200 ml of whole milk; oat milk replaces the milk; an extra shot adds 9 g. */
async function buildLatte(price = 450) {
  const coffee = await createItem(kg, { name: uniqueName('Coffee beans') });
  const milk = await createItem(litre, { name: uniqueName('Whole milk') });
  const oat = await createItem(litre, { name: uniqueName('Oat milk') });
  await receive(coffee, 10_000, 25_000); // 2500 a kg
  await receive(milk, 10_000, 1_200); // 120 a litre
  await receive(oat, 10_000, 3_000); // 300 a litre
  const latte = await buildMenuItem(
    t,
    {
      name: uniqueName('Latte'),
      price,
      modifierGroups: [
        { name: 'Milk', minChoices: 0, maxChoices: 1, options: [{ name: 'Oat milk', priceDelta: 50 }] },
        { name: 'Extras', minChoices: 0, maxChoices: 1, options: [{ name: 'Extra shot', priceDelta: 80 }] },
      ],
    },
    { as: admin },
  );
  const [milkGroup, extras] = latte.modifierGroups as [
    MenuItem['modifierGroups'][number],
    MenuItem['modifierGroups'][number],
  ];
  const oatOption = milkGroup.options[0]?.id as string;
  const shotOption = extras.options[0]?.id as string;
  const body = {
    lines: [
      { inventoryItemId: coffee.id, quantity: '18', unitId: gram.id },
      { inventoryItemId: milk.id, quantity: '200', unitId: millilitre.id },
    ],
    options: [
      {
        optionId: oatOption,
        lines: [{ inventoryItemId: oat.id, quantity: '200', unitId: millilitre.id, replaces: milk.id }],
      },
      { optionId: shotOption, lines: [{ inventoryItemId: coffee.id, quantity: '9', unitId: gram.id }] },
    ],
  };
  return { coffee, milk, oat, latte, oatOption, shotOption, body };
}

/** A point-of-sale order (confirmed) moved on to completed by staff. */
async function complete(order: Order): Promise<Order> {
  const preparing = await movedOrder(t, order, 'preparing', staff);
  const ready = await movedOrder(t, preparing, 'ready', staff);
  return movedOrder(t, ready, 'completed', staff);
}

async function saleMovements(orderId: string) {
  return t.db
    .select({ itemId: stockMovements.itemId, quantity: stockMovements.quantity, type: stockMovements.type })
    .from(stockMovements)
    .where(and(eq(stockMovements.referenceType, 'order'), eq(stockMovements.referenceId, orderId)));
}

describe('GET /api/menu/items/{id}/recipe', () => {
  it('answers 401, 403, 400, 404 and the recipe (none yet: no lines)', async () => {
    const dish = await buildMenuItem(t, {}, { as: admin });
    const path = RECIPE_API.recipe(dish.id);
    await expectErrorBody(await t.get(path), 401, 'unauthenticated');
    for (const as of [customer, staff, manager]) {
      await expectErrorBody(await t.get(path, { as }), 403, 'permission-denied');
    }
    await expectErrorBody(
      await t.get(RECIPE_API.recipe('not-an-id'), { as: admin }),
      400,
      'invalid-argument',
    );
    await expectErrorBody(
      await t.get(RECIPE_API.recipe(crypto.randomUUID()), { as: admin }),
      404,
      'not-found',
    );
    expect(await readRecipe(dish.id)).toEqual({
      menuItemId: dish.id,
      version: null,
      price: 450,
      lines: [],
      options: [],
      cost: 0,
      foodCostPercent: 0,
      createdAt: null,
      updatedAt: null,
    });
  });
});

describe('PUT /api/menu/items/{id}/recipe', () => {
  it('answers 401, 403, 400 per field (changing nothing), 404, 200 and 409 on a stale version', async () => {
    const { latte, body, coffee, oatOption } = await buildLatte();
    const path = latte.id;
    await expectErrorBody(await putRecipe(path, body, null), 401, 'unauthenticated');
    for (const as of [customer, staff, manager]) {
      await expectErrorBody(await putRecipe(path, body, as), 403, 'permission-denied');
    }
    const line = { inventoryItemId: coffee.id, quantity: '18', unitId: gram.id };
    await expectFieldError(
      await putRecipe(path, { lines: [{ ...line, quantity: '0' }] }),
      'lines.0.quantity',
    );
    await expectFieldError(
      await putRecipe(path, { lines: [{ ...line, quantity: '1.2345' }] }),
      'lines.0.quantity',
    );
    await expectFieldError(await putRecipe(path, { lines: [{ ...line, quantity: 18 }] }), 'lines.0.quantity');
    await expectFieldError(await putRecipe(path, { lines: [line, line] }), 'lines.1.inventoryItemId');
    await expectFieldError(
      await putRecipe(path, { lines: [{ ...line, unitId: millilitre.id }] }),
      'lines.0.unitId',
    );
    await expectFieldError(
      await putRecipe(path, { lines: [{ ...line, unitId: piece.id }] }),
      'lines.0.unitId',
    );
    await expectFieldError(
      await putRecipe(path, { lines: [{ ...line, inventoryItemId: crypto.randomUUID() }] }),
      'lines.0.inventoryItemId',
    );
    await expectFieldError(
      await putRecipe(path, { lines: [line], options: [{ optionId: crypto.randomUUID(), lines: [line] }] }),
      'options.0.optionId',
    );
    await expectFieldError(
      await putRecipe(path, {
        lines: [line],
        options: [{ optionId: oatOption, lines: [{ ...line, replaces: crypto.randomUUID() }] }],
      }),
      'options.0.lines.0.replaces',
    );
    await expectFieldError(await putRecipe(path, { lines: [line], extra: true }), 'extra');
    await expectFieldError(
      await putRecipe(path, { lines: [{ ...line, quantity: '0.0001', unitId: gram.id }] }),
      'lines.0.quantity',
    );
    const archived = await createItem(kg);
    await t.patch(
      INVENTORY_API.item(archived.id),
      { active: false, version: archived.version },
      { as: admin },
    );
    await expectFieldError(
      await putRecipe(path, { lines: [{ inventoryItemId: archived.id, quantity: '1' }] }),
      'lines.0.inventoryItemId',
    );
    // Nothing was written by any refusal.
    expect((await readRecipe(path)).version).toBeNull();
    await expectErrorBody(await putRecipe(crypto.randomUUID(), body), 404, 'not-found');

    const saved = await savedRecipe(path, body);
    expect(saved.version).toBe(1);
    expect(saved.lines.map((entry) => [entry.quantity, entry.unitSymbol, entry.stockQuantity])).toEqual([
      ['18.000', 'g', '0.018'],
      ['200.000', 'ml', '0.200'],
    ]);
    const again = await savedRecipe(path, { ...body, version: 1 });
    expect(again.version).toBe(2);
    const stale = await expectErrorBody(await putRecipe(path, { ...body, version: 1 }), 409, 'aborted');
    expect(stale.details).toMatchObject({ reason: 'stale', version: 2 });
  });

  it('costs the dish and each option at the average cost, with the food cost percent', async () => {
    const { latte, body, oatOption, shotOption } = await buildLatte();
    const recipe = await savedRecipe(latte.id, body);
    // 0.018 kg × 2500 = 45; 0.2 l × 120 = 24.
    expect(recipe.lines.map((line) => line.cost)).toEqual([45, 24]);
    expect(recipe.cost).toBe(69);
    expect(recipe.foodCostPercent).toBe(15.3); // 69 / 450
    const oat = recipe.options.find((option) => option.optionId === oatOption);
    const shot = recipe.options.find((option) => option.optionId === shotOption);
    // 0.2 l × 300 = 60, replacing the milk's 24: +36; (69 + 36) / (450 + 50) = 21 %.
    expect(oat).toMatchObject({ optionName: 'Oat milk', cost: 60, costChange: 36, foodCostPercent: 21 });
    expect(oat?.lines[0]?.replaces).toBe(body.lines[1]?.inventoryItemId);
    // 0.009 kg × 2500 = 22.5, rounded half away from zero: 23; (69 + 23) / 530 = 17.36 %.
    expect(shot).toMatchObject({ cost: 23, costChange: 23, foodCostPercent: 17.4 });
  });

  it('keeps the options’ lines through an edit of the menu item that keeps the options', async () => {
    const { latte, body } = await buildLatte();
    await savedRecipe(latte.id, body);
    const response = await t.patchLatest(
      `/api/menu/items/${latte.id}`,
      {
        description: 'Now with a description',
        modifierGroups: [
          { name: 'Extras', minChoices: 0, maxChoices: 1, options: [{ name: 'Extra shot', priceDelta: 80 }] },
          { name: 'Milk', minChoices: 0, maxChoices: 1, options: [{ name: 'Oat milk', priceDelta: 50 }] },
        ],
      },
      { as: admin },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const edited = (await response.json()) as MenuItem;
    const newIds = edited.modifierGroups.flatMap((group) => group.options.map((option) => option.id));
    const recipe = await readRecipe(latte.id);
    expect(recipe.options.map((option) => option.optionName).sort()).toEqual(['Extra shot', 'Oat milk']);
    for (const option of recipe.options) expect(newIds).toContain(option.optionId);
    // An option taken off the item drops out of the recipe.
    await t.patchLatest(
      `/api/menu/items/${latte.id}`,
      {
        modifierGroups: [
          { name: 'Extras', minChoices: 0, maxChoices: 1, options: [{ name: 'Extra shot', priceDelta: 80 }] },
        ],
      },
      { as: admin },
    );
    expect((await readRecipe(latte.id)).options.map((option) => option.optionName)).toEqual(['Extra shot']);
  });

  it('removes the recipe when it is given no lines', async () => {
    const { latte, body } = await buildLatte();
    await savedRecipe(latte.id, body);
    const removed = await savedRecipe(latte.id, { lines: [], options: [] });
    expect(removed).toMatchObject({ version: null, lines: [], options: [], cost: 0 });
  });
});

describe('stock taken by completed orders', () => {
  it('converts units of one base: 18 g from a kg item leaves 0.982 kg', async () => {
    const coffee = await createItem(kg);
    await receive(coffee, 1_000, 2_500);
    const espresso = await buildMenuItem(t, { name: uniqueName('Espresso') }, { as: admin });
    await savedRecipe(espresso.id, {
      lines: [{ inventoryItemId: coffee.id, quantity: '18', unitId: gram.id }],
    });
    const order = await placedOrder(
      t,
      { type: 'takeaway', lines: [{ menuItemId: espresso.id, quantity: 1 }] },
      staff,
    );
    await complete(order);
    expect(await onHand(coffee)).toBe('0.982');
    expect(await saleMovements(order.id)).toEqual([{ itemId: coffee.id, quantity: '-0.018', type: 'sale' }]);
  });

  it('takes an option that adds and an option that replaces exactly, times each line’s quantity', async () => {
    const { latte, body, coffee, milk, oat, oatOption, shotOption } = await buildLatte();
    await savedRecipe(latte.id, body);
    const order = await placedOrder(
      t,
      {
        type: 'takeaway',
        lines: [
          { menuItemId: latte.id, quantity: 2, optionIds: [oatOption, shotOption] },
          { menuItemId: latte.id, quantity: 1 },
        ],
      },
      staff,
    );
    await complete(order);
    // Coffee: 2 × (18 + 9) g + 18 g = 72 g; whole milk: only the plain latte's 200 ml; oat: 2 × 200 ml.
    const movements = await saleMovements(order.id);
    expect(movements).toHaveLength(3);
    expect(Object.fromEntries(movements.map((movement) => [movement.itemId, movement.quantity]))).toEqual({
      [coffee.id]: '-0.072',
      [milk.id]: '-0.200',
      [oat.id]: '-0.400',
    });
    expect(await onHand(coffee)).toBe('9.928');
    expect(await onHand(milk)).toBe('9.800');
    expect(await onHand(oat)).toBe('9.600');
    const read = (await (await t.get(`/api/orders/${order.id}`, { as: staff })).json()) as OrderWithPayments;
    expect(read.stock).toEqual({ deducted: true, linesNotTaken: [] });
  });

  it('takes stock once when two devices complete the order at once', async () => {
    const { latte, body, coffee, milk } = await buildLatte();
    await savedRecipe(latte.id, body);
    const order = await placedOrder(
      t,
      { type: 'takeaway', lines: [{ menuItemId: latte.id, quantity: 1 }] },
      staff,
    );
    const preparing = await movedOrder(t, order, 'preparing', staff);
    const ready = await movedOrder(t, preparing, 'ready', staff);
    const answers = await Promise.all([
      moveOrder(t, ready, 'completed', staff),
      moveOrder(t, ready, 'completed', admin),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await saleMovements(order.id)).toHaveLength(2);
    expect(await onHand(coffee)).toBe('9.982');
    expect(await onHand(milk)).toBe('9.800');
    // Taking it again for the same order (a second completion's transaction) takes nothing.
    const completed = (await (await t.get(`/api/orders/${order.id}`, { as: staff })).json()) as Order;
    await Promise.all([
      withTransaction(t.db, (tx) => deductOrderStock(tx, null, completed)),
      withTransaction(t.db, (tx) => deductOrderStock(tx, null, completed)),
    ]);
    expect(await saleMovements(order.id)).toHaveLength(2);
    expect(await onHand(coffee)).toBe('9.982');
  });

  it('takes nothing for lines sent before the item had a recipe, and the order says so', async () => {
    const { latte, body, coffee } = await buildLatte();
    const before = await placedOrder(
      t,
      { type: 'takeaway', lines: [{ menuItemId: latte.id, quantity: 1 }] },
      staff,
    );
    const beforeRead = (await (
      await t.get(`/api/orders/${before.id}`, { as: staff })
    ).json()) as OrderWithPayments;
    expect(beforeRead.stock).toBeUndefined();
    await savedRecipe(latte.id, body);
    // Before it is completed, the order already says the line will take nothing.
    const pending = (await (
      await t.get(`/api/orders/${before.id}`, { as: staff })
    ).json()) as OrderWithPayments;
    expect(pending.stock).toEqual({ deducted: false, linesNotTaken: [before.lines[0]?.id] });
    const after = await placedOrder(
      t,
      { type: 'takeaway', lines: [{ menuItemId: latte.id, quantity: 1 }] },
      staff,
    );
    await complete(before);
    expect(await saleMovements(before.id)).toEqual([]);
    expect(await onHand(coffee)).toBe('10.000');
    const read = (await (await t.get(`/api/orders/${before.id}`, { as: staff })).json()) as OrderWithPayments;
    expect(read.stock).toEqual({ deducted: true, linesNotTaken: [before.lines[0]?.id] });
    await complete(after);
    expect(await onHand(coffee)).toBe('9.982');
  });

  it('gives the stock back when the completion is recalled, and takes it again on the next', async () => {
    const { latte, body, coffee } = await buildLatte();
    await savedRecipe(latte.id, body);
    const order = await placedOrder(
      t,
      { type: 'takeaway', lines: [{ menuItemId: latte.id, quantity: 3 }] },
      staff,
    );
    const completed = await complete(order);
    expect(await onHand(coffee)).toBe('9.946');
    const recalled = await t.post(
      `/api/orders/${order.id}/status`,
      { status: 'ready', version: completed.version, recall: true },
      { as: staff },
    );
    expect(recalled.status, await recalled.clone().text()).toBe(200);
    expect(await onHand(coffee)).toBe('10.000');
    await movedOrder(t, (await recalled.json()) as Order, 'completed', staff);
    expect(await onHand(coffee)).toBe('9.946');
  });

  it('takes nothing for an item without a recipe, and says nothing of it', async () => {
    const { latte, body, coffee } = await buildLatte();
    await savedRecipe(latte.id, body);
    const water = await buildMenuItem(t, { name: uniqueName('Water') }, { as: admin });
    const order = await placedOrder(
      t,
      {
        type: 'takeaway',
        lines: [
          { menuItemId: latte.id, quantity: 1 },
          { menuItemId: water.id, quantity: 1 },
        ],
      },
      staff,
    );
    await complete(order);
    expect(await onHand(coffee)).toBe('9.982');
    const read = (await (await t.get(`/api/orders/${order.id}`, { as: staff })).json()) as OrderWithPayments;
    expect(read.stock).toEqual({ deducted: true, linesNotTaken: [] });
  });
});
