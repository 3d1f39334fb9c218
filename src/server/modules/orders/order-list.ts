import { and, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type {
  Order,
  OrderListSummary,
  OrderSource,
  OrderSummary,
  OrderType,
} from '../../../shared/contracts/orders';
import { UNSOLD_ORDER_STATUSES } from '../../../shared/contracts/orders';
import type { OrderStatus, PaymentStatus } from '../../../shared/order-status';
import type { Queryable } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { newestFirst, toPage } from '../../lib/pagination';
import { decide } from '../../policies';
import { presentRows } from './order-present';
import { orders } from './orders.schema';

/** Lists of orders and what is counted over them: the orders screen, its summary, the navigation badge. */

export interface OrderListQuery {
  status?: OrderStatus[];
  type?: OrderType[];
  source?: OrderSource[];
  paymentStatus?: PaymentStatus[];
  from?: Date;
  to?: Date;
  /** What `from` and `to` bound: when the order was placed (the default) or completed. */
  dateOf?: 'placed' | 'completed';
  search?: string;
  limit: number;
  cursor?: string;
}

/** Characters that mean "any" to ILIKE, escaped so a search for `50%` finds "50%". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Orders newest first: staff see every order, a customer only their own (never a list of all).
 * `search` finds an order number (`1042` or `#1042`), a customer's name or phone.
 */
export async function listOrders(db: Queryable, viewer: Actor, query: OrderListQuery) {
  const conditions = listConditions(viewer, query);
  const page = newestFirst(orders, query.cursor);
  const rows = await db
    .select()
    .from(orders)
    .where(and(...conditions, page.where))
    .orderBy(...page.orderBy)
    .limit(query.limit + 1);
  const pageRows = rows.slice(0, query.limit);
  const presented = await presentRows(db, pageRows, viewer);
  const byId = new Map(presented.map((order) => [order.id, order]));
  return toPage(rows, query.limit, (row) => byId.get(row.id) as Order);
}

/**
 * The whole list `listOrders` pages through for `query` (its filters, not its cursor or limit), in one
 * SQL aggregate: how many orders, how many of them cancelled or rejected, and the sum of the other
 * orders' totals per currency (cancelled and rejected orders were never sold, so they add nothing).
 */
export async function orderListSummary(
  db: Queryable,
  viewer: Actor,
  query: Omit<OrderListQuery, 'limit' | 'cursor'>,
): Promise<OrderListSummary> {
  const unsold = inArray(orders.status, [...UNSOLD_ORDER_STATUSES]);
  const rows = await db
    .select({
      currency: orders.currency,
      count: sql<number>`count(*)::int`,
      unsold: sql<number>`(count(*) filter (where ${unsold}))::int`,
      // A sum of bigints is a numeric: sent as text, exact; amounts stay far below 2^53.
      amount: sql<string>`coalesce(sum(${orders.total}) filter (where not ${unsold}), 0)::text`,
    })
    .from(orders)
    .where(and(...listConditions(viewer, query)))
    .groupBy(orders.currency)
    .orderBy(orders.currency);
  return {
    count: rows.reduce((sum, row) => sum + row.count, 0),
    unsold: rows.reduce((sum, row) => sum + row.unsold, 0),
    totals: rows
      .filter((row) => row.count > row.unsold)
      .map((row) => ({ currency: row.currency, amount: Number(row.amount) })),
  };
}

/** The conditions of a list of orders: who may see which, and the filters. */
function listConditions(viewer: Actor, query: Omit<OrderListQuery, 'limit' | 'cursor'>): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (!decide(viewer, 'order.list').allowed) conditions.push(eq(orders.customerId, viewer.id));
  if (query.status) conditions.push(inArray(orders.status, query.status));
  if (query.type) conditions.push(inArray(orders.type, query.type));
  if (query.source) conditions.push(inArray(orders.source, query.source));
  if (query.paymentStatus) conditions.push(inArray(orders.paymentStatus, query.paymentStatus));
  const moment = query.dateOf === 'completed' ? orders.completedAt : orders.createdAt;
  if (query.from) conditions.push(sql`${moment} >= ${query.from.toISOString()}`);
  if (query.to) conditions.push(sql`${moment} < ${query.to.toISOString()}`);
  const search = query.search?.trim();
  if (search) {
    const number = /^#?\s*(\d{1,15})$/.exec(search)?.[1];
    const text = or(
      ilike(orders.customerName, likePattern(search)),
      ilike(orders.customerPhone, likePattern(search)),
    );
    conditions.push(number ? or(eq(orders.number, Number(number)), text) : text);
  }
  return conditions;
}

/** The navigation badge (pending requests) and the tables that have open orders. */
export async function orderSummary(
  db: Queryable,
  ageThresholds: OrderSummary['ageThresholds'],
): Promise<OrderSummary> {
  const result = await db.execute(sql`
    select
      (select count(*)::int from orders where status = 'pending') as pending,
      (select count(*)::int from orders where status in ('confirmed', 'preparing', 'ready', 'out-for-delivery')) as open,
      coalesce((select json_agg(json_build_object('tableId', table_id, 'openOrders', n) order by table_id)
        from (select table_id, count(*)::int as n from orders
              where table_id is not null and status in ('pending', 'confirmed', 'preparing', 'ready', 'out-for-delivery')
              group by table_id) t), '[]'::json) as tables`);
  const row = result.rows[0] as { pending: number; open: number; tables: OrderSummary['tables'] };
  return { pendingRequests: row.pending, openOrders: row.open, tables: row.tables, ageThresholds };
}

/** How many of `customerId`'s order requests wait for the restaurant to accept them. */
export async function pendingRequestCount(db: Queryable, customerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.status, 'pending')));
  return row?.n ?? 0;
}
