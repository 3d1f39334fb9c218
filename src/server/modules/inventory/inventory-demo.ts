import { inArray, sql } from 'drizzle-orm';
import { quantityOf } from '../../../shared/contracts/inventory';
import { formatQuantity } from '../../../shared/quantity';
import type { Queryable, Tx } from '../../db/transaction';
import { publishChanges } from '../events';
import { inventoryItems, stockCountLines, stockCounts } from './inventory.schema';
import { recipes } from './recipes.schema';
import { recordStockHistory } from './stock-posting';

/**
 * The demo cafe's pantry (the demo seed and its removal only): a finished count of its past, and
 * the removal of its items, counts and recipes with their movements.
 */

/**
 * A count of every active item finished at `closedAt` (opened at `openedAt`), as `finishStockCount`
 * leaves one: each line expects the item's stock now (the history posted so far ends before
 * `closedAt`), the counted lines post one `count` movement of their difference, dated `closedAt`,
 * and the count keeps each line's difference and value and their total.
 */
export async function recordPastStockCount(
  tx: Tx,
  input: { openedAt: Date; closedAt: Date; note: string; counted: Map<string, number> },
): Promise<string> {
  const [count] = await tx
    .insert(stockCounts)
    .values({
      status: 'finished',
      note: input.note,
      closedAt: input.closedAt,
      createdAt: input.openedAt,
      valueDifference: 0,
    })
    .returning({ id: stockCounts.id });
  if (!count) throw new Error('stock count insert returned nothing');
  const items = await tx
    .select({ id: inventoryItems.id, onHand: sql<string>`${inventoryItems.onHand}::text` })
    .from(inventoryItems)
    .where(sql`${inventoryItems.active}`);
  const onHand = new Map(items.map((item) => [item.id, quantityOf(item.onHand)]));
  const postings = [...input.counted]
    .filter(([itemId, counted]) => onHand.has(itemId) && counted !== onHand.get(itemId))
    .map(([itemId, counted]) => ({
      itemId,
      type: 'count' as const,
      quantity: counted - (onHand.get(itemId) ?? 0),
      reference: { type: 'count' as const, id: count.id },
      reason: 'Stock count',
      at: input.closedAt,
    }));
  const posted = await recordStockHistory(tx, postings);
  const values = new Map<string, number>();
  for (const movement of posted)
    values.set(movement.itemId, (values.get(movement.itemId) ?? 0) + movement.value);
  await tx.insert(stockCountLines).values(
    items.map((item) => {
      const counted = input.counted.get(item.id);
      const before = onHand.get(item.id) ?? 0;
      return {
        countId: count.id,
        itemId: item.id,
        expected: formatQuantity(before),
        ...(counted === undefined
          ? {}
          : {
              counted: formatQuantity(counted),
              onHandAtCount: formatQuantity(before),
              countedAt: input.closedAt,
              difference: formatQuantity(counted - before),
              valueDifference: values.get(item.id) ?? 0,
            }),
      };
    }),
  );
  const total = [...values.values()].reduce((sum, value) => sum + value, 0);
  await tx.execute(sql`update stock_counts set value_difference = ${total} where id = ${count.id}`);
  await publishChanges(tx, ['inventory', 'inventory-counts']);
  return count.id;
}

/** How many of the given rows exist (the demo data card). */
export async function countInventoryRecordsIn(
  db: Queryable,
  kind: 'inventoryItems' | 'stockCounts' | 'recipes',
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const column =
    kind === 'inventoryItems'
      ? inventoryItems.id
      : kind === 'stockCounts'
        ? stockCounts.id
        : recipes.menuItemId;
  const table = kind === 'inventoryItems' ? inventoryItems : kind === 'stockCounts' ? stockCounts : recipes;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(table)
    .where(inArray(column, [...ids]));
  return row?.count ?? 0;
}

/** Deletes the given counts with their lines; answers how many went. */
export async function deleteStockCounts(tx: Tx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await tx
    .delete(stockCounts)
    .where(inArray(stockCounts.id, [...ids]))
    .returning({ id: stockCounts.id });
  if (deleted.length > 0) await publishChanges(tx, ['inventory-counts']);
  return deleted.length;
}

/** Deletes the recipes of the given menu items with their lines; answers how many went. */
export async function deleteRecipes(tx: Tx, menuItemIds: readonly string[]): Promise<number> {
  if (menuItemIds.length === 0) return 0;
  const deleted = await tx
    .delete(recipes)
    .where(inArray(recipes.menuItemId, [...menuItemIds]))
    .returning({ id: recipes.menuItemId });
  if (deleted.length > 0) await publishChanges(tx, ['inventory']);
  return deleted.length;
}

/**
 * Deletes an inventory item with its stock movements, the one deletion of movements there is
 * (`brigade.removing_demo_stock`, migration 0021, on for the rest of the caller's transaction). A
 * movement or item something else still refers to (a purchase order's receipt, a recipe, a count of
 * the owner's) makes it fail with 23503, and the caller's savepoint keeps both.
 */
export async function deleteInventoryItemWithStock(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`select set_config('brigade.removing_demo_stock', 'on', true)`);
  await tx.execute(sql`delete from stock_movements where item_id = ${id}`);
  await tx.execute(sql`delete from inventory_items where id = ${id}`);
  await publishChanges(tx, ['inventory']);
}

/**
 * Sets items' reorder and par levels (thousandths) without an audit entry or a version change: the
 * demo seed sets them from the sales it made up, right after creating the items.
 */
export async function setStockLevels(
  tx: Tx,
  levels: { itemId: string; reorderLevel: number; parLevel: number }[],
): Promise<void> {
  for (const level of levels) {
    await tx
      .update(inventoryItems)
      .set({ reorderLevel: formatQuantity(level.reorderLevel), parLevel: formatQuantity(level.parLevel) })
      .where(sql`${inventoryItems.id} = ${level.itemId}`);
  }
}

/** The names of the given items that exist, by id. */
export async function inventoryItemNames(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: inventoryItems.id, name: inventoryItems.name })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
