import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isLowStock, quantityOf } from '../../../shared/contracts/inventory';
import { orderNumberLabel } from '../../../shared/contracts/orders';
import { divideHalfAwayFromZero, formatQuantity } from '../../../shared/quantity';
import { PreparedStatement } from '../../db/prepared';
import type { Tx } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { conflict, findPgError, notFound } from '../../lib/errors';
import { eventRowsCte, topicList } from '../events';
import { findUnits } from '../master-data';
import { notify } from '../notifications';
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

/** A sale of a completed order: what it takes of one item (thousandths of its stock unit, > 0). */
export interface StockSale {
  itemId: string;
  quantity: number;
}

/**
 * Posts the sales of a completed order (one per item) in one statement that writes the order's
 * deduction row (`order_stock_deductions`), locks the items' rows, values each sale, and writes the
 * movements, the items' totals and the change event. The rows stay locked from that statement to the
 * commit only, and the statement is prepared once per connection, so completions of the same dishes
 * (every order of a popular one) wait for each other as little as can be. A sale is valued by the rule
 * `applyStockChange` gives every movement but a receipt, here in SQL: `round(quantity × rate)` half
 * away from zero, or the whole remaining value when it leaves the item at exactly zero, the rate
 * unchanged (tests/api/stock-sales.test.ts holds the two to each other). An order takes its stock
 * once: when its deduction row is there already (two devices completing it at once), nothing is
 * locked or written and this returns false. An item left at or below its reorder level tells the
 * admins, as `postStockMovements` does.
 */
export async function postOrderSales(
  tx: Tx,
  actor: Actor | null,
  order: { id: string; number: number; linesNotTaken: string[] },
  sales: StockSale[],
): Promise<boolean> {
  let result: { rows: Record<string, unknown>[] };
  try {
    result = await ORDER_SALES.runInTransaction(tx, {
      orderId: order.id,
      linesNotTaken: `{${order.linesNotTaken.join(',')}}`,
      wanted: JSON.stringify(
        sales.map((sale) => ({ item_id: sale.itemId, quantity: formatQuantity(-sale.quantity) })),
      ),
      reason: `Order ${orderNumberLabel(order.number)}`,
      actorId: actor?.id ?? null,
    });
  } catch (error) {
    if (findPgError(error)?.code === '22003') {
      throw conflict('An item of this order cannot hold that much stock.', { reason: 'out-of-range' });
    }
    throw error;
  }
  const rows = result.rows as SaleRow[];
  if (rows.length === 0) return false;
  const lows = rows.flatMap((row) => {
    const onHand = quantityOf(row.on_hand);
    const level = row.reorder_level === null ? null : quantityOf(row.reorder_level);
    return level !== null && isLowStock(onHand, level) && !row.low_stock_notified
      ? [{ row: { id: row.id, name: row.name, unit_id: row.unit_id }, onHand, level }]
      : [];
  });
  if (lows.length > 0) await tellLowStock(tx, lows);
  return true;
}

const ORDER_SALES = new PreparedStatement(
  ['orderId', 'linesNotTaken', 'wanted', 'reason', 'actorId'],
  (v) => sql`
    with guard as (
      insert into order_stock_deductions (order_id, lines_not_taken)
      values (${v.orderId}::uuid, ${v.linesNotTaken}::uuid[])
      on conflict do nothing
      returning order_id
    ),
    wanted as (
      select * from jsonb_to_recordset(${v.wanted}::jsonb) as w(item_id uuid, quantity numeric)
    ),
    sold as materialized (
      select i.id, i.name, i.unit_id, i.on_hand, i.stock_value, i.average_cost, i.reorder_level,
             i.low_stock_notified, w.quantity,
             case when i.on_hand + w.quantity = 0 then -i.stock_value
                  else round(w.quantity * i.average_cost)::bigint end as value
        from inventory_items i
        join wanted w on w.item_id = i.id
       where exists (select 1 from guard)
       order by i.id
         for no key update of i
    ),
    moved as (
      insert into stock_movements (item_id, type, quantity, value, unit_cost, reference_type,
                                   reference_id, reason, actor_id)
      select id, 'sale', quantity, value, round(average_cost)::bigint, 'order', ${v.orderId}::uuid,
             ${v.reason}::text, ${v.actorId}::uuid
        from sold
      returning 1
    ),
    totals as (
      update inventory_items as item
         set on_hand = sold.on_hand + sold.quantity,
             stock_value = sold.stock_value + sold.value,
             low_stock_notified = sold.reorder_level is not null
                                  and sold.on_hand + sold.quantity <= sold.reorder_level,
             updated_at = clock_timestamp()
        from sold
       where item.id = sold.id
      returning 1
    ), ${eventRowsCte(topicList(['inventory']), sql`exists (select 1 from guard)`)}
    select id, name, unit_id, (on_hand + quantity)::text as on_hand, reorder_level::text as reorder_level,
           low_stock_notified
      from sold`,
);

type SaleRow = {
  id: string;
  name: string;
  unit_id: string;
  /** After the sale. */
  on_hand: string;
  reorder_level: string | null;
  /** Before the sale: whether the admins had been told already. */
  low_stock_notified: boolean;
};

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

