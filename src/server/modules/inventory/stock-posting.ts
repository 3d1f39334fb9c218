import { sql } from 'drizzle-orm';
import { isLowStock, quantityOf } from '../../../shared/contracts/inventory';
import { divideHalfAwayFromZero, formatQuantity } from '../../../shared/quantity';
import type { Tx } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import { publishChange } from '../events';
import { findUnits } from '../master-data';
import { notify } from '../notifications';
import { stockMovements } from './inventory.schema';
import { applyStockChange, MAX_RATE, rateOf, rateText, type StockState } from './valuation';

/** Movements other modules post: sales of completed orders, receipts of purchase orders, counts. */
export type PostedMovementType = 'purchase-receipt' | 'sale' | 'adjustment' | 'waste' | 'count';

export interface StockPosting {
  itemId: string;
  type: PostedMovementType;
  /** Signed thousandths of the item's stock unit, never 0. */
  quantity: number;
  /** A purchase receipt's cost, in minor units: it moves the item's average cost. */
  receiptCost?: number;
  reference?: { type: 'order' | 'purchase-order' | 'count'; id: string };
  reason: string;
  note?: string | null;
}

export interface PostedMovement {
  id: string;
  itemId: string;
  type: PostedMovementType | 'revaluation';
  quantity: number;
  value: number;
}

/** The largest stock on hand the column holds (numeric(14,3)), in thousandths. */
const MAX_ON_HAND = 99_999_999_999_999;

type LockedItem = {
  id: string;
  name: string;
  unit_id: string;
  on_hand: string;
  stock_value: string | number;
  average_cost: string;
  reorder_level: string | null;
  low_stock_notified: boolean;
};

/** The items' rows, locked for this transaction in one order (by id), so two postings never deadlock. */
async function lockItems(tx: Tx, ids: string[]): Promise<Map<string, LockedItem>> {
  const result = await tx.execute<LockedItem>(sql`
    select id, name, unit_id, on_hand::text, stock_value, average_cost::text, reorder_level::text,
           low_stock_notified
      from inventory_items
     where id = any(${`{${ids.join(',')}}`}::uuid[])
     order by id
       for update`);
  return new Map(result.rows.map((row) => [row.id, row]));
}

/**
 * Posts movements and keeps every item's totals (on hand, stock value, average cost) with them, in
 * the caller's transaction, with the items' rows locked: movements posted at once are counted one
 * after the other and none is lost. Values follow `valuation.ts`. An item left at or below its
 * reorder level tells the admins once; it is told again only after it has been above the level.
 * Callers check what their own records allow (an archived item, a status); this refuses only an
 * unknown item (404) and a total the columns cannot hold (409).
 */
export function postStockMovements(
  tx: Tx,
  actor: Actor | null,
  postings: StockPosting[],
): Promise<PostedMovement[]> {
  return post(tx, actor, postings, null);
}

/** A movement of the past: posted as `postStockMovements` does, dated `at`. */
export type HistoricPosting = StockPosting & { at: Date };

/**
 * Records movements of the past (the demo cafe's months before its first start) by the rules of
 * `postStockMovements`, each dated its `at`: they are posted in time order (a stable sort), so every
 * item's on hand stays the sum of its movements and its value follows the same valuation. The caller
 * posts history oldest first across calls: a movement is always counted after those already there.
 * History tells nobody: an item left low keeps `low_stock_notified` as it was (false), so the first
 * real movement that leaves it low tells the admins.
 */
export function recordStockHistory(tx: Tx, postings: HistoricPosting[]): Promise<PostedMovement[]> {
  const sorted = [...postings].sort((a, b) => a.at.getTime() - b.at.getTime());
  return post(
    tx,
    null,
    sorted,
    sorted.map((posting) => posting.at),
  );
}

/** Rows per insert: far below PostgreSQL's 65,535 parameters a statement. */
const INSERT_BATCH = 2000;

