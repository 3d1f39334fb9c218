import { eq, sql } from 'drizzle-orm';
import { orderNumberLabel } from '../../../shared/contracts/orders';
import {
  foodCostPercent,
  type OrderStock,
  type Recipe,
  type RecipeInputParsed,
  type RecipeLine,
  type RecipeOption,
} from '../../../shared/contracts/recipes';
import { amountAtRate, convertQuantity, formatQuantity, parseQuantity } from '../../../shared/quantity';
import type { Queryable, Tx } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { staleWrite } from '../../lib/versions';
import { recordAudit } from '../audit';
import { publishChange } from '../events';
import { findUnits } from '../master-data';
import { inventoryItems } from './inventory.schema';
import { orderStockDeductions, recipeLines, recipes } from './recipes.schema';
import { postOrderSales, postStockMovements } from './stock-posting';

/**
 * Recipes (docs/PRODUCT-RULES.md, Inventory): what a menu item and its options take out of stock,
 * and the taking itself when an order is completed. The menu item (its price and options) comes from
 * the caller (use-cases/menu-recipe.ts, use-cases/change-order-status.ts): this module does not read
 * the menu's tables.
 */

/** A menu item as a recipe needs it: its price and its options now. */
export interface RecipeMenuItem {
  id: string;
  price: number;
  options: { id: string; groupName: string; name: string; priceDelta: number }[];
}

/** An option is known by its group's and its own name, trimmed and in lower case. */
const nameKey = (name: string) => name.trim().toLowerCase();
const optionKey = (group: string, name: string) => `${nameKey(group)}\u0001${nameKey(name)}`;

const thousandths = (text: string) => {
  const parsed = parseQuantity(text);
  if (!parsed.ok) throw new RangeError(`not a quantity: ${text}`);
  return parsed.value;
};

function fieldError(path: string, message: string) {
  return badRequest(`Invalid request body: ${path}: ${message}`, { issues: [{ path, message }] });
}

type StoredLine = typeof recipeLines.$inferSelect;
type StoredRecipe = typeof recipes.$inferSelect & { lines: StoredLine[] };

async function loadStored(db: Queryable, menuItemId: string, lock = false): Promise<StoredRecipe | null> {
  const query = db.select().from(recipes).where(eq(recipes.menuItemId, menuItemId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  const lines = await db
    .select()
    .from(recipeLines)
    .where(eq(recipeLines.menuItemId, menuItemId))
    .orderBy(recipeLines.position);
  return { ...row, lines };
}

type ItemInfo = { id: string; name: string; unitId: string; averageCost: string; active: boolean };

async function findItems(db: Queryable, ids: string[]): Promise<Map<string, ItemInfo>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: inventoryItems.id,
      name: inventoryItems.name,
      unitId: inventoryItems.unitId,
      averageCost: sql<string>`${inventoryItems.averageCost}::text`,
      active: inventoryItems.active,
    })
    .from(inventoryItems)
    .where(sql`${inventoryItems.id} = any(${`{${unique.join(',')}}`}::uuid[])`);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The recipe of a menu item as the API answers it, costed at the items' average cost now. */
