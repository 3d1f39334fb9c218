import { eq } from 'drizzle-orm';
import type { OrderType } from '../../../shared/contracts/orders';
import type { OrderStatus } from '../../../shared/order-status';
import type { Queryable } from '../../db/transaction';
import { inIds } from '../../lib/resource';
import { orderLineOptions, orderLines, orders } from './orders.schema';

/**
 * Outlines for customer feedback: what the feedback page and Customer Feedback show of an order,
 * without prices, payments or the status history.
 */

/** An order as customer feedback shows it: its number, type, table, lines and when it moved on. */
export interface OrderOutline {
  id: string;
  number: number;
  type: OrderType;
  status: OrderStatus;
  tableName: string | null;
  /** The customer's account (null: a guest at the counter). */
  customerId: string | null;
  customerName: string;
  lines: { name: string; quantity: number; options: string[] }[];
  placedAt: Date;
  confirmedAt: Date | null;
  readyAt: Date | null;
  completedAt: Date | null;
}

const OUTLINE_COLUMNS = {
  id: orders.id,
  number: orders.number,
  type: orders.type,
  status: orders.status,
  tableName: orders.tableName,
  customerId: orders.customerId,
  customerName: orders.customerName,
  placedAt: orders.createdAt,
  confirmedAt: orders.confirmedAt,
  readyAt: orders.readyAt,
  completedAt: orders.completedAt,
};

type OutlineRow = Omit<OrderOutline, 'lines' | 'type' | 'status'> & { type: string; status: string };

/** The outlines of the given orders (those that exist), by id: three queries whatever their number. */
export async function orderOutlines(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, OrderOutline>> {
  const outlines = new Map<string, OrderOutline>();
  if (ids.length === 0) return outlines;
  const rows = await db
    .select(OUTLINE_COLUMNS)
    .from(orders)
    .where(inIds(orders.id, [...new Set(ids)]));
  for (const outline of await outlinesOf(db, rows)) outlines.set(outline.id, outline);
  return outlines;
}

/**
 * One order's outline with its secret key and no viewer's check, for the feedback page
 * (use-cases/leave-feedback.ts), whose own rule decides who may see it (the order's customer, staff or
 * whoever holds the key); null when there is no such order.
 */
export async function orderOutlineWithAccessKey(
  db: Queryable,
  id: string,
): Promise<{ outline: OrderOutline; accessKey: string } | null> {
  const [row] = await db
    .select({ ...OUTLINE_COLUMNS, accessKey: orders.accessKey })
    .from(orders)
    .where(eq(orders.id, id));
  if (!row) return null;
  const [outline] = await outlinesOf(db, [row]);
  return outline ? { outline, accessKey: row.accessKey } : null;
}

async function outlinesOf(db: Queryable, rows: OutlineRow[]): Promise<OrderOutline[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      position: orderLines.position,
      name: orderLines.name,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(
      inIds(
        orderLines.orderId,
        rows.map((row) => row.id),
      ),
    );
  const options = lines.length
    ? await db
        .select({
          lineId: orderLineOptions.lineId,
          position: orderLineOptions.position,
          name: orderLineOptions.name,
        })
        .from(orderLineOptions)
        .where(
          inIds(
            orderLineOptions.lineId,
            lines.map((line) => line.id),
          ),
        )
    : [];
  const optionsByLine = new Map<string, { position: number; name: string }[]>();
  for (const option of options) {
    optionsByLine.set(option.lineId, [...(optionsByLine.get(option.lineId) ?? []), option]);
  }
  const linesByOrder = new Map<string, typeof lines>();
  for (const line of lines) linesByOrder.set(line.orderId, [...(linesByOrder.get(line.orderId) ?? []), line]);
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    type: row.type as OrderType,
    status: row.status as OrderStatus,
    tableName: row.tableName,
    customerId: row.customerId,
    customerName: row.customerName,
    lines: (linesByOrder.get(row.id) ?? [])
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        name: line.name,
        quantity: line.quantity,
        options: (optionsByLine.get(line.id) ?? [])
          .sort((a, b) => a.position - b.position)
          .map((option) => option.name),
      })),
    placedAt: row.placedAt,
    confirmedAt: row.confirmedAt,
    readyAt: row.readyAt,
    completedAt: row.completedAt,
  }));
}
