import { InventoryItemInputSchema, quantityOf } from '../../../shared/contracts/inventory';
import { RecipeInputSchema } from '../../../shared/contracts/recipes';
import { formatQuantity } from '../../../shared/quantity';
import type { Tx } from '../../db/transaction';
import {
  createInventoryItem,
  type HistoricPosting,
  recipeStockUsage,
  recordPastStockCount,
  recordStockHistory,
  saveRecipe,
  setStockLevels,
} from '../inventory';
import { menuItemsForSale } from '../menu';
import { recordPastPurchaseOrder } from '../purchase-orders';
import { DEMO_MENU } from './demo-data';
import {
  DEMO_DELIVERY_DAYS,
  DEMO_LOW_ITEMS,
  DEMO_PANTRY,
  DEMO_RECIPES,
  type DemoPantryItem,
  type DemoRecipeLine,
} from './demo-pantry-data';

/**
 * The demo cafe's pantry and its last 60 days (docs/PRODUCT-RULES.md, The demo restaurant): items
 * with units, suppliers and levels, a recipe for every dish and the options that change it, and a
 * history posted oldest first through the inventory's own posting rules: deliveries as purchase
 * orders received, the days' sales taken by the recipes, waste, one finished count ten days ago, and
 * at the end one purchase order partly received with a few items left low.
 */

export interface PantryRecords {
  inventoryItems: string[];
  recipes: string[];
  stockCounts: string[];
  purchaseOrders: string[];
}

const DAYS = 60;
const COUNT_DAY = 10;
/** The supplier whose last order is partly received. */
const PARTIAL_SUPPLIER = 'Hillcrest Dairy';
/**
 * The low items get no delivery in the last days (the dairy's last order leaves them out): short
 * enough that what they had lasts, so they end low but not below zero.
 */
const SHORT_DAYS = 3;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Routine waste: item, thousandths, reason, every how many days. */
const WASTE: [string, number, string, number][] = [
  ['Muffins and cookies', 2000, 'expired', 1],
  ['Croissant dough, frozen', 1000, 'expired', 2],
  ['Salad leaves', 150, 'spoiled', 4],
  ['Mixed berries', 120, 'spoiled', 5],
  ['Whole milk', 1000, 'dropped', 9],
  ['Avocados', 2000, 'spoiled', 6],
  ['Cake slices', 1000, 'staff-meal', 3],
];

/** Items the count found short (negative) or over, in per mille of the stock. */
const COUNT_FINDINGS: Record<string, number> = {
  'Espresso beans, house blend': -25,
  'Whole milk': -30,
  Tomatoes: -60,
  'Smoked bacon': -20,
  Bananas: 40,
  'Cold cups with lids': -15,
};