export async function presentRecipe(db: Queryable, menu: RecipeMenuItem): Promise<Recipe> {
  const stored = await loadStored(db, menu.id);
  const lines = stored?.lines ?? [];
  const items = await findItems(
    db,
    lines.map((line) => line.inventoryItemId),
  );
  const units = await findUnits(db, [
    ...lines.map((line) => line.unitId),
    ...[...items.values()].map((item) => item.unitId),
  ]);
  const present = (line: StoredLine): RecipeLine => {
    const item = items.get(line.inventoryItemId);
    const unit = units.get(line.unitId);
    const stockUnit = item ? units.get(item.unitId) : undefined;
    const given = thousandths(line.quantity);
    const stock =
      unit && stockUnit && unit.id !== stockUnit.id
        ? convertQuantity(given, unit.factor, stockUnit.factor)
        : given;
    return {
      inventoryItemId: line.inventoryItemId,
      inventoryItemName: item?.name ?? '',
      quantity: formatQuantity(given),
      unitId: line.unitId,
      unitSymbol: unit?.symbol ?? '',
      stockQuantity: formatQuantity(stock),
      stockUnitId: item?.unitId ?? '',
      stockUnitSymbol: stockUnit?.symbol ?? '',
      cost: item ? amountAtRate(stock, item.averageCost) : 0,
    };
  };
  const base = lines.filter((line) => line.optionGroup === null).map(present);
  const cost = base.reduce((sum, line) => sum + line.cost, 0);
  const baseCost = new Map(base.map((line) => [line.inventoryItemId, line.cost]));
  const options: RecipeOption[] = [];
  for (const option of menu.options) {
    const key = optionKey(option.groupName, option.name);
    const own = lines.filter(
      (line) => line.optionGroup !== null && optionKey(line.optionGroup, line.optionName ?? '') === key,
    );
    if (own.length === 0) continue;
    const presented = own.map((line) => ({ ...present(line), replaces: line.replacesItemId }));
    const optionCost = presented.reduce((sum, line) => sum + line.cost, 0);
    const replaced = new Set(presented.flatMap((line) => (line.replaces ? [line.replaces] : [])));
    const costChange = optionCost - [...replaced].reduce((sum, id) => sum + (baseCost.get(id) ?? 0), 0);
    options.push({
      optionId: option.id,
      groupName: option.groupName,
      optionName: option.name,
      priceDelta: option.priceDelta,
      lines: presented,
      cost: optionCost,
      costChange,
      foodCostPercent: foodCostPercent(cost + costChange, menu.price + option.priceDelta),
    });
  }
  return {
    menuItemId: menu.id,
    version: stored?.version ?? null,
    price: menu.price,
    lines: base,
    options,
    cost,
    foodCostPercent: foodCostPercent(cost, menu.price),
    createdAt: stored?.createdAt.toISOString() ?? null,
    updatedAt: stored?.updatedAt.toISOString() ?? null,
  };
}

/**
 * Replaces a menu item's recipe with `input`, in the caller's transaction, based on `version` when
 * given (an older one: 409 `stale`). Every inventory item must exist and be active, every unit must
 * convert to its item's stock unit, every option must be one of the item's now, and a `replaces`
 * must name an inventory item of the dish's own lines; otherwise a 400 naming the field. A recipe
 * left with no line at all is deleted (an order sent after a new one is made takes stock again).
 */
export async function saveRecipe(
  tx: Tx,
  actor: Actor | null,
  menu: RecipeMenuItem & { name: string },
  input: RecipeInputParsed,
): Promise<void> {
  // The row is locked: saves of one recipe run one after the other (two first saves at once: the
  // second's insert is refused by the primary key, a 409).
  const existing = await loadStored(tx, menu.id, true);
  if (input.version !== undefined && (existing?.version ?? null) !== input.version) {
    throw staleWrite(`the recipe of ${menu.name}`, existing?.version ?? 0);
  }
  const optionsById = new Map(menu.options.map((option) => [option.id, option]));
  const allLines = [
    ...input.lines.map((line, index) => ({ line, path: `lines.${index}` })),
    ...input.options.flatMap((option, optionIndex) =>
      option.lines.map((line, index) => ({ line, path: `options.${optionIndex}.lines.${index}` })),
    ),
  ];
  const items = await findItems(
    tx,
    allLines.map(({ line }) => line.inventoryItemId),
  );
  const units = await findUnits(tx, [
    ...allLines.flatMap(({ line }) => (line.unitId ? [line.unitId] : [])),
    ...[...items.values()].map((item) => item.unitId),
  ]);
  for (const { line, path } of allLines) {
    const item = items.get(line.inventoryItemId);
    if (!item) throw fieldError(`${path}.inventoryItemId`, 'is not an inventory item');
    if (!item.active) throw fieldError(`${path}.inventoryItemId`, `${item.name} is archived`);
    if (!line.unitId || line.unitId === item.unitId) continue;
    const unit = units.get(line.unitId);
    const stockUnit = units.get(item.unitId);
    if (!unit) throw fieldError(`${path}.unitId`, 'is not a unit');
    if (!unit.active) throw fieldError(`${path}.unitId`, 'is an archived unit');
    if (!stockUnit || unit.baseId !== stockUnit.baseId) {
      throw fieldError(
        `${path}.unitId`,
        `must be a unit that converts to ${stockUnit?.symbol ?? 'the item’s unit'}`,
      );
    }
    if (convertQuantity(thousandths(line.quantity), unit.factor, stockUnit.factor) === 0) {
      throw fieldError(`${path}.quantity`, `is less than 0.001 ${stockUnit.symbol} once converted`);
    }
  }
  const baseItems = new Set(input.lines.map((line) => line.inventoryItemId));
  input.options.forEach((option, optionIndex) => {
    if (!optionsById.has(option.optionId)) {
      throw fieldError(`options.${optionIndex}.optionId`, 'is not an option of this menu item');
    }
    option.lines.forEach((line, index) => {
      if (line.replaces && !baseItems.has(line.replaces)) {
        throw fieldError(
          `options.${optionIndex}.lines.${index}.replaces`,
          'must be the inventory item of one of the dish’s own lines',
        );
      }
    });
  });

  const rows: (typeof recipeLines.$inferInsert)[] = [];
  const row = (
    line: { inventoryItemId: string; quantity: string; unitId?: string | undefined; replaces?: string },
    option: { groupName: string; name: string } | null,
  ) => {
    const item = items.get(line.inventoryItemId) as ItemInfo;
    rows.push({
      menuItemId: menu.id,
      optionGroup: option ? nameKey(option.groupName) : null,
      optionName: option ? nameKey(option.name) : null,
      position: rows.length,
      inventoryItemId: line.inventoryItemId,
      quantity: formatQuantity(thousandths(line.quantity)),
      unitId: line.unitId ?? item.unitId,
      replacesItemId: line.replaces ?? null,
    });
  };
  for (const line of input.lines) row(line, null);
  for (const option of input.options) {
    const known = optionsById.get(option.optionId) as RecipeMenuItem['options'][number];
    for (const line of option.lines) row(line, { groupName: known.groupName, name: known.name });
  }

  if (existing) await tx.delete(recipeLines).where(eq(recipeLines.menuItemId, menu.id));
  if (rows.length === 0) {
    if (existing) await tx.delete(recipes).where(eq(recipes.menuItemId, menu.id));
  } else {
    if (existing) {
      await tx
        .update(recipes)
        .set({ version: sql`${recipes.version} + 1` })
        .where(eq(recipes.menuItemId, menu.id));
    } else {
      await tx.insert(recipes).values({ menuItemId: menu.id });
    }
    await tx.insert(recipeLines).values(rows);
  }
  await recordAudit(tx, actor, {
    area: 'inventory',
    action: rows.length === 0 ? 'inventory.recipe.removed' : 'inventory.recipe.updated',
    summary:
      rows.length === 0
        ? `Removed the recipe of ${menu.name}`
        : `Changed the recipe of ${menu.name}: ${input.lines.length} lines, ${input.options.length} options`,
    targetType: 'menu item',
    targetId: menu.id,
    before: existing ? { lines: existing.lines.length, version: existing.version } : null,
    after: { lines: rows.length },
  });
  await publishChange(tx, 'inventory');
}