async function post(
  tx: Tx,
  actor: Actor | null,
  postings: StockPosting[],
  /** Each posting's date (history), or null: now, telling admins of items left low. */
  dates: Date[] | null,
): Promise<PostedMovement[]> {
  if (postings.length === 0) return [];
  const ids = [...new Set(postings.map((posting) => posting.itemId))].sort();
  const locked = await lockItems(tx, ids);
  const states = new Map<string, StockState>();
  for (const id of ids) {
    const row = locked.get(id);
    if (!row) throw notFound('There is no inventory item with this id.');
    states.set(id, {
      onHand: quantityOf(row.on_hand),
      stockValue: Number(row.stock_value),
      rate: rateOf(row.average_cost),
    });
  }

  const rows: (typeof stockMovements.$inferInsert)[] = [];
  const posted: Omit<PostedMovement, 'id'>[] = [];
  for (const [index, posting] of postings.entries()) {
    const createdAt = dates?.[index];
    const item = locked.get(posting.itemId) as LockedItem;
    const before = states.get(posting.itemId) as StockState;
    const step = applyStockChange(before, { quantity: posting.quantity, receiptCost: posting.receiptCost });
    if (Math.abs(step.state.onHand) > MAX_ON_HAND || step.state.rate > MAX_RATE) {
      throw conflict(`${item.name} cannot hold that much stock.`, { reason: 'out-of-range' });
    }
    states.set(posting.itemId, step.state);
    const common = {
      itemId: posting.itemId,
      referenceType: posting.reference?.type ?? null,
      referenceId: posting.reference?.id ?? null,
      reason: posting.reason.trim(),
      note: posting.note?.trim() || null,
      actorId: actor?.id ?? null,
      ...(createdAt ? { createdAt } : {}),
    };
    rows.push({
      ...common,
      type: posting.type,
      quantity: formatQuantity(posting.quantity),
      value: step.value,
      unitCost: roundedRate(posting.receiptCost === undefined ? before.rate : step.state.rate),
    });
    posted.push({
      itemId: posting.itemId,
      type: posting.type,
      quantity: posting.quantity,
      value: step.value,
    });
    if (step.revaluation !== 0) {
      rows.push({
        ...common,
        type: 'revaluation',
        quantity: '0',
        value: step.revaluation,
        unitCost: roundedRate(step.state.rate),
        reason: 'Stock sold short, revalued at the cost received',
      });
      posted.push({ itemId: posting.itemId, type: 'revaluation', quantity: 0, value: step.revaluation });
    }
  }

  const inserted: { id: string }[] = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    inserted.push(...(await tx.insert(stockMovements).values(batch).returning({ id: stockMovements.id })));
  }
  const lows: { row: LockedItem; onHand: number; level: number }[] = [];
  const totals = ids.map((id) => {
    const row = locked.get(id) as LockedItem;
    const state = states.get(id) as StockState;
    const level = row.reorder_level === null ? null : quantityOf(row.reorder_level);
    if (dates) return { id, state, low: row.low_stock_notified };
    const low = isLowStock(state.onHand, level);
    if (low && !row.low_stock_notified && level !== null) lows.push({ row, onHand: state.onHand, level });
    return { id, state, low };
  });
  // One statement for every item; the version stays, as stock is not one of the item's own fields and
  // a form open on the item stays current.
  await tx.execute(sql`
    update inventory_items as item
       set on_hand = totals.on_hand,
           stock_value = totals.stock_value,
           average_cost = totals.average_cost,
           low_stock_notified = totals.low,
           updated_at = clock_timestamp()
      from unnest(${arrayOf(totals.map((t) => t.id))}::uuid[],
                  ${arrayOf(totals.map((t) => formatQuantity(t.state.onHand)))}::numeric[],
                  ${arrayOf(totals.map((t) => String(t.state.stockValue)))}::bigint[],
                  ${arrayOf(totals.map((t) => rateText(t.state.rate)))}::numeric[],
                  ${arrayOf(totals.map((t) => String(t.low)))}::boolean[])
           as totals(id, on_hand, stock_value, average_cost, low)
     where item.id = totals.id`);

  if (lows.length > 0) await tellLowStock(tx, lows);
  await publishChange(tx, 'inventory');
  return posted.map((movement, index) => ({ ...movement, id: inserted[index]?.id ?? '' }));
}

/** A PostgreSQL array literal of simple values (uuids, decimals, booleans: no quoting needed). */
function arrayOf(values: string[]): string {
  return `{${values.join(',')}}`;
}

function roundedRate(rate: bigint): number {
  return Number(divideHalfAwayFromZero(rate, 1_000_000n));
}

async function tellLowStock(tx: Tx, lows: { row: LockedItem; onHand: number; level: number }[]) {
  const units = await findUnits(
    tx,
    lows.map((low) => low.row.unit_id),
  );
  for (const { row, onHand, level } of lows) {
    const symbol = units.get(row.unit_id)?.symbol ?? '';
    await notify(
      tx,
      { roles: ['admin'] },
      {
        kind: 'low-stock',
        title: `Low stock: ${row.name}`,
        body: `${row.name} is at ${formatQuantity(onHand)} ${symbol}, at or below its reorder level of ${formatQuantity(level)} ${symbol}.`,
        link: `/inventory/${row.id}`,
      },
    );
  }
}