/** A repeatable pseudo-random number in [0, 1) for a day and a key. */
function jitter(day: number, key: number): number {
  const x = Math.sin(day * 12.9898 + key * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

/** Rounded up to a whole `step` (thousandths), at least one step. */
const roundUp = (quantity: number, step: number) => Math.max(step, Math.ceil(quantity / step) * step);

export async function writeDemoPantry(
  tx: Tx,
  context: { unitIds: Map<string, string>; supplierIds: Map<string, string>; menuItemIds: string[] },
): Promise<PantryRecords> {
  const now = Date.now();
  const records: PantryRecords = { inventoryItems: [], recipes: [], stockCounts: [], purchaseOrders: [] };
  const unitId = (symbol: string) => {
    const id = context.unitIds.get(symbol);
    if (!id) throw new Error(`the demo pantry names an unknown unit ${symbol}`);
    return id;
  };

  // Items, without levels: they follow from the sales below.
  const items = new Map<string, DemoPantryItem & { id: string }>();
  for (const [index, entry] of DEMO_PANTRY.entries()) {
    const supplierId = context.supplierIds.get(entry.supplier);
    if (!supplierId) throw new Error(`the demo pantry names an unknown supplier ${entry.supplier}`);
    const created = await createInventoryItem(
      tx,
      null,
      InventoryItemInputSchema.parse({
        name: entry.name,
        sku: `BC-${String(index + 1).padStart(3, '0')}`,
        group: entry.group,
        unitId: unitId(entry.unit),
        ...(entry.purchase
          ? { purchaseUnitId: unitId(entry.purchase.unit), purchaseFactor: entry.purchase.factor }
          : {}),
        preferredSupplierId: supplierId,
        storageArea: entry.area,
        storageOrder: index + 1,
      }),
    );
    items.set(entry.name, { ...entry, id: created.id });
    records.inventoryItems.push(created.id);
  }
  const itemId = (name: string) => {
    const found = items.get(name);
    if (!found) throw new Error(`a demo recipe names an unknown pantry item ${name}`);
    return found.id;
  };
  const line = ([name, quantity, unit]: DemoRecipeLine) => ({
    inventoryItemId: itemId(name),
    quantity,
    ...(unit ? { unitId: unitId(unit) } : {}),
  });

  // Recipes: every dish, and the options that change what it takes.
  const menu = await menuItemsForSale(tx, context.menuItemIds);
  const dishes = DEMO_MENU.map((demo, index) => {
    const item = menu.get(context.menuItemIds[index] as string);
    if (!item) throw new Error(`the demo menu item ${demo.name} is missing`);
    return item;
  });
  for (const dish of dishes) {
    const recipe = DEMO_RECIPES[dish.name];
    if (!recipe) throw new Error(`the demo dish ${dish.name} has no recipe`);
    const options = dish.modifierGroups.flatMap((group) =>
      group.options.map((option) => ({
        id: option.id,
        groupName: group.name,
        name: option.name,
        priceDelta: option.priceDelta,
      })),
    );
    const optionInputs = Object.entries(recipe.options ?? {}).map(([key, lines]) => {
      const option = options.find((candidate) => `${candidate.groupName}/${candidate.name}` === key);
      if (!option) throw new Error(`the demo recipe of ${dish.name} names an unknown option ${key}`);
      return {
        optionId: option.id,
        lines: lines.map((entry) =>
          Array.isArray(entry) ? line(entry) : { ...line(entry.line), replaces: itemId(entry.replaces) },
        ),
      };
    });
    await saveRecipe(
      tx,
      null,
      { id: dish.id, name: dish.name, price: dish.price, options },
      RecipeInputSchema.parse({ lines: recipe.lines.map(line), options: optionInputs }),
    );
    records.recipes.push(dish.id);
  }

  // The days' sales (index 1..DAYS: days ago), taken by the recipes' rules.
  const usage: Map<string, number>[] = [];
  const waste: Map<string, { quantity: number; reason: string }>[] = [];
  for (let day = DAYS; day >= 1; day--) {
    const weekday = new Date(now - day * DAY).getUTCDay();
    const busy = weekday === 0 || weekday === 6 ? 1.4 : 1;
    const lines = dishes.flatMap((dish, index) => {
      const popular = DEMO_MENU[index]?.tags.includes('popular');
      const sold = Math.round((popular ? 9 : 4) * busy * (0.6 + 0.8 * jitter(day, index)));
      if (sold === 0) return [];
      const required = dish.modifierGroups
        .filter((group) => group.minChoices > 0)
        .map((group) => group.options[(day + index) % group.options.length])
        .flatMap((option, groupIndex) => {
          const group = dish.modifierGroups.filter((candidate) => candidate.minChoices > 0)[groupIndex];
          return option && group ? [{ groupName: group.name, name: option.name }] : [];
        });
      const extras = Object.keys(DEMO_RECIPES[dish.name]?.options ?? {})
        .map((key) => key.split('/') as [string, string])
        .filter(
          ([group]) => dish.modifierGroups.find((candidate) => candidate.name === group)?.minChoices === 0,
        );
      const extra = extras[(day + index) % Math.max(1, extras.length)];
      const withExtra = extra ? Math.round(sold * 0.3) : 0;
      return [
        { menuItemId: dish.id, quantity: sold - withExtra, options: required },
        ...(withExtra > 0 && extra
          ? [
              {
                menuItemId: dish.id,
                quantity: withExtra,
                options: [...required, { groupName: extra[0], name: extra[1] }],
              },
            ]
          : []),
      ].filter((sale) => sale.quantity > 0);
    });
    usage[day] = await recipeStockUsage(tx, lines);
    const wasted = new Map<string, { quantity: number; reason: string }>();
    for (const [name, quantity, reason, every] of WASTE) {
      if (day % every === 0) wasted.set(itemId(name), { quantity, reason });
    }
    waste[day] = wasted;
  }
  const drawn = (id: string, day: number) =>
    (usage[day]?.get(id) ?? 0) + (waste[day]?.get(id)?.quantity ?? 0);

  // Levels: a reorder level of half a delivery cycle and a day, a par level of a cycle and two days.
  const levels = new Map<string, { reorder: number; par: number; step: number }>();
  for (const item of items.values()) {
    let total = 0;
    for (let day = DAYS; day >= 1; day--) total += drawn(item.id, day);
    const daily = total / DAYS;
    const cycle = DEMO_DELIVERY_DAYS[item.supplier] ?? 7;
    const step = item.purchase ? quantityOf(item.purchase.factor) : item.unit === 'pc' ? 1000 : 500;
    const fine = item.unit === 'pc' ? 1000 : 500;
    levels.set(item.id, {
      reorder: roundUp(daily * (cycle / 2 + 1), fine),
      par: roundUp(daily * (cycle + 2), fine) + fine,
      step,
    });
  }
  await setStockLevels(
    tx,
    [...levels].map(([id, level]) => ({ itemId: id, reorderLevel: level.reorder, parLevel: level.par })),
  );

  // The history, oldest first.
  const onHand = new Map([...items.values()].map((item) => [item.id, 0]));
  const low = new Set(DEMO_LOW_ITEMS.map(itemId));
  const suppliers = [...new Set(DEMO_PANTRY.map((item) => item.supplier))];
  for (let day = DAYS; day >= 1; day--) {
    const base = now - day * DAY;
    for (const supplier of suppliers) {
      const cycle = DEMO_DELIVERY_DAYS[supplier] ?? 7;
      if ((DAYS - day) % cycle !== 0) continue;
      // The supplier's last delivery before today is the one still partly to come.
      const last = day - cycle < 1;
      const lines: { item: DemoPantryItem & { id: string }; quantity: number; deliver: boolean }[] = [];
      for (const item of items.values()) {
        if (item.supplier !== supplier) continue;
        const level = levels.get(item.id) as { reorder: number; par: number; step: number };
        let need = 0;
        for (let ahead = day; ahead > Math.max(0, day - cycle); ahead--) need += drawn(item.id, ahead);
        const stock = onHand.get(item.id) ?? 0;
        const lowItem = low.has(item.id);
        // The dairy's last order names its short items; other low items are simply not reordered.
        if (lowItem && day <= SHORT_DAYS && !(last && supplier === PARTIAL_SUPPLIER)) continue;
        if (day !== DAYS && stock - need > level.reorder && !(lowItem && last)) continue;
        const wanted = Math.max(level.par + need - stock, level.step);
        const quantity = roundUp(wanted, level.step);
        lines.push({ item, quantity, deliver: !(lowItem && day <= SHORT_DAYS) });
      }
      if (lines.length === 0) continue;
      const quantities = new Map<number, number>();
      lines.forEach((entry, index) => {
        if (!entry.deliver) return;
        const factor = entry.item.purchase ? quantityOf(entry.item.purchase.factor) : 1000;
        quantities.set(index, (entry.quantity / factor) * 1000);
        onHand.set(entry.item.id, (onHand.get(entry.item.id) ?? 0) + entry.quantity);
      });
      const supplierId = context.supplierIds.get(supplier) as string;
      const id = await recordPastPurchaseOrder(tx, {
        supplierId,
        lines: lines.map((entry) => {
          const factor = entry.item.purchase ? quantityOf(entry.item.purchase.factor) : 1000;
          // Prices creep up a little over the two months, so the average cost moves.
          const unitCost = Math.round(entry.item.cost * (factor / 1000) * (1 + (DAYS - day) * 0.001));
          return {
            inventoryItemId: entry.item.id,
            quantity: formatQuantity((entry.quantity / factor) * 1000),
            ...(entry.item.purchase ? { unitId: unitId(entry.item.purchase.unit) } : {}),
            unitCost,
          };
        }),
        ...(quantities.size < lines.length
          ? { note: 'Oat milk, cream and yogurt short at the dairy: the rest follows.' }
          : {}),
        orderedAt: new Date(base - 36 * HOUR),
        expectedDate: new Date(base - 12 * HOUR).toISOString().slice(0, 10),
        deliveries: quantities.size > 0 ? [{ at: new Date(base - 12 * HOUR), quantities }] : [],
      });
      records.purchaseOrders.push(id);
    }

    // Nothing is binned or sold that is not on the shelf: a cafe out of oat milk sells no oat latte.
    const postings: HistoricPosting[] = [];
    const takeOut = (id: string, wanted: number) => {
      const taken = Math.min(wanted, Math.max(0, onHand.get(id) ?? 0));
      onHand.set(id, (onHand.get(id) ?? 0) - taken);
      return taken;
    };
    for (const [id, { quantity, reason }] of waste[day] ?? []) {
      const taken = takeOut(id, quantity);
      if (taken === 0) continue;
      postings.push({ itemId: id, type: 'waste', quantity: -taken, reason, at: new Date(base - 6 * HOUR) });
    }
    const label = new Date(base).toISOString().slice(0, 10);
    for (const [id, quantity] of usage[day] ?? []) {
      const taken = takeOut(id, quantity);
      if (taken === 0) continue;
      postings.push({
        itemId: id,
        type: 'sale',
        quantity: -taken,
        reason: `Sales of ${label}`,
        at: new Date(base - 2 * HOUR),
      });
    }
    await recordStockHistory(tx, postings);

    if (day === COUNT_DAY) {
      const counted = new Map<string, number>();
      for (const item of items.values()) {
        const stock = Math.max(0, onHand.get(item.id) ?? 0);
        const finding = COUNT_FINDINGS[item.name] ?? 0;
        const step = item.unit === 'pc' ? 1000 : 1;
        counted.set(item.id, Math.max(0, Math.round((stock * (1 + finding / 1000)) / step) * step));
      }
      records.stockCounts.push(
        await recordPastStockCount(tx, {
          openedAt: new Date(base - 90 * 60_000),
          closedAt: new Date(base - HOUR),
          note: 'Month-end count of the whole pantry',
          counted,
        }),
      );
      for (const [id, quantity] of counted) onHand.set(id, quantity);
    }
  }

  // What was not delivered and ran down: below the reorder level, ready to be reordered.
  const spoiled: HistoricPosting[] = [];
  for (const id of low) {
    const level = levels.get(id) as { reorder: number };
    const stock = onHand.get(id) ?? 0;
    const target = Math.floor(level.reorder / 2);
    if (stock > target) {
      spoiled.push({
        itemId: id,
        type: 'waste',
        quantity: target - stock,
        reason: 'spoiled',
        at: new Date(now - HOUR),
      });
    }
  }
  await recordStockHistory(tx, spoiled);
  return records;
}