// ---------------------------------------------------------------------------------------------------
// Taking stock for completed orders

/** An order as the taking of its stock needs it (the orders module's presented order fits). */
export interface StockOrder {
  id: string;
  number: number;
  lines: {
    id: string;
    menuItemId: string | null;
    quantity: number;
    /** When the line was sent to the kitchen. */
    sentAt: string;
    voided: boolean;
    options: { groupName: string; name: string }[];
  }[];
}

type RecipeRow = {
  menu_item_id: string;
  created_at: Date | string;
  option_group: string | null;
  option_name: string | null;
  inventory_item_id: string;
  quantity: string;
  replaces_item_id: string | null;
  from_factor: string;
  to_factor: string;
  same_unit: boolean;
  same_base: boolean;
};

type LoadedRecipe = {
  createdAt: number;
  /** The dish's own lines: stock thousandths by inventory item. */
  base: Map<string, number>;
  /** Each option's lines by option key. */
  options: Map<string, { itemId: string; quantity: number; replaces: string | null }[]>;
};

/** The recipes of the given menu items, each line's quantity in its item's stock unit, in one query. */
async function loadRecipes(db: Queryable, menuItemIds: string[]): Promise<Map<string, LoadedRecipe>> {
  const loaded = new Map<string, LoadedRecipe>();
  const unique = [...new Set(menuItemIds)];
  if (unique.length === 0) return loaded;
  const result = await db.execute<RecipeRow>(sql`
    select r.menu_item_id, r.created_at, l.option_group, l.option_name, l.inventory_item_id,
           l.quantity::text as quantity, l.replaces_item_id, lu.factor::text as from_factor,
           su.factor::text as to_factor, l.unit_id = i.unit_id as same_unit,
           coalesce(lu.base_unit_id, lu.id) = coalesce(su.base_unit_id, su.id) as same_base
      from recipes r
      left join recipe_lines l on l.menu_item_id = r.menu_item_id
      left join inventory_items i on i.id = l.inventory_item_id
      left join units lu on lu.id = l.unit_id
      left join units su on su.id = i.unit_id
     where r.menu_item_id = any(${`{${unique.join(',')}}`}::uuid[])
     order by r.menu_item_id, l.position`);
  for (const row of result.rows) {
    let recipe = loaded.get(row.menu_item_id);
    if (!recipe) {
      recipe = { createdAt: new Date(row.created_at).getTime(), base: new Map(), options: new Map() };
      loaded.set(row.menu_item_id, recipe);
    }
    // A line whose unit no longer converts to its item's stock unit (the item's unit was changed
    // before it had stock) cannot say how much it takes: it takes nothing until the recipe is saved again.
    if (!row.inventory_item_id || !row.same_base) continue;
    const given = thousandths(row.quantity);
    const quantity = row.same_unit ? given : convertQuantity(given, row.from_factor, row.to_factor);
    if (row.option_group === null) {
      recipe.base.set(row.inventory_item_id, quantity);
    } else {
      const key = `${row.option_group}\u0001${row.option_name ?? ''}`;
      const list = recipe.options.get(key) ?? [];
      list.push({ itemId: row.inventory_item_id, quantity, replaces: row.replaces_item_id });
      recipe.options.set(key, list);
    }
  }
  return loaded;
}

