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
  const local = sql`(${orders.completedAt} at time zone ${timeZone})`;
  const prep = sql`extract(epoch from ${orders.readyAt} - ${orders.confirmedAt})`;
  const rows = await db
    .select({
      weekday: sql<number>`extract(isodow from ${local})::int`,
      hour: sql<number>`extract(hour from ${local})::int`,
      orders: sql<number>`count(*)::int`,
      sales: sql<string>`sum(${orders.total})`,
      prepOrders: sql<number>`count(${prep})::int`,
      prepSeconds: sql<string>`coalesce(sum(${prep}), 0)`,
      pastAmber: sql<number>`count(*) filter (where ${prep} > ${thresholds.amberMinutes * 60})::int`,
      pastRed: sql<number>`count(*) filter (where ${prep} > ${thresholds.redMinutes * 60})::int`,
    })
    .from(orders)
    .where(and(eq(orders.status, 'completed'), gte(orders.completedAt, from), lt(orders.completedAt, to)))
    // By position: the time zone is a parameter, so a repeated expression would not match.
    .groupBy(sql`1`, sql`2`);
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
  const rows = await db
    .select({
      menuItemId: orderLines.menuItemId,
      name: orderLines.name,
      quantity: sql<string>`sum(${orderLines.quantity})`,
      revenue: sql<string>`coalesce(sum(${orderLines.lineTotal}) filter (where ${orderLines.voidKind} is null), 0)`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.status, 'completed'),
        gte(orders.completedAt, from),
        lt(orders.completedAt, to),
        sql`${orderLines.voidKind} is distinct from 'void'`,
      ),
    )
    .groupBy(orderLines.menuItemId, orderLines.name)
    .orderBy(sql`4 desc`, asc(orderLines.name))
    .limit(limit);
  return rows.map((row) => ({
    menuItemId: row.menuItemId,
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
