import { and, asc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/transaction';
import { orderLines, orders } from './orders.schema';

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
