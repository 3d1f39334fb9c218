import { and, asc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/transaction';
import { orderDayTotals, orderLines, orders } from './orders.schema';

/** What the orders of a period add up to, for the modules that report on them. */

export interface PartnerOrder {
  id: string;
  number: number;
  partnerReference: string;
  completedAt: Date;
  total: number;
  currency: string;
}

/**
 * A partner's completed orders whose completion falls in `from` (inclusive) .. `to` (exclusive), oldest
 * first.
 */
export async function partnerOrdersCompleted(
  db: Queryable,
  partnerId: string,
  from: Date,
  to: Date,
): Promise<PartnerOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      partnerReference: orders.partnerReference,
      completedAt: orders.completedAt,
      total: orders.total,
      currency: orders.currency,
    })
    .from(orders)
    .where(
      and(
        eq(orders.partnerId, partnerId),
        eq(orders.status, 'completed'),
        gte(orders.completedAt, from),
        lt(orders.completedAt, to),
      ),
    )
    .orderBy(asc(orders.completedAt), asc(orders.number));
  return rows.map((row) => ({
    ...row,
    completedAt: row.completedAt ?? from,
    currency: row.currency.trim(),
  }));
}

export interface OrderPeriodTotals {
  placed: number;
  completed: number;
  cancelled: number;
  discounts: { count: number; amount: number };
  voids: { count: number; amount: number };
  comps: { count: number; amount: number };
}

/**
 * The orders of `from` (exclusive) .. `to` (inclusive): how many were placed (and of those, how many
 * were cancelled or rejected since), how many completed, the discounts of those placed, and the lines voided or comped in it (their value).
 */