/** A movement's row as the write statement reads it (`jsonb_to_recordset`). */
interface MovementRow {
  id: string;
  item_id: string;
  type: PostedMovement['type'];
  quantity: string;
  value: number;
  unit_cost: number;
  reference_type: string | null;
  reference_id: string | null;
  reason: string;
  note: string | null;
  actor_id: string | null;
  /** Null: now (`clock_timestamp()`, as the column's default). */
  created_at: string | null;
}

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

  const rows: MovementRow[] = [];
  const posted: PostedMovement[] = [];
  for (const [index, posting] of postings.entries()) {
    const createdAt = dates?.[index]?.toISOString() ?? null;
    const item = locked.get(posting.itemId) as LockedItem;
    const before = states.get(posting.itemId) as StockState;
    const step = applyStockChange(before, { quantity: posting.quantity, receiptCost: posting.receiptCost });
    if (Math.abs(step.state.onHand) > MAX_ON_HAND || step.state.rate > MAX_RATE) {
      throw conflict(`${item.name} cannot hold that much stock.`, { reason: 'out-of-range' });
    }
    states.set(posting.itemId, step.state);
    const common = {
      item_id: posting.itemId,
      reference_type: posting.reference?.type ?? null,
      reference_id: posting.reference?.id ?? null,
      reason: posting.reason.trim(),
      note: posting.note?.trim() || null,
      actor_id: actor?.id ?? null,
      created_at: createdAt,
    };
    const movement = {
      ...common,
      id: randomUUID(),
      type: posting.type,
      quantity: formatQuantity(posting.quantity),
      value: step.value,
      unit_cost: roundedRate(posting.receiptCost === undefined ? before.rate : step.state.rate),
    };
    rows.push(movement);
    posted.push({
      id: movement.id,
      itemId: posting.itemId,
      type: posting.type,
      quantity: posting.quantity,
      value: step.value,
    });
    if (step.revaluation !== 0) {
      const revaluation = {
        ...common,
        id: randomUUID(),
        type: 'revaluation' as const,
        quantity: '0',
        value: step.revaluation,
        unit_cost: roundedRate(step.state.rate),
        reason: 'Stock sold short, revalued at the cost received',
      };
      rows.push(revaluation);
      posted.push({
        id: revaluation.id,
        itemId: posting.itemId,
        type: 'revaluation',
        quantity: 0,
        value: step.revaluation,
      });
    }
  }

  const lows: { row: LockedItem; onHand: number; level: number }[] = [];
  const totals = ids.map((id) => {
    const row = locked.get(id) as LockedItem;
    const state = states.get(id) as StockState;
    const level = row.reorder_level === null ? null : quantityOf(row.reorder_level);
    const low = dates ? row.low_stock_notified : isLowStock(state.onHand, level);
    if (!dates && low && !row.low_stock_notified && level !== null) {
      lows.push({ row, onHand: state.onHand, level });
    }
    return {
      id,
      on_hand: formatQuantity(state.onHand),
      stock_value: state.stockValue,
      average_cost: rateText(state.rate),
      low,
    };
  });
  // One statement writes the movements, the items' totals and the change event: the items' rows stay
  // locked from their read to the commit, so the fewer round trips in between, the less two postings
  // of the same items (every sale of a popular dish) wait for each other. The version stays,
  // as stock is not one of the item's own fields and a form open on the item stays current.
  await tx.execute(sql`
    with moved as (
      insert into stock_movements (id, item_id, type, quantity, value, unit_cost, reference_type,
                                   reference_id, reason, note, actor_id, created_at)
      select m.id, m.item_id, m.type, m.quantity, m.value, m.unit_cost, m.reference_type,
             m.reference_id, m.reason, m.note, m.actor_id, coalesce(m.created_at, clock_timestamp())
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as m(
               id uuid, item_id uuid, type text, quantity numeric, value bigint, unit_cost bigint,
               reference_type text, reference_id uuid, reason text, note text, actor_id uuid,
               created_at timestamptz)
      returning 1
    ), totals as (
      update inventory_items as item
         set on_hand = t.on_hand,
             stock_value = t.stock_value,
             average_cost = t.average_cost,
             low_stock_notified = t.low,
             updated_at = clock_timestamp()
        from jsonb_to_recordset(${JSON.stringify(totals)}::jsonb) as t(
               id uuid, on_hand numeric, stock_value bigint, average_cost numeric, low boolean)
       where item.id = t.id
      returning 1
    ), ${eventRowsCte(topicList(['inventory']))}
    select (select count(*) from moved) as moved, (select count(*) from totals) as totals`);

  if (lows.length > 0) await tellLowStock(tx, lows);
  return posted;
}

function roundedRate(rate: bigint): number {
  return Number(divideHalfAwayFromZero(rate, 1_000_000n));
}

async function tellLowStock(
  tx: Tx,
  lows: { row: Pick<LockedItem, 'id' | 'name' | 'unit_id'>; onHand: number; level: number }[],
) {
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