/**
 * What an order takes out of stock, by inventory item (thousandths of the stock unit), and the lines
 * that take nothing because they were sent to the kitchen before their item had a recipe. A voided
 * line was not made and takes nothing; a comped one was made and takes its stock. Each line takes
 * its dish's own lines and the lines of every option chosen, an option's line that replaces one of
 * the dish's own taking that one's place, all times the line's quantity.
 */
function orderUsage(order: StockOrder, loaded: Map<string, LoadedRecipe>) {
  const usage = new Map<string, number>();
  const linesNotTaken: string[] = [];
  for (const line of order.lines) {
    if (line.voided || !line.menuItemId) continue;
    const recipe = loaded.get(line.menuItemId);
    if (!recipe) continue;
    if (new Date(line.sentAt).getTime() < recipe.createdAt) {
      linesNotTaken.push(line.id);
      continue;
    }
    const taken = new Map(recipe.base);
    const added: { itemId: string; quantity: number }[] = [];
    for (const option of line.options) {
      for (const optionLine of recipe.options.get(optionKey(option.groupName, option.name)) ?? []) {
        if (optionLine.replaces) taken.delete(optionLine.replaces);
        added.push(optionLine);
      }
    }
    const add = (itemId: string, quantity: number) =>
      usage.set(itemId, (usage.get(itemId) ?? 0) + quantity * line.quantity);
    for (const [itemId, quantity] of taken) add(itemId, quantity);
    for (const { itemId, quantity } of added) add(itemId, quantity);
  }
  return { usage, linesNotTaken };
}

/**
 * What lines sold take out of stock, by inventory item (thousandths of the stock unit), by the rules
 * a completed order's lines follow (options added and replaced, times the quantity), with the
 * recipes as they are now: the demo cafe's sales of the days before its first start.
 */
export async function recipeStockUsage(
  db: Queryable,
  lines: { menuItemId: string; quantity: number; options: { groupName: string; name: string }[] }[],
): Promise<Map<string, number>> {
  const loaded = await loadRecipes(
    db,
    lines.map((line) => line.menuItemId),
  );
  const order: StockOrder = {
    id: '',
    number: 0,
    lines: lines.map((line, index) => ({
      ...line,
      id: String(index),
      voided: false,
      // Sold under the recipe: no line predates it.
      sentAt: new Date(8.64e15).toISOString(),
    })),
  };
  return orderUsage(order, loaded).usage;
}

/**
 * Takes a completed order's ingredients out of stock in the caller's transaction: one `sale`
 * movement per inventory item, referencing the order (`postOrderSales`: one statement writes the
 * order's deduction row, locks, values and writes). An order takes its stock once: a second
 * completion (two devices at once) finds the deduction row there and takes nothing.
 */
export async function deductOrderStock(tx: Tx, actor: Actor | null, order: StockOrder): Promise<OrderStock> {
  const loaded = await loadRecipes(
    tx,
    order.lines.flatMap((line) => (line.menuItemId ? [line.menuItemId] : [])),
  );
  const { usage, linesNotTaken } = orderUsage(order, loaded);
  const sales = [...usage].flatMap(([itemId, quantity]) => (quantity === 0 ? [] : [{ itemId, quantity }]));
  // An order with nothing to take and nothing to say (no recipes) writes nothing.
  if (sales.length === 0 && linesNotTaken.length === 0) return { deducted: false, linesNotTaken };
  const deducted =
    sales.length === 0
      ? (
          await tx
            .insert(orderStockDeductions)
            .values({ orderId: order.id, linesNotTaken })
            .onConflictDoNothing()
            .returning({ orderId: orderStockDeductions.orderId })
        ).length > 0
      : await postOrderSales(tx, actor, { id: order.id, number: order.number, linesNotTaken }, sales);
  return deducted ? { deducted: true, linesNotTaken } : stockNotes(tx, order);
}