export async function orderPeriodTotals(db: Queryable, from: Date, to: Date): Promise<OrderPeriodTotals> {
  const [placed] = await db
    .select({
      placed: sql<number>`count(*)::int`,
      cancelled: sql<number>`count(*) filter (where ${orders.status} in ('cancelled', 'rejected'))::int`,
      discountCount: sql<number>`count(*) filter (where ${orders.discount} > 0)::int`,
      discountAmount: sql<number>`coalesce(sum(${orders.discount}), 0)::bigint`,
    })
    .from(orders)
    .where(and(gt(orders.createdAt, from), lte(orders.createdAt, to), sql`${orders.status} <> 'merged'`));
  const [completed] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(gt(orders.completedAt, from), lte(orders.completedAt, to)));
  const lines = await db
    .select({
      kind: orderLines.voidKind,
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${orderLines.lineTotal}), 0)::bigint`,
    })
    .from(orderLines)
    .where(and(gt(orderLines.voidedAt, from), lte(orderLines.voidedAt, to)))
    .groupBy(orderLines.voidKind);
  const line = (kind: string) => {
    const found = lines.find((row) => row.kind === kind);
    return { count: found?.count ?? 0, amount: Number(found?.amount ?? 0) };
  };
  return {
    placed: placed?.placed ?? 0,
    completed: completed?.count ?? 0,
    cancelled: placed?.cancelled ?? 0,
    discounts: { count: placed?.discountCount ?? 0, amount: Number(placed?.discountAmount ?? 0) },
    voids: line('void'),
    comps: line('comp'),
  };
}

/** What completed orders add up to. */
export interface SalesTotals {
  orders: number;
  /** The lines at their prices, before discounts. */
  subtotal: number;
  discount: number;
  /** The part of `discount` coupons gave. */
  couponDiscount: number;
  serviceCharge: number;
  tax: number;
  /** The part of `tax` contained in prices (tax-inclusive orders). */
  taxInPrices: number;
  deliveryFee: number;
  total: number;
}

export interface SalesOfKind extends SalesTotals {
  type: string;
  source: string;
}

/**
 * The orders completed on the restaurant's days `fromDay` .. `toDay` (both included), summed by order
 * type and source, from the per-day totals the database keeps with every order (`order_day_totals`).
 */
export async function completedSalesBetween(
  db: Queryable,
  fromDay: string,
  toDay: string,
): Promise<SalesOfKind[]> {
  const rows = await db
    .select({
      type: orderDayTotals.type,
      source: orderDayTotals.source,
      orders: sql<string>`sum(${orderDayTotals.orders})`,
      subtotal: sql<string>`sum(${orderDayTotals.subtotal})`,
      discount: sql<string>`sum(${orderDayTotals.discount})`,
      couponDiscount: sql<string>`sum(${orderDayTotals.couponDiscount})`,
      serviceCharge: sql<string>`sum(${orderDayTotals.serviceCharge})`,
      tax: sql<string>`sum(${orderDayTotals.tax})`,
      taxInPrices: sql<string>`sum(${orderDayTotals.taxInPrices})`,
      deliveryFee: sql<string>`sum(${orderDayTotals.deliveryFee})`,
      total: sql<string>`sum(${orderDayTotals.total})`,
    })
    .from(orderDayTotals)
    .where(and(gte(orderDayTotals.day, fromDay), lte(orderDayTotals.day, toDay)))
    .groupBy(orderDayTotals.type, orderDayTotals.source)
    .orderBy(asc(orderDayTotals.type), asc(orderDayTotals.source));
  return rows
    .map((row) => ({
      type: row.type,
      source: row.source,
      orders: Number(row.orders),
      subtotal: Number(row.subtotal),
      discount: Number(row.discount),
      couponDiscount: Number(row.couponDiscount),
      serviceCharge: Number(row.serviceCharge),
      tax: Number(row.tax),
      taxInPrices: Number(row.taxInPrices),
      deliveryFee: Number(row.deliveryFee),
      total: Number(row.total),
    }))
    .filter((row) => row.orders !== 0 || row.total !== 0);
}

export interface OrderKind {
  number: number;
  type: string;
  source: string;
}

/** Each order's number, type and source, by id (for reports that break other records down by them). */
export async function orderKinds(
  db: Queryable,
  orderIds: readonly string[],
): Promise<Map<string, OrderKind>> {
  const kinds = new Map<string, OrderKind>();
  for (let start = 0; start < orderIds.length; start += 5000) {
    const rows = await db
      .select({ id: orders.id, number: orders.number, type: orders.type, source: orders.source })
      .from(orders)
      .where(inArray(orders.id, orderIds.slice(start, start + 5000)));
    for (const row of rows) kinds.set(row.id, { number: row.number, type: row.type, source: row.source });
  }
  return kinds;
}

/** The completed orders of each day `fromDay` .. `toDay` that had any, from the per-day totals. */
export async function completedSalesByDay(
  db: Queryable,
  fromDay: string,
  toDay: string,
): Promise<{ day: string; orders: number; sales: number }[]> {
  const rows = await db
    .select({
      day: orderDayTotals.day,
      orders: sql<string>`sum(${orderDayTotals.orders})`,
      sales: sql<string>`sum(${orderDayTotals.total})`,
    })
    .from(orderDayTotals)
    .where(and(gte(orderDayTotals.day, fromDay), lte(orderDayTotals.day, toDay)))
    .groupBy(orderDayTotals.day)
    .orderBy(asc(orderDayTotals.day));
  return rows.map((row) => ({ day: row.day, orders: Number(row.orders), sales: Number(row.sales) }));
}

/** The completed orders of a weekday (1 Monday .. 7 Sunday) and hour of the restaurant's clock. */
export interface OrderPatternCell {
  weekday: number;
  hour: number;
  orders: number;
  sales: number;
  /** Of them, how many went through confirmed and ready, their seconds in between, and how many took
   * longer than the amber and the red threshold. */
  prepOrders: number;
  prepSeconds: number;
  pastAmber: number;
  pastRed: number;
}

/**
 * The orders completed in `from` (inclusive) .. `to` (exclusive) by weekday and hour of completion in
 * `timeZone`, with their preparation times (confirmed to ready) against the board's thresholds: one
 * pass over the period's completed orders.
 */
export async function completedOrderPattern(
  db: Queryable,
  from: Date,
  to: Date,
  timeZone: string,
  thresholds: { amberMinutes: number; redMinutes: number },
): Promise<OrderPatternCell[]> {
  // Grouped first by quarter hour in UTC (every time zone's offset is a whole number of quarters),
  // then each quarter turned into the restaurant's weekday and hour: a few thousand conversions, not
  // one per order.
  const result = await db.execute<{
    weekday: number;
    hour: number;
    orders: number;
    sales: string;
    prep_orders: number;
    prep_seconds: string;
    past_amber: number;
    past_red: number;
  }>(sql`
    select extract(isodow from q.quarter at time zone ${timeZone})::int as weekday,
           extract(hour from q.quarter at time zone ${timeZone})::int as hour,
           sum(q.orders)::int as orders, sum(q.sales) as sales, sum(q.prep_orders)::int as prep_orders,
           sum(q.prep_seconds) as prep_seconds, sum(q.past_amber)::int as past_amber,
           sum(q.past_red)::int as past_red
      from (
        select date_bin('15 minutes', o.completed_at, timestamptz '2000-01-01 00:00:00+00') as quarter,
               count(*) as orders, sum(o.total) as sales,
               count(o.ready_at - o.confirmed_at) as prep_orders,
               coalesce(sum(extract(epoch from o.ready_at - o.confirmed_at)), 0) as prep_seconds,
               count(*) filter (where o.ready_at - o.confirmed_at > make_interval(mins => ${thresholds.amberMinutes})) as past_amber,
               count(*) filter (where o.ready_at - o.confirmed_at > make_interval(mins => ${thresholds.redMinutes})) as past_red
          from ${orders} o
         where o.status = 'completed' and o.completed_at >= ${from.toISOString()} and o.completed_at < ${to.toISOString()}
         group by 1) q
     group by 1, 2`);
  const rows = result.rows.map((row) => ({
    weekday: row.weekday,
    hour: row.hour,
    orders: row.orders,
    sales: row.sales,
    prepOrders: row.prep_orders,
    prepSeconds: row.prep_seconds,
    pastAmber: row.past_amber,
    pastRed: row.past_red,
  }));
  return rows.map((row) => ({
    ...row,
    sales: Number(row.sales),
    prepSeconds: Math.round(Number(row.prepSeconds)),
  }));
}

/**
 * The dishes the orders completed in `from` .. `to` (exclusive) sold, by menu item and name: quantity
 * made (voided lines left out) and revenue (comped lines given free), by revenue, at most `limit`.
 */
export async function dishesSold(
  db: Queryable,
  from: Date,
  to: Date,
  limit: number,
): Promise<{ menuItemId: string | null; name: string; quantity: number; revenue: number }[]> {
  // The period's completed orders from their index, then each one's lines by order (`offset 0` keeps
  // the planner from joining every line of the year instead).
  const result = await db.execute<{
    menu_item_id: string | null;
    name: string;
    quantity: string;
    revenue: string;
  }>(sql`
    select l.menu_item_id, l.name, sum(l.quantity) as quantity,
           coalesce(sum(l.line_total) filter (where l.void_kind is null), 0) as revenue
      from ${orders} o
      cross join lateral (
        select menu_item_id, name, quantity, line_total, void_kind from ${orderLines}
         where order_id = o.id and void_kind is distinct from 'void' offset 0) l
     where o.status = 'completed' and o.completed_at >= ${from.toISOString()} and o.completed_at < ${to.toISOString()}
     group by l.menu_item_id, l.name
     order by 4 desc, l.name
     limit ${limit}`);
  return result.rows.map((row) => ({
    menuItemId: row.menu_item_id,
    name: row.name,
    quantity: Number(row.quantity),
    revenue: Number(row.revenue),
  }));
}

/** The coupons the orders completed in `from` .. `to` (exclusive) used: orders and discount, by code. */
export async function couponUses(
  db: Queryable,
  from: Date,
  to: Date,
): Promise<{ code: string; orders: number; discount: number }[]> {
  const rows = await db
    .select({
      code: sql<string>`${orders.couponCode}`,
      orders: sql<number>`count(*)::int`,
      discount: sql<string>`sum(${orders.discount})`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'completed'),
        gte(orders.completedAt, from),
        lt(orders.completedAt, to),
        sql`${orders.couponCode} is not null`,
      ),
    )
    .groupBy(orders.couponCode)
    .orderBy(sql`3 desc`);
  return rows.map((row) => ({ code: row.code, orders: row.orders, discount: Number(row.discount) }));
}

/** Orders open now: accepted and not yet completed (confirmed, preparing, ready, out for delivery). */
export async function openOrderCount(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(inArray(orders.status, ['confirmed', 'preparing', 'ready', 'out-for-delivery']));
  return row?.count ?? 0;
}
