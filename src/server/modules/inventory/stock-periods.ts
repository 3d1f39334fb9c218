import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { quantityOf } from '../../../shared/contracts/inventory';
import { formatQuantity } from '../../../shared/quantity';
import type { Queryable } from '../../db/transaction';
import { inventoryItems, stockDayTotals, stockMovements } from './inventory.schema';

/** The value of the stock over the restaurant's days `fromDay` .. `toDay` (both included). */
export interface StockValuePeriod {
  /** At the start of `fromDay`: the value of every movement before it. */
  opening: number;
  /** The value deliveries brought in during the period (purchase receipts). */
  received: number;
  /** At the end of `toDay`. */
  closing: number;
}

/**
 * Read from the per-day totals the database keeps with every stock movement (`stock_day_totals`):
 * stock value is the sum of the movements' values, so a day's value is the sum of the days before it.
 */
export async function stockValueBetween(
  db: Queryable,
  fromDay: string,
  toDay: string,
): Promise<StockValuePeriod> {
  const [row] = await db
    .select({
      before: sql<string>`coalesce(sum(${stockDayTotals.valueChange}) filter (where ${lt(stockDayTotals.day, fromDay)}), 0)`,
      during: sql<string>`coalesce(sum(${stockDayTotals.valueChange}) filter (where ${gte(stockDayTotals.day, fromDay)}), 0)`,
      received: sql<string>`coalesce(sum(${stockDayTotals.received}) filter (where ${gte(stockDayTotals.day, fromDay)}), 0)`,
    })
    .from(stockDayTotals)
    .where(lte(stockDayTotals.day, toDay));
  const opening = Number(row?.before ?? 0);
  return { opening, received: Number(row?.received ?? 0), closing: opening + Number(row?.during ?? 0) };
}

export interface StockReceipt {
  id: string;
  itemId: string;
  itemName: string;
  /** In the item's stock unit, as decimal text. */
  quantity: string;
  /** What the delivery cost, in minor units. */
  value: number;
  reason: string;
  createdAt: Date;
}

/** The deliveries received in `from` (inclusive) .. `to` (exclusive), newest first, at most `limit`. */
export async function stockReceiptsBetween(
  db: Queryable,
  from: Date,
  to: Date,
  limit: number,
): Promise<StockReceipt[]> {
  const rows = await db
    .select({
      id: stockMovements.id,
      itemId: stockMovements.itemId,
      itemName: inventoryItems.name,
      quantity: stockMovements.quantity,
      value: stockMovements.value,
      reason: stockMovements.reason,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockMovements.itemId))
    .where(
      and(
        eq(stockMovements.type, 'purchase-receipt'),
        gte(stockMovements.createdAt, from),
        lt(stockMovements.createdAt, to),
      ),
    )
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, quantity: formatQuantity(quantityOf(row.quantity)) }));
}