/**
 * Gives back what a completed order took, when it is taken back from completed (a recall): the
 * opposite of its sale movements, per item, so the stock is as if it had not been completed; a
 * later completion takes it again. An order that took nothing is left as it is.
 */
export async function returnOrderStock(tx: Tx, actor: Actor | null, order: StockOrder): Promise<void> {
  const removed = await tx
    .delete(orderStockDeductions)
    .where(eq(orderStockDeductions.orderId, order.id))
    .returning({ orderId: orderStockDeductions.orderId });
  if (removed.length === 0) return;
  const result = await tx.execute<{ item_id: string; quantity: string }>(sql`
    select item_id, sum(quantity)::text as quantity
      from stock_movements
     where reference_type = 'order' and reference_id = ${order.id} and type = 'sale'
     group by item_id
    having sum(quantity) <> 0`);
  await postStockMovements(
    tx,
    actor,
    result.rows.map((row) => ({
      itemId: row.item_id,
      type: 'sale' as const,
      quantity: -thousandths(row.quantity),
      reference: { type: 'order' as const, id: order.id },
      reason: `Order ${orderNumberLabel(order.number)} taken back from completed`,
    })),
  );
}

/**
 * What the staff's order page says about stock: whether the order's stock was taken, and which lines
 * take (or took) none because they were sent before their item had a recipe; undefined when there is
 * nothing to say (an order that takes no stock at all, as every order before recipes).
 */
export async function orderStockNotes(db: Queryable, order: StockOrder): Promise<OrderStock | undefined> {
  const notes = await stockNotes(db, order);
  return notes.deducted || notes.linesNotTaken.length > 0 ? notes : undefined;
}

async function stockNotes(db: Queryable, order: StockOrder): Promise<OrderStock> {
  const [row] = await db
    .select({ linesNotTaken: orderStockDeductions.linesNotTaken })
    .from(orderStockDeductions)
    .where(eq(orderStockDeductions.orderId, order.id));
  if (row) return { deducted: true, linesNotTaken: row.linesNotTaken };
  const ids = order.lines.flatMap((line) => (line.menuItemId && !line.voided ? [line.menuItemId] : []));
  if (ids.length === 0) return { deducted: false, linesNotTaken: [] };
  const created = await db
    .select({ menuItemId: recipes.menuItemId, createdAt: recipes.createdAt })
    .from(recipes)
    .where(sql`${recipes.menuItemId} = any(${`{${[...new Set(ids)].join(',')}}`}::uuid[])`);
  const since = new Map(created.map((recipe) => [recipe.menuItemId, recipe.createdAt.getTime()]));
  return {
    deducted: false,
    linesNotTaken: order.lines
      .filter((line) => {
        if (line.voided || !line.menuItemId) return false;
        const at = since.get(line.menuItemId);
        return at !== undefined && new Date(line.sentAt).getTime() < at;
      })
      .map((line) => line.id),
  };
}

/**
 * What one portion of each menu item of `menuItemIds` that has a recipe costs now, in minor units: its
 * own recipe lines (no options) at their items' average cost.
 */
export async function portionCosts(
  db: Queryable,
  menuItemIds: readonly string[],
): Promise<Map<string, number>> {
  const loaded = await loadRecipes(db, [...menuItemIds]);
  const itemIds = [...new Set([...loaded.values()].flatMap((recipe) => [...recipe.base.keys()]))];
  const costs = new Map<string, number>();
  if (loaded.size === 0) return costs;
  const rates = new Map<string, string>();
  if (itemIds.length > 0) {
    const rows = await db
      .select({ id: inventoryItems.id, averageCost: inventoryItems.averageCost })
      .from(inventoryItems)
      .where(sql`${inventoryItems.id} = any(${`{${itemIds.join(',')}}`}::uuid[])`);
    for (const row of rows) rates.set(row.id, row.averageCost);
  }
  for (const [menuItemId, recipe] of loaded) {
    let cost = 0;
    for (const [itemId, quantity] of recipe.base) cost += amountAtRate(quantity, rates.get(itemId) ?? '0');
    costs.set(menuItemId, cost);
  }
  return costs;
}
